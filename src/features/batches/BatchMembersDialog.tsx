// A batch's learners: remove some, add others found by a server search, then save the list
// (one PUT of the batch's students).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { queryErrorMessage } from '../../store/api';
import {
  useBatchMembersQuery,
  useBatchLearnerSearchQuery,
  useSaveBatchMembersMutation,
} from './batchesEndpoints';
import { Spinner } from '../../components/feedback/Spinner';
import { FormDialog } from '../../components/form/FormDialog';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { errorMessage } from '../../lib/strapi';
import { MultiRefPicker } from '../courses';
import { mapOptions, optionsOf } from '../../store/queryState';
import type { BatchMember, BatchRow } from './batchesUrls';

type Member = BatchMember & { id: number };

interface BatchMembersDialogProps {
  batch: BatchRow;
  onClose: () => void;
  onSaved: (count: number) => void;
}

export function BatchMembersDialog({ batch, onClose, onSaved }: BatchMembersDialogProps) {
  const membersQuery = useBatchMembersQuery(batch.documentId);
  const loadError = membersQuery.isError
    ? queryErrorMessage(membersQuery.error, 'The learners could not be loaded.')
    : null;
  const [edited, setEdited] = useState<BatchMember[] | null>(null);
  const [adding, setAdding] = useState<Member[]>([]);
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const members = edited ?? membersQuery.data ?? [];
  const [saveMembers] = useSaveBatchMembersMutation();
  const learnerSearch = useSearchTerm(typed);
  const found = mapOptions(
    optionsOf(useBatchLearnerSearchQuery(learnerSearch.term, { skip: learnerSearch.skip })),
    (learner, index): Member => ({
      id: index,
      documentId: learner.documentId,
      StudentName: learner.StudentName,
      student_email: learner.student_email,
    }),
  );

  const remove = (documentId: string) =>
    setEdited(members.filter((member) => member.documentId !== documentId));
  const add = () => {
    const fresh = adding.filter(
      (learner) => !members.some((member) => member.documentId === learner.documentId),
    );
    setEdited([...members, ...fresh]);
    setAdding([]);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveMembers({
        documentId: batch.documentId,
        studentIds: members.map((member) => member.documentId),
      }).unwrap();
      onSaved(members.length);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The learners could not be saved.'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={`Learners of ${batch.Batch}`}
      submitLabel="Save members"
      saving={saving}
      submitDisabled={edited === null}
      error={error}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }}>
          <MultiRefPicker<Member>
            label="Add learners"
            options={found.items}
            loading={found.status === 'loading'}
            error={found.error}
            labelOf={(learner) =>
              learner.student_email
                ? `${learner.StudentName} (${learner.student_email})`
                : learner.StudentName
            }
            value={adding}
            onChange={setAdding}
            onSearch={setTyped}
          />
        </Box>
        <Button variant="outlined" onClick={add} disabled={adding.length === 0} sx={{ mt: 1 }}>
          Add
        </Button>
      </Box>
      {membersQuery.isFetching && !membersQuery.data ? <Spinner label="Loading learners" /> : null}
      {membersQuery.data && members.length === 0 ? (
        <Typography color="text.secondary">No learner in this batch.</Typography>
      ) : null}
      <List dense aria-label={`Members of ${batch.Batch}`}>
        {members.map((member) => (
          <ListItem
            key={member.documentId}
            secondaryAction={
              <Button
                size="small"
                color="error"
                onClick={() => remove(member.documentId)}
                aria-label={`Remove ${member.StudentName}`}
              >
                Remove
              </Button>
            }
          >
            <ListItemText primary={member.StudentName} secondary={member.student_email} />
          </ListItem>
        ))}
      </List>
    </FormDialog>
  );
}
