// /questionpool (staff): questions kept for reuse. Searched, filtered (issue 26: type, subject,
// topic, difficulty, tag, use) and paged on the server; create, edit, delete, import, copy ticked
// questions into a test, and bulk edit their subject, topic, difficulty and tags.
import { lazy, Suspense, useState } from 'react';
import { useSelection } from '../../components/data/useSelection';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import { queryErrorMessage } from '../../store/api';
import { ConfirmDelete } from '../../components/feedback/ConfirmDelete';
import { ListStates } from '../../components/feedback/ListStates';
import { EditDeleteButtons } from '../../components/data/EditDeleteButtons';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { useListSearch } from '../../components/data/useListSearch';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { messageShown } from '../../store/uiSlice';
import { AddToTestDialog } from './AddToTestDialog';
import { PoolBulkEditDialog } from './PoolBulkEditDialog';
import { PoolFilterBar } from './PoolFilterBar';
import { PoolQuestionTable, shortText } from './PoolQuestionTable';
import { QuestionFormDialog } from './QuestionFormDialog';
import { QuestionExportMenu } from './QuestionExportMenu';
import { QuestionImportDialog } from './QuestionImportDialog';
import {
  useBulkEditPoolMutation,
  useCopyFromPoolMutation,
  useDeletePoolQuestionsMutation,
  usePoolPageQuery,
  useSavePoolQuestionMutation,
} from './questionsEndpoints';
import { importEndpoints } from './questionsUrls';
import { NO_POOL_FILTERS, type PoolFilters, type Question } from './questionTypes';

// Preview as a learner (issue 26): the player's own parts, loaded only when opened.
const QuestionPreviewDialog = lazy(() =>
  import('../test-taking/QuestionPreviewDialog').then((module) => ({
    default: module.QuestionPreviewDialog,
  })),
);

export function QuestionPoolPage() {
  const dispatch = useAppDispatch();
  const { search: query, page, setPage, field: searchField } = useListSearch();
  const [filters, setFilters] = useState<PoolFilters>(NO_POOL_FILTERS);
  // The tag is typed: sent once typing settles, as the search is.
  const { term: tag } = useSearchTerm(filters.tag, true);
  const pool = usePoolPageQuery({ search: query, page, filters: { ...filters, tag } });
  const filtered = query !== '' || Object.values(filters).some((value) => value !== '');
  const questions = pool.data?.data ?? [];
  const loading = pool.isFetching;
  const error = loading
    ? null
    : queryErrorMessage(pool.error, 'The question pool could not be loaded.');
  const [savePoolQuestion] = useSavePoolQuestionMutation();
  const [deletePoolQuestions] = useDeletePoolQuestionsMutation();
  const [copyFromPool] = useCopyFromPoolMutation();
  const [bulkEditPool] = useBulkEditPoolMutation();
  const [bulkEditing, setBulkEditing] = useState(false);
  const { selected, setSelected, toggle, drop } = useSelection();
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const n = selected.size;
  return (
    <PageContainer
      title="Question pool"
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setImporting(true)}>
            Import questions
          </Button>
          <QuestionExportMenu
            target={{ kind: 'pool', search: query, filters: { ...filters, tag } }}
            count={pool.data?.meta.pagination?.total}
            more={pool.data?.meta.pagination?.more}
          />
          <Button variant="outlined" disabled={n === 0} onClick={() => setBulkEditing(true)}>
            Edit selected{n > 0 ? ` (${n})` : ''}
          </Button>
          <Button variant="outlined" disabled={n === 0} onClick={() => setAdding(true)}>
            Add to test{n > 0 ? ` (${n})` : ''}
          </Button>
          <Button variant="contained" onClick={() => setEditing('new')}>
            New question
          </Button>
        </Stack>
      }
    >
      <Box sx={{ maxWidth: 420, mb: 2 }}>
        <TextInput
          label="Search questions"
          {...searchField}
          helperText="Searches the question, the options, the explanation and the subject."
        />
      </Box>
      <PoolFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ListStates
        count={questions.length}
        loading={loading}
        loaded={pool.isSuccess}
        error={error}
        onRetry={() => void pool.refetch()}
        loadingLabel="Loading questions"
        empty={{
          title: filtered
            ? query
              ? `No question matches "${query}"`
              : 'No question matches the filters'
            : 'The question pool is empty',
          description: filtered
            ? 'Try other words or filters.'
            : 'Create questions with New question, or import a file.',
        }}
      />
      {pool.data?.meta.pagination?.more ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          More than {pool.data.meta.pagination.total.toLocaleString('en')} questions match: the
          newest are shown. Narrow the search or add a filter.
        </Typography>
      ) : null}
      {questions.length > 0 ? (
        <Box aria-busy={loading}>
          <PoolQuestionTable
            label="Question pool"
            questions={questions}
            selected={selected}
            onToggle={toggle}
            total={pool.data?.meta.pagination?.total ?? questions.length}
            page={page}
            onPage={setPage}
            actions={(question) => (
              <>
                <Button
                  size="small"
                  aria-label={`Preview question: ${shortText(question.question)}`}
                  onClick={() => setPreviewing(question.documentId)}
                >
                  Preview
                </Button>
                <EditDeleteButtons
                  name={`question: ${shortText(question.question)}`}
                  onEdit={() => setEditing(question)}
                  onDelete={() => setDeleting(question)}
                />
              </>
            )}
          />
        </Box>
      ) : null}
      {editing ? (
        <QuestionFormDialog
          question={editing === 'new' ? null : editing}
          organising
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            await savePoolQuestion({
              documentId: editing === 'new' ? undefined : editing.documentId,
              payload,
            }).unwrap();
            dispatch(messageShown({ kind: 'success', text: 'Question saved.' }));
          }}
        />
      ) : null}
      <ConfirmDelete
        record={deleting}
        title="Delete question?"
        message={`"${shortText(deleting?.question ?? '')}" will be deleted from the pool. Tests that copied it keep their copy.`}
        onClose={() => setDeleting(null)}
        onDelete={async (question) => {
          const report = await deletePoolQuestions([question.documentId]).unwrap();
          const failure = report.failed[0];
          if (failure) throw new Error(failure.message);
          drop([question.documentId]);
          dispatch(messageShown({ kind: 'success', text: 'Question deleted.' }));
        }}
      />
      {previewing ? (
        <Suspense fallback={null}>
          <QuestionPreviewDialog
            source="pool"
            documentId={previewing}
            onClose={() => setPreviewing(null)}
          />
        </Suspense>
      ) : null}
      {importing ? (
        <QuestionImportDialog
          title="Import questions into the pool"
          endpoint={importEndpoints.pool}
          onImported={() => setPage(1)}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {bulkEditing ? (
        <PoolBulkEditDialog
          ids={[...selected]}
          onClose={() => setBulkEditing(false)}
          onSave={async (edit) => {
            const count = await bulkEditPool(edit).unwrap();
            dispatch(messageShown({ kind: 'success', text: `${count} questions updated.` }));
          }}
        />
      ) : null}
      {adding ? (
        <AddToTestDialog
          count={n}
          onAdd={(testId) =>
            copyFromPool({ target: { testId }, questionPoolIds: [...selected] }).unwrap()
          }
          onAdded={(count, test) => {
            setSelected(new Set());
            dispatch(
              messageShown({
                kind: 'success',
                text: `${count} questions added to ${test.TestName}`,
              }),
            );
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </PageContainer>
  );
}
