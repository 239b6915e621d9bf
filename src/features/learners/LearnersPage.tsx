// /learners (staff): learners paged and searched on the server, filtered by batch. Admins create,
// edit, delete, import, export and change batch membership; faculty read the list.
import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageControls } from '../../components/data/PageControls';
import { queryErrorMessage } from '../../store/api';
import { useDownloadFileMutation } from '../../store/downloads';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorMessage } from '../../lib/strapi';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { optionsOf } from '../../store/queryState';
import { selectRoleKind } from '../../session/sessionSlice';
import { messageShown } from '../../store/uiSlice';
import {
  useAddToBatchMutation,
  useBatchChoicesQuery,
  useMoveLearnersMutation,
  useRemoveLearnersMutation,
} from '../batches';
import {
  EXPORT_FILE_NAME,
  learnersImportMessage,
  learnersUrls,
  LEARNERS_PAGE_SIZE,
  LEARNERS_TEMPLATE_URL,
  type Learner,
} from './learnersUrls';
import { useDeleteLearnersMutation, useLearnersPageQuery } from './learnersEndpoints';

const LearnerFormDialog = lazy(() =>
  import('./LearnerFormDialog').then((module) => ({ default: module.LearnerFormDialog })),
);
const BatchActionDialog = lazy(() =>
  import('./BatchActionDialog').then((module) => ({ default: module.BatchActionDialog })),
);
const SpreadsheetImportDialog = lazy(() =>
  import('../../components/data/SpreadsheetImportDialog').then((module) => ({
    default: module.SpreadsheetImportDialog,
  })),
);

/** The server's own words when a batch action has no batch to start from. */
export const NO_BATCH_MESSAGE = 'Selected batch ID is undefined or null';

type Dialog = 'new' | Learner | 'import' | 'add' | 'move' | 'delete' | null;

export function LearnersPage() {
  const dispatch = useAppDispatch();
  const canManage = useAppSelector(selectRoleKind) === 'admin';
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 350);
  const [batchId, setBatchId] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState<number | 'running' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const list = useLearnersPageQuery({ search, batchId, page });
  const loading = list.isFetching;
  const loadError = list.isError
    ? queryErrorMessage(list.error, 'The learners could not be loaded.')
    : null;
  const batches = optionsOf(useBatchChoicesQuery());
  const batchChoices = useMemo(
    () => batches.items.map((batch) => ({ value: batch.documentId, label: batch.Batch })),
    [batches.items],
  );
  const learners = list.data?.data ?? [];
  const total = list.data?.meta.pagination?.total ?? learners.length;
  const reload = () => void list.refetch();
  const [addToBatch] = useAddToBatchMutation();
  const [moveLearners] = useMoveLearnersMutation();
  const [removeLearners] = useRemoveLearnersMutation();
  const [deleteLearners] = useDeleteLearnersMutation();
  const [download] = useDownloadFileMutation();
  const say = (kind: 'success' | 'error' | 'warning', text: string) =>
    dispatch(messageShown({ kind, text }));

  const onSearch = (text: string) => {
    setTyped(text);
    setPage(1);
  };
  const onBatch = (id: string) => {
    setBatchId(id);
    setPage(1);
    setSelected([]);
  };
  const toggle = (documentId: string) =>
    setSelected((current) =>
      current.includes(documentId)
        ? current.filter((id) => id !== documentId)
        : [...current, documentId],
    );
  // The writes refresh the list (tags); the selection is done with.
  const afterMembership = (text: string) => {
    say('success', text);
    setSelected([]);
  };

  const fromBatchAction = (action: 'move' | 'remove') => {
    if (!batchId) {
      say('error', NO_BATCH_MESSAGE);
      return;
    }
    if (action === 'move') {
      setDialog('move');
      return;
    }
    void removeLearners({ batchId, studentIds: selected })
      .unwrap()
      .then(
        (removed) => afterMembership(`${removed} learner(s) removed from the batch`),
        (failure: unknown) => say('error', errorMessage(failure)),
      );
  };

  const runExport = async () => {
    setExporting('running');
    setExportError(null);
    try {
      await download({
        request: { url: learnersUrls.export(search, batchId) },
        fileName: EXPORT_FILE_NAME,
        onProgress: (percent) => setExporting(percent ?? 'running'),
      }).unwrap();
    } catch (failure) {
      setExportError(errorMessage(failure, 'The learners could not be exported.'));
    } finally {
      setExporting(null);
    }
  };

  const actions = (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {canManage ? (
        <>
          <Button variant="contained" onClick={() => setDialog('new')}>
            New learner
          </Button>
          <Button variant="outlined" onClick={() => setDialog('import')}>
            Import learners
          </Button>
        </>
      ) : null}
      <Button variant="outlined" onClick={() => void runExport()} disabled={exporting !== null}>
        {exporting !== null ? 'Exporting…' : 'Export learners'}
      </Button>
    </Stack>
  );

  return (
    <PageContainer title="Learners" actions={actions}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextInput
          label="Search learners"
          type="search"
          value={typed}
          onChange={onSearch}
          helperText="Name, email or roll number"
        />
        <SelectInput
          label="Batch"
          value={batchId}
          onChange={onBatch}
          choices={batchChoices}
          emptyLabel="All batches"
        />
      </Stack>
      {exporting !== null ? (
        <Box sx={{ mb: 2 }}>
          <LinearProgress
            aria-label="Exporting learners"
            variant={typeof exporting === 'number' ? 'determinate' : 'indeterminate'}
            value={typeof exporting === 'number' ? exporting : undefined}
          />
        </Box>
      ) : null}
      {exportError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      ) : null}
      {canManage ? (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
          <Button disabled={selected.length === 0} onClick={() => setDialog('add')}>
            Add to batch
          </Button>
          <Button disabled={selected.length === 0} onClick={() => fromBatchAction('move')}>
            Move to batch
          </Button>
          <Button disabled={selected.length === 0} onClick={() => fromBatchAction('remove')}>
            Remove from batch
          </Button>
          <Button
            color="error"
            disabled={selected.length === 0}
            onClick={() => setDialog('delete')}
          >
            Delete selected
          </Button>
        </Stack>
      ) : null}
      {loadError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Retry
            </Button>
          }
        >
          {loadError}
        </Alert>
      ) : null}
      {loading && !list.data ? <Spinner label="Loading learners" /> : null}
      {list.isSuccess && !loading && learners.length === 0 ? (
        <EmptyState
          title={search || batchId ? 'No learner matches' : 'No learners yet'}
          description={
            search || batchId
              ? 'Try another search or batch.'
              : 'Add learners with New learner or Import learners.'
          }
        />
      ) : null}
      {learners.length > 0 ? (
        <Paper variant="outlined" aria-busy={loading}>
          {loading ? <LinearProgress aria-label="Loading learners" /> : null}
          <TableContainer>
            <Table aria-label="Learners" size="small">
              <TableHead>
                <TableRow>
                  {canManage ? <TableCell padding="checkbox" /> : null}
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Mobile</TableCell>
                  <TableCell>Roll number</TableCell>
                  <TableCell>Batches</TableCell>
                  <TableCell>Account</TableCell>
                  {canManage ? <TableCell align="right">Actions</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {learners.map((learner) => (
                  <TableRow key={learner.documentId} hover>
                    {canManage ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(learner.documentId)}
                          onChange={() => toggle(learner.documentId)}
                          slotProps={{
                            input: { 'aria-label': `Select ${learner.StudentName}` },
                          }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>{learner.StudentName}</TableCell>
                    <TableCell>{learner.student_email ?? '—'}</TableCell>
                    <TableCell>{learner.student_mobile_number ?? '—'}</TableCell>
                    <TableCell>{learner.Roll_Number ?? '—'}</TableCell>
                    <TableCell>
                      {learner.batches.map((batch) => batch.Batch).join(', ') || '—'}
                    </TableCell>
                    <TableCell>
                      {learner.user ? (learner.user.blocked ? 'Blocked' : 'Active') : 'No account'}
                    </TableCell>
                    {canManage ? (
                      <TableCell align="right">
                        <Button
                          size="small"
                          onClick={() => setDialog(learner)}
                          aria-label={`Edit learner ${learner.StudentName}`}
                        >
                          Edit
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PageControls total={total} page={page} pageSize={LEARNERS_PAGE_SIZE} onPage={setPage} />
        </Paper>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'new' || (dialog !== null && typeof dialog === 'object') ? (
          <LearnerFormDialog
            learner={dialog === 'new' ? null : dialog}
            onClose={() => setDialog(null)}
            onSaved={() => {
              say('success', dialog === 'new' ? 'Learner created.' : 'Learner saved.');
            }}
          />
        ) : null}
        {dialog === 'import' ? (
          <SpreadsheetImportDialog
            title="Import learners"
            fileLabel="Learners spreadsheet"
            templateUrl={LEARNERS_TEMPLATE_URL}
            skippedLabel="Skipped learners"
            endpoint={learnersUrls.bulk}
            fallbackMessage={learnersImportMessage}
            onImported={reload}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'add' ? (
          <BatchActionDialog
            title="Add to batch"
            selectLabel="Batch"
            submitLabel="Add"
            choices={batchChoices}
            count={selected.length}
            onSubmit={async (target) => {
              const added = await addToBatch({
                documentId: target,
                studentIds: selected,
              }).unwrap();
              afterMembership(`${added} learner(s) added to the batch`);
            }}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'move' ? (
          <BatchActionDialog
            title="Move to batch"
            selectLabel="To batch"
            submitLabel="Move"
            choices={batchChoices.filter((choice) => choice.value !== batchId)}
            count={selected.length}
            onSubmit={async (target) => {
              const moved = await moveLearners({
                fromBatchId: batchId,
                toBatchId: target,
                studentIds: selected,
              }).unwrap();
              afterMembership(`${moved} learner(s) moved`);
            }}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete learners?"
        message={`${selected.length} learner(s) and their user accounts will be deleted. Their results stay.`}
        confirmLabel="Delete"
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          const text = await deleteLearners(selected).unwrap();
          afterMembership(text);
        }}
      />
    </PageContainer>
  );
}
