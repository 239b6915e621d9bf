// Create or edit an assignment (staff): every field of spec section 3 in the frame it shares with
// the test form (test-authoring's WorkFormDialog: name, description, categories, attachments,
// relations); its own field is the submission date.
import Box from '@mui/material/Box';
import { TextInput } from '../../components/form/TextInput';
import { useField } from '../../components/form/useField';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { WorkFormDialog } from '../test-authoring';
import { useSaveAssignmentMutation } from './assignmentsEndpoints';
import type { Assignment, AssignmentDetail } from './assignmentTypes';
import { validateAssignment } from './assignmentValidation';

interface AssignmentFormDialogProps {
  /** The assignment to edit (with its relations); none to create one. */
  assignment?: AssignmentDetail | null;
  onSaved: (assignment: Assignment) => void;
  onClose: () => void;
}

const threeColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
};

export function AssignmentFormDialog({ assignment, onSaved, onClose }: AssignmentFormDialogProps) {
  const [saveAssignment] = useSaveAssignmentMutation();
  const submissionDate = useField(toLocalInput(assignment?.assignment_submission_date));

  return (
    <WorkFormDialog
      noun="assignment"
      record={assignment}
      start={{
        name: assignment?.assignment_name,
        description: assignment?.assignment_description,
        duration: assignment?.assignment_duration,
        maximumMarks: assignment?.MaximumMarks,
      }}
      validate={(basics) => validateAssignment({ ...basics, submissionDate: submissionDate.value })}
      save={(basics, links) =>
        saveAssignment({
          documentId: assignment?.documentId,
          payload: {
            assignment_name: basics.name,
            assignment_description: basics.description,
            assignment_duration: basics.duration,
            assignment_submission_date: fromLocalInput(submissionDate.value),
            MaximumMarks: basics.maximumMarks,
            ...links,
            // Issue 23: a new assignment is a draft until it is published.
            ...(assignment ? {} : { status: 'draft' as const }),
          },
        }).unwrap()
      }
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ shown, duration, maximumMarks }) => (
        <Box sx={threeColumns}>
          {duration}
          <TextInput
            label="Submission date"
            type="datetime-local"
            {...submissionDate}
            problem={shown.submissionDate}
          />
          {maximumMarks}
        </Box>
      )}
    </WorkFormDialog>
  );
}
