// Create or edit a batch: name, start and end dates, linked courses and faculties (both found
// by a server search as the person types).
import { useState } from 'react';
import { DateInput } from '../../components/form/DateInput';
import { RecordFormDialog, type Problems } from '../../components/form/RecordFormDialog';
import { TextInput } from '../../components/form/TextInput';
import { documentIds } from '../../components/form/refPickerHelpers';
import { useSearchedPicker } from '../../components/form/useSearchedPicker';
import { MultiRefPicker } from '../courses';
import { useCourseSearchQuery } from '../test-authoring';
import {
  useCreateBatchMutation,
  useBatchFacultySearchQuery,
  useUpdateBatchMutation,
} from './batchesEndpoints';
import type { BatchPayload, BatchRow, CourseOption } from './batchesUrls';

export function validateBatch(name: string, start: string, end: string): Problems {
  const problems: Problems = {};
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
  const courses = useSearchedPicker<CourseOption>(batch?.courses, useCourseSearchQuery);
  const faculties = useSearchedPicker(batch?.faculties, useBatchFacultySearchQuery);
  const [createBatch] = useCreateBatchMutation();
  const [updateBatch] = useUpdateBatchMutation();

  const save = async () => {
    const payload: BatchPayload = {
      Batch: name.trim(),
      batch_start_date: start || null,
      batch_end_date: end || null,
      courses: documentIds(courses.value),
      faculties: documentIds(faculties.value),
    };
    if (batch) await updateBatch({ documentId: batch.documentId, payload }).unwrap();
    else await createBatch(payload).unwrap();
    onSaved();
  };

  return (
    <RecordFormDialog
      noun="batch"
      editing={batch !== null}
      problems={validateBatch(name, start, end)}
      failureText="The batch could not be saved."
      save={save}
      onClose={onClose}
    >
      {(shown) => (
        <>
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
          <MultiRefPicker label="Courses" {...courses} labelOf={(course) => course.course_name} />
          <MultiRefPicker
            label="Faculties"
            {...faculties}
            labelOf={(faculty) => faculty.FacultyName}
          />
        </>
      )}
    </RecordFormDialog>
  );
}
