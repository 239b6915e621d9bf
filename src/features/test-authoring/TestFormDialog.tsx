// Create or edit a test (staff): every field, attachments uploaded with progress, relations
// picked from the server (learners and courses by server search, never the whole table).
import {
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestLanguageOptionsQuery,
  MultiRefPicker,
  SingleRefPicker,
} from '../courses';
import { optionsOf } from '../../store/queryState';
import { useCallback, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { BatchRef, FacultyRef, StudentRef, Subject, TestLanguage } from '../courses';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import { isReviewAnswerKey, REVIEW_ANSWER_KEY_CHOICES } from './testLabels';
import { useCourseSearchQuery, useSaveTestMutation } from './testsEndpoints';
import type { CourseRef, PassMarkUnit, ReviewAnswerKey, Test, TestDetail } from './testTypes';
import { validateTest } from './testValidation';
import { useStaffingLock } from '../../session/useStaffingLock';
import { CategoryFields, useCategoryChoice } from './CategoryFields';

interface TestFormDialogProps {
  /** The test to edit (with its relations); none to create one. */
  test?: TestDetail | null;
  onSaved: (test: Test) => void;
  onClose: () => void;
}

// Stable label functions, so the memoised pickers skip renders of unrelated fields.
const courseLabel = (item: CourseRef) => item.course_name;
const languageLabel = (item: TestLanguage) => item.LanguageName;
const subjectLabel = (item: Subject) => item.SubjectName;
const facultyLabel = (item: FacultyRef) => item.FacultyName;
const batchLabel = (item: BatchRef) => item.Batch;
const studentLabel = (item: StudentRef) =>
  item.student_email ? `${item.StudentName} (${item.student_email})` : item.StudentName;

const ids = (items: readonly { documentId: string }[]) => items.map((item) => item.documentId);
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** What the person typed in a searched picker, once typing settles. */
const useTyped = (typed: string) => useDebouncedValue(typed.trim(), 350);

/** Chosen items stay listed while a search shows others. */
function withChosen<T extends { documentId: string }>(chosen: readonly T[], found: readonly T[]) {
  return [
    ...chosen,
    ...found.filter((item) => !chosen.some((c) => c.documentId === item.documentId)),
  ];
}

export function TestFormDialog({ test, onSaved, onClose }: TestFormDialogProps) {
  const [saveTest] = useSaveTestMutation();
  const [name, setName] = useState(test?.TestName ?? '');
  const [description, setDescription] = useState(test?.Description ?? '');
  const [duration, setDuration] = useState(text(test?.TestDuration));
  const [practice, setPractice] = useState(test?.enable_practice_test ?? false);
  const [instructions, setInstructions] = useState(test?.instructions ?? '');
  const [maxAttempts, setMaxAttempts] = useState(text(test?.max_attempts ?? 1));
  const [validFrom, setValidFrom] = useState(toLocalInput(test?.ValidFrom));
  const [validTo, setValidTo] = useState(toLocalInput(test?.ValidTo));
  const [maximumMarks, setMaximumMarks] = useState(text(test?.MaximumMarks));
  const [passMark, setPassMark] = useState(text(test?.PassMark));
  const [passMarkUnit, setPassMarkUnit] = useState<PassMarkUnit>(test?.pass_mark_unit ?? 'marks');
  const [reviewKey, setReviewKey] = useState<ReviewAnswerKey>(
    test?.review_answer_key ?? 'after_last_attempt',
  );
  const categoryChoice = useCategoryChoice(test);
  const [attachments, setAttachments] = useState<MediaFile[]>(test?.Attachments ?? []);
  const staffing = useStaffingLock();
  const [faculties, setFaculties] = useState<FacultyRef[]>(test?.faculties ?? []);
  const [batch, setBatch] = useState<BatchRef | null>(test?.batch ?? null);
  const [students, setStudents] = useState<StudentRef[]>(test?.students ?? []);
  const [language, setLanguage] = useState<TestLanguage | null>(test?.test_language ?? null);
  const [subjects, setSubjects] = useState<Subject[]>(test?.subjects ?? []);
  const [course, setCourse] = useState<CourseRef | null>(test?.course ?? null);

  const [studentText, setStudentText] = useState('');
  const [courseText, setCourseText] = useState('');
  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const languages = optionsOf(useTestLanguageOptionsQuery());
  const subjectOptions = optionsOf(useSubjectOptionsQuery());
  const batchOptions = optionsOf(useBatchOptionsQuery());
  const facultyOptions = optionsOf(useFacultyOptionsQuery());
  // Learners by server search once something is typed; courses from the first page on.
  const studentQuery = useTyped(studentText);
  const studentOptions = optionsOf(useStudentSearchQuery(studentQuery || skipToken));
  const courseOptions = optionsOf(useCourseSearchQuery(useTyped(courseText)));

  const problems = validateTest({
    name,
    duration,
    validFrom,
    validTo,
    maximumMarks,
    passMark,
    passMarkUnit,
    maxAttempts,
  });
  const shown = touched ? problems : {};
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const courseChoices = useMemo(
    () => withChosen(course ? [course] : [], courseOptions.items),
    [course, courseOptions.items],
  );
  const studentChoices = useMemo(
    () => withChosen(students, studentOptions.items),
    [students, studentOptions.items],
  );

  const save = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || uploading) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveTest({
        documentId: test?.documentId,
        payload: {
          TestName: name.trim(),
          Description: description,
          TestDuration: duration.trim() === '' ? null : Number(duration),
          enable_practice_test: practice,
          instructions,
          max_attempts: maxAttempts.trim() === '' ? 1 : Number(maxAttempts),
          ValidFrom: fromLocalInput(validFrom),
          ValidTo: fromLocalInput(validTo),
          MaximumMarks: maximumMarks.trim() === '' ? null : Number(maximumMarks),
          PassMark: passMark.trim() === '' ? null : Number(passMark),
          pass_mark_unit: passMarkUnit,
          review_answer_key: reviewKey,
          ...categoryChoice.payload,
          Attachments: attachments.map((file) => file.id),
          faculties: ids(faculties),
          batch: batch?.documentId ?? null,
          students: ids(students),
          test_language: language?.documentId ?? null,
          subjects: ids(subjects),
          course: course?.documentId ?? null,
        },
      }).unwrap();
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <FormDialog
      title={test ? 'Edit test' : 'New test'}
      submitLabel="Save test"
      saving={saving}
      submitDisabled={uploading}
      error={error}
      maxWidth="md"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Test name"
        value={name}
        onChange={setName}
        required
        autoFocus
        error={Boolean(shown.name)}
        helperText={shown.name}
      />
      <TextInput
        label="Description"
        value={description}
        onChange={setDescription}
        multiline
        minRows={2}
      />
      <Box sx={twoColumns}>
        <TextInput
          label="Duration (minutes)"
          type="number"
          value={duration}
          onChange={setDuration}
          error={Boolean(shown.duration)}
          helperText={shown.duration}
        />
        <TextInput
          label="Attempts allowed per learner"
          type="number"
          value={maxAttempts}
          onChange={setMaxAttempts}
          error={Boolean(shown.maxAttempts)}
          helperText={shown.maxAttempts ?? '0 = unlimited'}
        />
      </Box>
      <Box sx={twoColumns}>
        <FormControlLabel
          control={
            <Switch checked={practice} onChange={(event) => setPractice(event.target.checked)} />
          }
          label="Practice test enabled"
        />
        <SelectInput
          label="Show the answer key to learners"
          value={reviewKey}
          onChange={(value) => {
            if (isReviewAnswerKey(value)) setReviewKey(value);
          }}
          choices={REVIEW_ANSWER_KEY_CHOICES}
          helperText="Learners always see their own answers and score."
        />
      </Box>
      <TextInput
        label="Instructions"
        value={instructions}
        onChange={setInstructions}
        multiline
        minRows={3}
      />
      <Box sx={twoColumns}>
        <TextInput
          label="Valid from"
          type="datetime-local"
          value={validFrom}
          onChange={setValidFrom}
        />
        <TextInput
          label="Valid to"
          type="datetime-local"
          value={validTo}
          onChange={setValidTo}
          error={Boolean(shown.validTo)}
          helperText={shown.validTo}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextInput
          label="Maximum marks"
          type="number"
          value={maximumMarks}
          onChange={setMaximumMarks}
          error={Boolean(shown.maximumMarks)}
          helperText={shown.maximumMarks}
        />
        <TextInput
          label="Pass mark"
          type="number"
          value={passMark}
          onChange={setPassMark}
          error={Boolean(shown.passMark)}
          helperText={shown.passMark}
        />
        <SelectInput
          label="Pass mark unit"
          value={passMarkUnit}
          onChange={(value) => setPassMarkUnit(value === 'percent' ? 'percent' : 'marks')}
          choices={[
            { value: 'marks', label: 'Marks' },
            { value: 'percent', label: 'Per cent' },
          ]}
        />
      </Box>
      <CategoryFields choice={categoryChoice} />
      <MaterialsField
        label="Attachments"
        files={attachments}
        onChange={setAttachments}
        onBusyChange={onBusyChange}
        disabled={saving}
      />
      <Box sx={twoColumns}>
        <SingleRefPicker
          label="Course"
          options={courseChoices}
          loading={courseOptions.status === 'loading'}
          error={courseOptions.error}
          value={course}
          onChange={setCourse}
          onSearch={setCourseText}
          labelOf={courseLabel}
        />
        <SingleRefPicker
          label="Language"
          options={languages.items}
          loading={languages.status === 'loading'}
          error={languages.error}
          value={language}
          onChange={setLanguage}
          labelOf={languageLabel}
        />
      </Box>
      <MultiRefPicker
        label="Subjects"
        options={subjectOptions.items}
        loading={subjectOptions.status === 'loading'}
        error={subjectOptions.error}
        value={subjects}
        onChange={setSubjects}
        labelOf={subjectLabel}
      />
      <MultiRefPicker
        label="Faculties"
        options={facultyOptions.items}
        loading={facultyOptions.status === 'loading'}
        error={facultyOptions.error}
        value={faculties}
        onChange={setFaculties}
        disabled={staffing.locked}
        helperText={staffing.note}
        labelOf={facultyLabel}
      />
      <SingleRefPicker
        label="Batch"
        options={batchOptions.items}
        loading={batchOptions.status === 'loading'}
        error={batchOptions.error}
        value={batch}
        onChange={setBatch}
        labelOf={batchLabel}
      />
      <MultiRefPicker
        label="Learners"
        options={studentChoices}
        loading={studentOptions.status === 'loading'}
        error={studentOptions.error}
        value={students}
        onChange={setStudents}
        onSearch={setStudentText}
        labelOf={studentLabel}
        helperText="Type part of a name to search."
      />
    </FormDialog>
  );
}
