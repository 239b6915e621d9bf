// "Add from pool": search and filter the question pool on the server (the pool list's own call and
// filters, issue 26: type, subject, topic, difficulty, tag, used), tick questions (across pages),
// and copy them into a test (or an assignment) in one call.
import { useState } from 'react';
import { useSelection } from '../../components/data/useSelection';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/form/TextInput';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { queryErrorMessage } from '../../store/api';
import { useListSearch } from '../../components/data/useListSearch';
import { PoolFilterBar } from './PoolFilterBar';
import { PoolQuestionTable } from './PoolQuestionTable';
import { NO_POOL_FILTERS, type PoolFilters } from './questionTypes';
import { usePoolPageQuery } from './questionsEndpoints';

interface PoolPickerDialogProps {
  /** Copies the chosen pool questions; answers how many were made. */
  onAdd: (questionPoolIds: string[]) => Promise<number>;
  onAdded: (count: number) => void;
  onClose: () => void;
}

export function PoolPickerDialog({ onAdd, onAdded, onClose }: PoolPickerDialogProps) {
  const { search: query, page, setPage, field: searchField } = useListSearch();
  const { selected, toggle } = useSelection();
  const form = useFormSubmit(onClose);
  const { saving, error } = form.dialog;
  const [filters, setFilters] = useState<PoolFilters>(NO_POOL_FILTERS);
  // The tag is typed: sent once typing settles, as the search is.
  const { term: tag } = useSearchTerm(filters.tag, true);
  const pool = usePoolPageQuery({ search: query, page, filters: { ...filters, tag } });
  // While a new page loads, the previous one stays listed; a failed page lists nothing.
  const answer = {
    items: pool.isError ? [] : (pool.data?.data ?? []),
    total: pool.data?.meta.pagination?.total ?? pool.data?.data.length ?? 0,
    error: pool.isFetching ? null : queryErrorMessage(pool.error),
    loading: pool.isFetching,
  };

  const add = () =>
    form.submit(false, async () => {
      const count = await onAdd([...selected]);
      onAdded(count);
    });

  const n = selected.size;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="pool-picker-title"
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id="pool-picker-title">Add questions from the pool</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ flexGrow: 1, maxWidth: 420 }}>
            <TextInput label="Search the question pool" {...searchField} />
          </Box>
          <Typography role="status" variant="body2">
            {n} selected
          </Typography>
        </Box>
        <PoolFilterBar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {answer.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {answer.error}
          </Alert>
        ) : null}
        {answer.loading ? (
          <LinearProgress aria-label="Loading pool questions" sx={{ mb: 1 }} />
        ) : null}
        {!answer.loading && !answer.error && answer.items.length === 0 ? (
          <Typography color="text.secondary">
            {query ? 'No pool question matches this search.' : 'The question pool is empty.'}
          </Typography>
        ) : null}
        {answer.items.length > 0 ? (
          <PoolQuestionTable
            label="Pool questions"
            questions={answer.items}
            selected={selected}
            onToggle={toggle}
            total={answer.total}
            page={page}
            onPage={setPage}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={add} disabled={n === 0 || saving}>
          {saving ? 'Adding…' : `Add ${n} question${n === 1 ? '' : 's'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
