// Create or edit a course (staff): every field, the image uploaded with progress as soon as it
// is chosen, and pickers fed by the server (learners by server search, never the whole table).
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks';
import { FormDialog } from '../../components/form/FormDialog';
import { RequiredTextInput, useRequiredText } from '../../components/form/RequiredTextInput';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { errorMessage } from '../../lib/strapi';
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
import {
  BatchesPicker,
  CategoryPicker,
  FacultiesPicker,
  LanguagePicker,
  LearnersPicker,
  SubjectsPicker,
} from './RelationPickers';

interface CourseFormDialogProps {
  /** The course to edit (with its relations); none to create one. */
  course?: CourseDetail | null;
  onSaved: (course: Course) => void;
  onClose: () => void;
}

const ids = (items: readonly { documentId: string }[]) => items.map((item) => item.documentId);

export function CourseFormDialog({ course, onSaved, onClose }: CourseFormDialogProps) {
  const [saveCourse] = useSaveCourseMutation();
  const user = useAppSelector(selectUserInfo);
  const imageInputId = useId();

  const name = useRequiredText(course?.course_name ?? '', 'Enter the course name.');
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

  const [imageUpload, setImageUpload] = useState<{ name: string; percent: number } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const imageAbort = useRef<AbortController | null>(null);
  const [uploadFiles] = useUploadFilesMutation();
  const form = useFormSubmit(onClose);
  const { saving } = form.dialog;

  useEffect(() => () => imageAbort.current?.abort(), []);

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
    form.submit(name.problem !== null || imageUpload !== null, async () => {
      const saved = await saveCourse({
        documentId: course?.documentId,
        payload: {
          course_name: name.trimmed,
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
      <RequiredTextInput label="Course name" field={name} shown={form.shown} />
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
        <CategoryPicker value={category} onChange={setCategory} />
        <LanguagePicker value={language} onChange={setLanguage} />
      </Box>
      <SubjectsPicker
        value={subjects}
        onChange={setSubjects}
        helperText={course ? undefined : 'Each subject gets its course-content row.'}
      />
      <BatchesPicker value={batches} onChange={setBatches} />
      <FacultiesPicker value={faculties} onChange={setFaculties} />
      <LearnersPicker value={students} onChange={setStudents} />
    </FormDialog>
  );
}
