// Create or edit an assignment (staff): every field of spec section 3, attachments uploaded with
// progress, relations picked from the server (learners and courses by server search).
import {
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useSubjectOptionsQuery,
  useTestLanguageOptionsQuery,
  useStudentSearchQuery,
  MultiRefPicker,
  SingleRefPicker,
} from '../courses';
import { optionsOf } from '../../store/queryState';
import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { FormDialog } from '../../components/form/FormDialog';
import {
  documentIds,
  numberInputText,
  numberOrNull,
  useSearchTerm,
  withChosen,
} from '../../components/form/refPickerHelpers';
import { TextInput } from '../../components/form/TextInput';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import type { BatchRef, FacultyRef, StudentRef, Subject, TestLanguage } from '../courses';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import { useCourseSearchQuery, CategoryFields, useCategoryChoice } from '../test-authoring';
import type { CourseRef } from '../test-authoring';
import { useSaveAssignmentMutation } from './assignmentsEndpoints';
import type { Assignment, AssignmentDetail } from './assignmentTypes';
import { validateAssignment } from './assignmentValidation';
import { useStaffingLock } from '../../session/useStaffingLock';

interface AssignmentFormDialogProps {
  /** The assignment to edit (with its relations); none to create one. */
  assignment?: AssignmentDetail | null;
  onSaved: (assignment: Assignment) => void;
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

export function AssignmentFormDialog({ assignment, onSaved, onClose }: AssignmentFormDialogProps) {
  const [saveAssignment] = useSaveAssignmentMutation();
  const [name, setName] = useState(assignment?.assignment_name ?? '');
  const [description, setDescription] = useState(assignment?.assignment_description ?? '');
  const [duration, setDuration] = useState(numberInputText(assignment?.assignment_duration));
  const [submissionDate, setSubmissionDate] = useState(
    toLocalInput(assignment?.assignment_submission_date),
  );
  const [maximumMarks, setMaximumMarks] = useState(numberInputText(assignment?.MaximumMarks));
  const categoryChoice = useCategoryChoice(assignment);
  const [attachments, setAttachments] = useState<MediaFile[]>(assignment?.Attachments ?? []);
  const staffing = useStaffingLock();
  const [faculties, setFaculties] = useState<FacultyRef[]>(assignment?.faculties ?? []);
  const [batch, setBatch] = useState<BatchRef | null>(assignment?.batch ?? null);
  const [students, setStudents] = useState<StudentRef[]>(assignment?.students ?? []);
  const [language, setLanguage] = useState<TestLanguage | null>(assignment?.test_language ?? null);
  const [subjects, setSubjects] = useState<Subject[]>(assignment?.subjects ?? []);
  const [course, setCourse] = useState<CourseRef | null>(assignment?.course ?? null);

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
  const studentSearch = useSearchTerm(studentText);
  const studentOptions = optionsOf(
    useStudentSearchQuery(studentSearch.term, { skip: studentSearch.skip }),
  );
  const courseSearch = useSearchTerm(courseText, true);
  const courseOptions = optionsOf(
    useCourseSearchQuery(courseSearch.term, { skip: courseSearch.skip }),
  );

  const problems = validateAssignment({ name, duration, submissionDate, maximumMarks });
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
      const saved = await saveAssignment({
        documentId: assignment?.documentId,
        payload: {
          assignment_name: name.trim(),
          assignment_description: description,
          assignment_duration: numberOrNull(duration),
          assignment_submission_date: fromLocalInput(submissionDate),
          MaximumMarks: numberOrNull(maximumMarks),
          ...categoryChoice.payload,
          Attachments: attachments.map((file) => file.id),
          faculties: documentIds(faculties),
          batch: batch?.documentId ?? null,
          students: documentIds(students),
          test_language: language?.documentId ?? null,
          subjects: documentIds(subjects),
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

  const columns = (count: number) => ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', sm: `repeat(${count}, 1fr)` },
  });

  return (
    <FormDialog
      title={assignment ? 'Edit assignment' : 'New assignment'}
      submitLabel="Save assignment"
      saving={saving}
      submitDisabled={uploading}
      error={error}
      maxWidth="md"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextInput
        label="Assignment name"
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
      <Box sx={columns(3)}>
        <TextInput
          label="Duration (minutes)"
          type="number"
          value={duration}
          onChange={setDuration}
          error={Boolean(shown.duration)}
          helperText={shown.duration}
        />
        <TextInput
          label="Submission date"
          type="datetime-local"
          value={submissionDate}
          onChange={setSubmissionDate}
          error={Boolean(shown.submissionDate)}
          helperText={shown.submissionDate}
        />
        <TextInput
          label="Maximum marks"
          type="number"
          value={maximumMarks}
          onChange={setMaximumMarks}
          error={Boolean(shown.maximumMarks)}
          helperText={shown.maximumMarks}
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
      <Box sx={columns(2)}>
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
