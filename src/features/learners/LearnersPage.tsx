// /learners (staff): learners paged and searched on the server, filtered by batch. Admins create,
// edit, delete, import, export and change batch membership; faculty read the list.
import { lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { RecordListPage } from '../../components/data/RecordListPage';
import type { RecordColumn } from '../../components/data/RecordTable';
import { useListSearch } from '../../components/data/useListSearch';
import { useFileExport } from '../../components/data/useFileExport';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { errorMessage } from '../../lib/strapi';
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

/** The server's own words when a batch action has no batch to start from. */
export const NO_BATCH_MESSAGE = 'Selected batch ID is undefined or null';

const COLUMNS: RecordColumn<Learner>[] = [
  { header: 'Name', cell: (learner) => learner.StudentName },
  { header: 'Email', cell: (learner) => learner.student_email ?? '—' },
  { header: 'Mobile', cell: (learner) => learner.student_mobile_number ?? '—' },
  { header: 'Roll number', cell: (learner) => learner.Roll_Number ?? '—' },
  {
    header: 'Batches',
    cell: (learner) => learner.batches.map((batch) => batch.Batch).join(', ') || '—',
  },
  {
    header: 'Account',
    cell: (learner) =>
      learner.user ? (learner.user.blocked ? 'Blocked' : 'Active') : 'No account',
  },
];

type Dialog = 'add' | 'move' | 'delete' | null;

export function LearnersPage() {
  const dispatch = useAppDispatch();
  const canManage = useAppSelector(selectRoleKind) === 'admin';
  const search = useListSearch();
  const [batchId, setBatchId] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const exporter = useFileExport('The learners could not be exported.');

  const list = useLearnersPageQuery({ search: search.search, batchId, page: search.page });
  const batches = optionsOf(useBatchChoicesQuery());
  const batchChoices = useMemo(
    () => choicesOf(batches.items, (batch) => batch.Batch),
    [batches.items],
  );
  const [addToBatch] = useAddToBatchMutation();
  const [moveLearners] = useMoveLearnersMutation();
  const [removeLearners] = useRemoveLearnersMutation();
  const [deleteLearners] = useDeleteLearnersMutation();
  const say = (kind: 'success' | 'error' | 'warning', text: string) =>
    dispatch(messageShown({ kind, text }));

  const onBatch = (id: string) => {
    setBatchId(id);
    search.setPage(1);
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

  const runExport = () =>
    exporter.run({ url: learnersUrls.export(search.search, batchId) }, EXPORT_FILE_NAME);

  const filtered = Boolean(search.search || batchId);
  return (
    <RecordListPage
      title="Learners"
      query={list}
      retry
      search={search}
      searchHelp="Name, email or roll number"
      filters={
        <SelectInput
          label="Batch"
          value={batchId}
          onChange={onBatch}
          choices={batchChoices}
          emptyLabel="All batches"
        />
      }
      columns={COLUMNS}
      rowKey={(learner) => learner.documentId}
      noun="learner"
      nameOf={(learner) => learner.StudentName}
      empty={{
        title: filtered ? 'No learner matches' : 'No learners yet',
        description: filtered
          ? 'Try another search or batch.'
          : 'Add learners with New learner or Import learners.',
      }}
      pageSize={LEARNERS_PAGE_SIZE}
      selection={
        canManage ? { selected, onToggle: (documentId) => toggle(String(documentId)) } : undefined
      }
      form={
        canManage
          ? (learner, close) => (
              <LearnerFormDialog
                learner={learner}
                onClose={close}
                onSaved={() => say('success', learner ? 'Learner saved.' : 'Learner created.')}
              />
            )
          : undefined
      }
      sheetImport={
        canManage
          ? {
              templateUrl: LEARNERS_TEMPLATE_URL,
              endpoint: learnersUrls.bulk,
              fallbackMessage: learnersImportMessage,
            }
          : undefined
      }
      moreActions={
        <Button variant="outlined" onClick={() => void runExport()} disabled={exporter.running}>
          {exporter.running ? 'Exporting…' : 'Export learners'}
        </Button>
      }
      dialogs={
        <>
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
        </>
      }
    >
      {exporter.progress !== null ? (
        <Box sx={{ mb: 2 }}>
          <LinearProgress
            aria-label="Exporting learners"
            variant={typeof exporter.progress === 'number' ? 'determinate' : 'indeterminate'}
            value={typeof exporter.progress === 'number' ? exporter.progress : undefined}
          />
        </Box>
      ) : null}
      {exporter.errorAlert}
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
    </RecordListPage>
  );
}
