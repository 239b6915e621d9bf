// Create or edit a batch: name, start and end dates, linked courses and faculties (both found
// by a server search as the person types).
import { useState } from 'react';
import { DateInput } from '../../components/form/DateInput';
import { FormDialog } from '../../components/form/FormDialog';
import { TextInput } from '../../components/form/TextInput';
import { useSearchTerm, withChosen } from '../../components/form/refPickerHelpers';
import { errorMessage } from '../../lib/strapi';
import { MultiRefPicker } from '../courses';
import { optionsOf } from '../../store/queryState';
import { useCourseSearchQuery } from '../test-authoring';
import {
  useCreateBatchMutation,
  useBatchFacultySearchQuery,
  useUpdateBatchMutation,
} from './batchesEndpoints';
import type { BatchPayload, BatchRow, CourseOption, FacultyOption } from './batchesUrls';

type WithId<T> = T & { id: number };

function withIds<T extends { id?: number }>(items: readonly T[]): WithId<T>[] {
  return items.map((item, index) => ({ ...item, id: item.id ?? -(index + 1) }));
}

export function validateBatch(name: string, start: string, end: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!name.trim()) problems.name = 'Batch name is required.';
  if (start && end && end < start)
    problems.end = 'The end date must be on or after the start date.';
  return problems;
}

interface BatchFormDialogProps {
  batch: BatchRow | null;
  onClose: () => void;
  onSaved: () => void;
}

export function BatchFormDialog({ batch, onClose, onSaved }: BatchFormDialogProps) {
  const [name, setName] = useState(batch?.Batch ?? '');
  const [start, setStart] = useState(batch?.batch_start_date?.slice(0, 10) ?? '');
  const [end, setEnd] = useState(batch?.batch_end_date?.slice(0, 10) ?? '');
  const [courses, setCourses] = useState<WithId<CourseOption>[]>(withIds(batch?.courses ?? []));
  const [faculties, setFaculties] = useState<WithId<FacultyOption>[]>(
    withIds(batch?.faculties ?? []),
  );
  const [courseText, setCourseText] = useState('');
  const [facultyText, setFacultyText] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createBatch] = useCreateBatchMutation();
  const [updateBatch] = useUpdateBatchMutation();
  const courseSearch = useSearchTerm(courseText, true);
  const facultySearch = useSearchTerm(facultyText, true);
  const foundCourses = optionsOf(
    useCourseSearchQuery(courseSearch.term, { skip: courseSearch.skip }),
  );
  const foundFaculties = optionsOf(
    useBatchFacultySearchQuery(facultySearch.term, { skip: facultySearch.skip }),
  );
  const courseOptions = { ...foundCourses, items: withIds<CourseOption>(foundCourses.items) };
  const facultyOptions = { ...foundFaculties, items: withIds<FacultyOption>(foundFaculties.items) };
  const problems = validateBatch(name, start, end);
  const shown = touched ? problems : {};

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    const payload: BatchPayload = {
      Batch: name.trim(),
      batch_start_date: start || null,
      batch_end_date: end || null,
      courses: courses.map((course) => course.documentId),
      faculties: faculties.map((faculty) => faculty.documentId),
    };
    setSaving(true);
    setError(null);
    try {
      if (batch) await updateBatch({ documentId: batch.documentId, payload }).unwrap();
      else await createBatch(payload).unwrap();
      onSaved();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The batch could not be saved.'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={batch ? 'Edit batch' : 'New batch'}
      submitLabel="Save batch"
      saving={saving}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label="Batch name"
        value={name}
        onChange={setName}
        required
        autoFocus
        problem={shown.name}
      />
      <DateInput label="Start date" value={start} onChange={setStart} />
      <DateInput
        label="End date"
        value={end}
        onChange={setEnd}
        error={Boolean(shown.end)}
        helperText={shown.end}
      />
      <MultiRefPicker<WithId<CourseOption>>
        label="Courses"
        options={withChosen(courses, courseOptions.items)}
        loading={courseOptions.status === 'loading'}
        error={courseOptions.error}
        labelOf={(course) => course.course_name}
        value={courses}
        onChange={setCourses}
        onSearch={setCourseText}
      />
      <MultiRefPicker<WithId<FacultyOption>>
        label="Faculties"
        options={withChosen(faculties, facultyOptions.items)}
        loading={facultyOptions.status === 'loading'}
        error={facultyOptions.error}
        labelOf={(faculty) => faculty.FacultyName}
        value={faculties}
        onChange={setFaculties}
        onSearch={setFacultyText}
      />
    </FormDialog>
  );
}
