// The leaderboard across a series of tests (issue 22): a test category's tests ranked together by
// each learner's best percent on each test, with the tie rule the server states. Staff page
// through every ranked learner (faculty: their batches' learners, ranked among everyone); a
// learner sees their own standing and the top 10 by name ("My progress").
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RecordTable, recordsFrom, type RecordColumn } from '../../components/data/RecordTable';
import { EmptyState } from '../../components/feedback/EmptyState';
import { LoadError } from '../../components/feedback/LoadError';
import { Spinner } from '../../components/feedback/Spinner';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { queryErrorMessage } from '../../store/api';
import { optionsOf } from '../../store/queryState';
import { PageContainer } from '../../components/layout/PageContainer';
import { withParams } from '../../lib/searchParams';
import { useTestCategoryOptionsQuery } from '../courses';
import { figure, kindChoices } from './reportChoices';
import { useLeaderboardQuery, usePublishLeaderboardMutation } from './reportsEndpoints';
import type { Leaderboard, LeaderboardRow } from './reportsTypes';
import { LEADERBOARD_PAGE_SIZE } from './reportsUrls';

const columns: RecordColumn<LeaderboardRow>[] = [
  { header: 'Rank', cell: (row) => row.rank },
  { header: 'Learner', cell: (row) => row.learner?.name ?? '—' },
  { header: 'Overall score', cell: (row) => figure(row.total) },
  { header: 'Percentile', cell: (row) => figure(row.percentile, 1) },
  { header: 'Tests taken', cell: (row) => row.testsTaken },
];

/** The series picker: a test category. */
function CategoryPicker(props: { value: string; onChange: (value: string) => void }) {
  const categories = optionsOf(useTestCategoryOptionsQuery());
  return (
    <>
      <SelectInput
        label="Series (test category)"
        value={props.value}
        onChange={props.onChange}
        emptyLabel={categories.status === 'loading' ? 'Loading…' : 'Choose a series'}
        choices={choicesOf(categories.items, (item) => item.CategoryName)}
      />
      {categories.error ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The test categories could not be loaded: {categories.error}
        </Alert>
      ) : null}
    </>
  );
}

function SeriesNote({ board }: { board: Leaderboard }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {board.tests.length === 0
        ? 'This series has no tests yet.'
        : `${board.tests.length} tests: ${board.tests.map((test) => test.name).join(', ')}. `}
      {board.notCounted > 0
        ? `${board.notCounted} more test(s) of this series count once their scores and ranks are shown to learners. `
        : ''}
      {board.tieRule}
    </Typography>
  );
}

/**
 * Staff: whether learners see this series' top 10 by name (off by default: learners then see
 * ranks and scores without names, and their own standing).
 */
function PublishSwitch({ categoryId, published }: { categoryId: string; published: boolean }) {
  const [publish, state] = usePublishLeaderboardMutation();
  const error = queryErrorMessage(state.error, 'The choice could not be saved.');
  return (
    <Box className="no-print" sx={{ mb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={published}
            disabled={state.isLoading}
            onChange={(event) => void publish({ categoryId, publish: event.target.checked })}
          />
        }
        label="Learners see the top 10 by name"
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Box>
  );
}

/** /reports?kind=leaderboard&series= (staff): the kind picker, then the chosen series' board. */
export function StaffLeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const series = params.get('series') ?? '';
  const change = (changes: Record<string, string>) =>
    setParams((previous) => withParams(previous, changes), { replace: true });
  return (
    <PageContainer title="Reports">
      <Box
        role="group"
        aria-label="Choose the leaderboard"
        className="no-print"
        sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}
      >
        <SelectInput
          label="Kind"
          value="leaderboard"
          onChange={(value) => change({ kind: value, series: '' })}
          choices={kindChoices}
        />
        <CategoryPicker value={series} onChange={(next) => change({ series: next })} />
      </Box>
      <LeaderboardView categoryId={series} />
    </PageContainer>
  );
}

/** Staff: every ranked learner of the chosen series, paged. */
function LeaderboardView({ categoryId }: { categoryId: string }) {
  const [paging, setPaging] = useState({ categoryId, page: 1 });
  const page = paging.categoryId === categoryId ? paging.page : 1;
  const query = useLeaderboardQuery(categoryId ? { categoryId, page } : skipToken);
  const error = queryErrorMessage(query.error, 'The leaderboard could not be loaded.');
  const board = query.currentData;
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Leaderboard
      </Typography>
      {!categoryId ? (
        <EmptyState
          title="Choose a series"
          description="Learners are ranked over the tests of a test category."
        />
      ) : (
        <>
          {board ? <SeriesNote board={board} /> : null}
          {board ? (
            <PublishSwitch categoryId={categoryId} published={board.namesPublished} />
          ) : null}
          <RecordTable
            name="Leaderboard"
            records={recordsFrom(query, board && { rows: board.rows, total: board.total }, error)}
            columns={columns}
            rowKey={(row) => `${row.rank}-${row.learner?.documentId ?? ''}`}
            empty={{
              title: 'Nobody ranked yet',
              description: 'Learners appear once they complete a test of this series.',
            }}
            page={page}
            pageSize={LEADERBOARD_PAGE_SIZE}
            onPage={(next) => setPaging({ categoryId, page: next })}
            onRetry={() => void query.refetch()}
            className="print-table"
          />
        </>
      )}
    </>
  );
}

/** A learner: their own standing in a series they choose, and the top 10. */
export function MyStanding() {
  const [categoryId, setCategoryId] = useState('');
  const query = useLeaderboardQuery(categoryId ? { categoryId, page: 1 } : skipToken);
  const error = queryErrorMessage(query.error, 'The leaderboard could not be loaded.');
  const board = query.currentData;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="standing-title"
      className="no-print"
      sx={{ p: 2, mt: 2 }}
    >
      <Typography id="standing-title" component="h2" variant="h6" sx={{ mb: 2 }}>
        Leaderboard
      </Typography>
      <CategoryPicker value={categoryId} onChange={setCategoryId} />
      {!categoryId ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Choose a series to see where you stand among every learner who took its tests.
        </Typography>
      ) : null}
      {categoryId && error ? (
        <LoadError message={error} onRetry={() => void query.refetch()} />
      ) : null}
      {categoryId && !error && !board ? <Spinner label="Loading the leaderboard" /> : null}
      {categoryId && board ? (
        <>
          <Typography sx={{ mt: 2 }} aria-live="polite">
            {board.me
              ? `Your standing: rank ${board.me.rank} of ${board.total}, percentile ${figure(
                  board.me.percentile,
                  1,
                )}, overall score ${figure(board.me.total)} over ${board.me.testsTaken} test(s).`
              : 'You have no result in this series yet.'}
          </Typography>
          <SeriesNote board={board} />
          {board.namesPublished ? null : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              This series shows ranks and scores without names.
            </Typography>
          )}
          <RecordTable
            name="Top 10"
            records={recordsFrom(query, { rows: board.rows, total: board.rows.length }, null)}
            columns={columns}
            rowKey={(row) => `${row.rank}-${row.learner?.documentId ?? ''}`}
            empty={{
              title: 'Nobody ranked yet',
              description: 'Learners appear once they complete a test of this series.',
            }}
          />
        </>
      ) : null}
    </Paper>
  );
}
