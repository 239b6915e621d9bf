// Create or edit an assignment (staff): every field of spec section 3, attachments uploaded with
// progress, relations picked from the server (WorkRelations, shared with the test form).
import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import { FormDialog } from '../../components/form/FormDialog';
import { numberInputText, numberOrNull } from '../../components/form/refPickerHelpers';
import { TextInput } from '../../components/form/TextInput';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { errorMessage } from '../../lib/strapi';
import { MaterialsField } from '../media';
import type { MediaFile } from '../media';
import {
  CategoryFields,
  useCategoryChoice,
  useWorkRelations,
  WorkRelationsFields,
} from '../test-authoring';
import { useSaveAssignmentMutation } from './assignmentsEndpoints';
import type { Assignment, AssignmentDetail } from './assignmentTypes';
import { validateAssignment } from './assignmentValidation';

interface AssignmentFormDialogProps {
  /** The assignment to edit (with its relations); none to create one. */
  assignment?: AssignmentDetail | null;
  onSaved: (assignment: Assignment) => void;
  onClose: () => void;
}

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
  const relations = useWorkRelations(assignment);

  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = validateAssignment({ name, duration, submissionDate, maximumMarks });
  const shown = touched ? problems : {};
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

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
          ...relations.payload,
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
        problem={shown.name}
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
          problem={shown.duration}
        />
        <TextInput
          label="Submission date"
          type="datetime-local"
          value={submissionDate}
          onChange={setSubmissionDate}
          problem={shown.submissionDate}
        />
        <TextInput
          label="Maximum marks"
          type="number"
          value={maximumMarks}
          onChange={setMaximumMarks}
          problem={shown.maximumMarks}
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
      <WorkRelationsFields relations={relations} />
    </FormDialog>
  );
}
