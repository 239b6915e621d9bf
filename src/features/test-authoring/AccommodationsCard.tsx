// The staff test page's accommodations (issue 23): each learner's or batch's extra time, extra
// attempts and personal window, with add, change and delete. The server applies them when the
// learner starts (their own over their batch's) and shows the learner their own time.
import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDelete } from '../../components/feedback/ConfirmDelete';
import { formatDateTime } from '../../lib/dates';
import { queryErrorMessage } from '../../store/api';
import { AccommodationDialog } from './AccommodationDialog';
import {
  accommodationTerms,
  useAccommodationsQuery,
  useDeleteAccommodationMutation,
  type Accommodation,
} from './accommodationEndpoints';

const whoOf = (item: Accommodation): string =>
  item.student
    ? `Learner: ${item.student.StudentName}`
    : item.batch
      ? `Batch: ${item.batch.Batch}`
      : '—';

export function AccommodationsCard({ testId }: { testId: string }) {
  const list = useAccommodationsQuery(testId);
  const [remove] = useDeleteAccommodationMutation();
  // undefined: no dialog; null: adding; a record: changing it.
  const [editing, setEditing] = useState<Accommodation | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Accommodation | null>(null);
  const items = list.data ?? [];
  const error = queryErrorMessage(list.error);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="h6" component="h2">
          Accommodations
        </Typography>
        <Button onClick={() => setEditing(null)}>Add accommodation</Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Extra time, attempts or an own window for a learner or a batch. A learner&apos;s own
        accommodation replaces their batch&apos;s.
      </Typography>
      {error ? (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <Typography sx={{ mt: 1 }}>No accommodations.</Typography>
      ) : null}
      <List dense aria-label="Accommodations">
        {items.map((item) => (
          <ListItem
            key={item.documentId}
            divider
            secondaryAction={
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setEditing(item)}>
                  Change
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(item)}>
                  Delete
                </Button>
              </Stack>
            }
          >
            <ListItemText
              primary={whoOf(item)}
              secondary={[accommodationTerms(item, formatDateTime), item.note]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {editing !== undefined ? (
        <AccommodationDialog
          testId={testId}
          record={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDelete
        record={deleting}
        title="Delete accommodation"
        message={deleting ? `Delete the accommodation of ${whoOf(deleting)}?` : ''}
        onDelete={(item) => remove({ testId, documentId: item.documentId }).unwrap()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
