// Create or edit a course (staff): every field, the image uploaded with progress as soon as it
// is chosen, and pickers fed by the server (learners by server search, never the whole table).
import {
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestCategoryOptionsQuery,
  useTestLanguageOptionsQuery,
} from './pickListEndpoints';
import { optionsOf } from '../../store/queryState';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { errorMessage } from '../../lib/strapi';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { acceptOf, FILE_TYPE_NOT_ALLOWED, fileProblem, IMAGE_TYPES } from '../media';
import type { MediaFile } from '../media';
import { UploadProgress } from '../../components/feedback/UploadProgress';
import { useUploadFilesMutation } from '../media';
import { selectUserInfo } from '../../session/sessionSlice';
import type {
  BatchRef,
  Course,
  CourseDetail,
  FacultyRef,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from './courseTypes';
import { useSaveCourseMutation } from './coursesEndpoints';
import { MultiRefPicker, SingleRefPicker } from './RefPicker';
import { useStaffingLock } from '../../session/useStaffingLock';

interface CourseFormDialogProps {
  /** The course to edit (with its relations); none to create one. */
  course?: CourseDetail | null;
  onSaved: (course: Course) => void;
  onClose: () => void;
}

const ids = (items: readonly { documentId: string }[]) => items.map((item) => item.documentId);

/** Learners found by a server search once something is typed (and typing settles). */
function useStudentSearch(text: string) {
  const { term, skip } = useSearchTerm(text);
  return optionsOf(useStudentSearchQuery(skip ? skipToken : term));
}

export function CourseFormDialog({ course, onSaved, onClose }: CourseFormDialogProps) {
  const [saveCourse] = useSaveCourseMutation();
  const user = useAppSelector(selectUserInfo);
  const imageInputId = useId();

  const [name, setName] = useState(course?.course_name ?? '');
  const [description, setDescription] = useState(course?.course_description ?? '');
  const [outcome, setOutcome] = useState(course?.course_outcome ?? '');
  const [requirements, setRequirements] = useState(course?.course_requirements ?? '');
  const [isPublic, setPublic] = useState(course?.is_public ?? false);
  const [isActive, setActive] = useState(course?.is_active ?? true);
  const [image, setImage] = useState<MediaFile | null>(course?.course_image ?? null);
  const [category, setCategory] = useState<TestCategory | null>(course?.test_category ?? null);
  const [language, setLanguage] = useState<TestLanguage | null>(course?.test_language ?? null);
  const [subjects, setSubjects] = useState<Subject[]>(course?.subjects ?? []);
  const [batches, setBatches] = useState<BatchRef[]>(course?.batches ?? []);
  const [students, setStudents] = useState<StudentRef[]>(course?.students ?? []);
  const staffing = useStaffingLock();
  const [faculties, setFaculties] = useState<FacultyRef[]>(() => {
    if (course) return course.faculties ?? [];
    // A faculty member's new course is theirs: it then shows in their own list.
    const own = user?.faculty;
    if (own?.documentId) {
      const label = typeof own.FacultyName === 'string' ? own.FacultyName : (user?.username ?? '');
      return [{ id: own.id, documentId: own.documentId, FacultyName: label }];
    }
    return [];
  });

  const [studentText, setStudentText] = useState('');
  const [imageUpload, setImageUpload] = useState<{ name: string; percent: number } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const imageAbort = useRef<AbortController | null>(null);
  const [uploadFiles] = useUploadFilesMutation();
  const form = useFormSubmit(onClose);
  const { saving } = form.dialog;

  const categories = optionsOf(useTestCategoryOptionsQuery());
  const languages = optionsOf(useTestLanguageOptionsQuery());
  const subjectOptions = optionsOf(useSubjectOptionsQuery());
  const batchOptions = optionsOf(useBatchOptionsQuery());
  const facultyOptions = optionsOf(useFacultyOptionsQuery());
  const studentOptions = useStudentSearch(studentText);

  useEffect(() => () => imageAbort.current?.abort(), []);

  const nameProblem = name.trim() ? null : 'Enter the course name.';

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError(null);
    const problem = fileProblem(file, IMAGE_TYPES);
    if (problem) {
      setImageError(
        problem === FILE_TYPE_NOT_ALLOWED ? 'Choose a PNG, JPEG, GIF or WebP image.' : problem,
      );
      return;
    }
    const controller = new AbortController();
    imageAbort.current = controller;
    setImageUpload({ name: file.name, percent: 0 });
    try {
      const upload = uploadFiles({
        files: [file],
        onProgress: (percent) => setImageUpload({ name: file.name, percent }),
      });
      controller.signal.addEventListener('abort', () => upload.abort());
      const [stored] = await upload.unwrap();
      if (stored) setImage(stored);
    } catch (failure) {
      if (!controller.signal.aborted)
        setImageError(errorMessage(failure, 'The image could not be uploaded.'));
    } finally {
      imageAbort.current = null;
      setImageUpload(null);
    }
  };

  const save = () =>
    form.submit(nameProblem !== null || imageUpload !== null, async () => {
      const saved = await saveCourse({
        documentId: course?.documentId,
        payload: {
          course_name: name.trim(),
          course_description: description,
          course_outcome: outcome,
          course_requirements: requirements,
          is_public: isPublic,
          is_active: isActive,
          course_image: image?.id ?? null,
          test_category: category?.documentId ?? null,
          test_language: language?.documentId ?? null,
          subjects: ids(subjects),
          batches: ids(batches),
          students: ids(students),
          faculties: ids(faculties),
        },
      }).unwrap();
      onSaved(saved);
    });

  // Learners already chosen stay listed while the search shows others.
  const studentChoices = [
    ...students,
    ...studentOptions.items.filter(
      (item) => !students.some((s) => s.documentId === item.documentId),
    ),
  ];

  return (
    <FormDialog
      {...form.dialog}
      title={course ? 'Edit course' : 'New course'}
      submitLabel={course ? 'Save course' : 'Create course'}
      submitDisabled={imageUpload !== null}
      maxWidth="md"
      dividers
      onSubmit={save}
    >
      <TextInput
        label="Course name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={form.shown(nameProblem)}
      />
      <TextInput
        label="Description"
        value={description}
        onChange={setDescription}
        multiline
        minRows={3}
      />
      <TextInput label="Outcome" value={outcome} onChange={setOutcome} multiline minRows={2} />
      <TextInput
        label="Requirements"
        value={requirements}
        onChange={setRequirements}
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
          }
          label="Public (every learner sees it)"
        />
        <FormControlLabel
          control={
            <Switch checked={isActive} onChange={(event) => setActive(event.target.checked)} />
          }
          label="Active"
        />
      </Box>

      <Box>
        <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
          Course image
        </Typography>
        {image ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography variant="body2">{image.name}</Typography>
            <Button size="small" onClick={() => setImage(null)} disabled={saving}>
              Remove image
            </Button>
          </Box>
        ) : null}
        {imageUpload ? (
          <UploadProgress
            name={imageUpload.name}
            percent={imageUpload.percent}
            onCancel={() => imageAbort.current?.abort()}
          />
        ) : (
          <Button
            component="label"
            htmlFor={imageInputId}
            variant="outlined"
            size="small"
            disabled={saving}
          >
            {image ? 'Replace image' : 'Choose image'}
            <input
              id={imageInputId}
              type="file"
              hidden
              accept={acceptOf(IMAGE_TYPES)}
              aria-label="Course image"
              onChange={(event) => void onImage(event)}
            />
          </Button>
        )}
        {imageError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {imageError}
          </Alert>
        ) : null}
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SingleRefPicker
          label="Category"
          options={categories.items}
          loading={categories.status === 'loading'}
          error={categories.error}
          value={category}
          onChange={setCategory}
          labelOf={(item) => item.CategoryName}
        />
        <SingleRefPicker
          label="Language"
          options={languages.items}
          loading={languages.status === 'loading'}
          error={languages.error}
          value={language}
          onChange={setLanguage}
          labelOf={(item) => item.LanguageName}
        />
      </Box>
      <MultiRefPicker
        label="Subjects"
        options={subjectOptions.items}
        loading={subjectOptions.status === 'loading'}
        error={subjectOptions.error}
        value={subjects}
        onChange={setSubjects}
        labelOf={(item) => item.SubjectName}
        helperText={course ? undefined : 'Each subject gets its course-content row.'}
      />
      <MultiRefPicker
        label="Batches"
        options={batchOptions.items}
        loading={batchOptions.status === 'loading'}
        error={batchOptions.error}
        value={batches}
        onChange={setBatches}
        labelOf={(item) => item.Batch}
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
        labelOf={(item) => item.FacultyName}
      />
      <MultiRefPicker
        label="Learners"
        options={studentChoices}
        loading={studentOptions.status === 'loading'}
        error={studentOptions.error}
        value={students}
        onChange={setStudents}
        onSearch={setStudentText}
        labelOf={(item) =>
          item.student_email ? `${item.StudentName} (${item.student_email})` : item.StudentName
        }
        helperText="Type part of a name to search."
      />
    </FormDialog>
  );
}
