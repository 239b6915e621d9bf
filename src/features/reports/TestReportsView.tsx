// /reports?kind=mcq (staff): a multiple-choice test's results, statistics, item analysis and
// scores by subject.
// The choice of test, batch, attempt and view lives in the address (?work=&batch=&attempt=&view=).
// The statistics (and their chart library) load as a chunk of their own, only with that view.
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EmptyState } from '../../components/feedback/EmptyState';
import { Spinner } from '../../components/feedback/Spinner';
import { useSearchTerm } from '../../components/form/refPickerHelpers';
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { TextInput } from '../../components/form/TextInput';
import { PageContainer } from '../../components/layout/PageContainer';
import { optionsOf } from '../../store/queryState';
import { BatchFilter } from './BatchFilter';
import { useTestSearchQuery } from '../test-authoring';
import { ItemAnalysisView } from './ItemAnalysisView';
import { attemptChoices, kindChoices } from './reportChoices';
import type { AttemptChoice } from './reportsTypes';
import { SubjectsView } from './SubjectsView';
import { TestResultsTable } from './TestResultsTable';
import { withParams } from '../../lib/searchParams';

const StatisticsView = lazy(() =>
  import('./StatisticsView').then((module) => ({ default: module.StatisticsView })),
);

type View = 'results' | 'statistics' | 'items' | 'subjects';
const VIEWS: View[] = ['results', 'statistics', 'items', 'subjects'];

export function TestReportsView() {
  const [params, setParams] = useSearchParams();
  const work = params.get('work') ?? '';
  const batch = params.get('batch') ?? '';
  const attemptParam = params.get('attempt');
  const attempt: AttemptChoice =
    attemptParam === 'last' || attemptParam === 'all' ? attemptParam : 'best';
  const viewParam = params.get('view') as View | null;
  const view: View = viewParam && VIEWS.includes(viewParam) ? viewParam : 'results';

  const [typed, setTyped] = useState('');
  const { term } = useSearchTerm(typed, true);
  const tests = optionsOf(useTestSearchQuery(term));

  const change = (changes: Record<string, string>) =>
    setParams((previous) => withParams(previous, changes), { replace: true });

  const testChoices = choicesOf(tests.items, (item) => item.TestName);
  if (work && !testChoices.some((choice) => choice.value === work)) {
    testChoices.unshift({ value: work, label: work });
  }
  // The figures count one result per learner: "all" is the results list's only.
  const figuresAttempt = attempt === 'last' ? 'last' : 'best';

  return (
    <PageContainer title="Reports">
      <Box
        role="group"
        aria-label="Choose the results"
        className="no-print"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 2fr 1fr 1fr' },
        }}
      >
        <SelectInput
          label="Kind"
          value="mcq"
          onChange={(value) => change({ kind: value, work: '', attempt: '', view: '' })}
          choices={kindChoices}
        />
        <TextInput label="Find a test" type="search" value={typed} onChange={setTyped} />
        <SelectInput
          label="Test"
          value={work}
          onChange={(value) => change({ work: value })}
          emptyLabel={tests.status === 'loading' ? 'Loading…' : 'Choose a test'}
          choices={testChoices}
        />
        <BatchFilter value={batch} onChange={(value) => change({ batch: value })} />
        <SelectInput
          label="Attempt"
          value={attempt}
          onChange={(value) => change({ attempt: value === 'best' ? '' : value })}
          choices={attemptChoices}
        />
      </Box>
      {tests.error ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The tests could not be loaded: {tests.error}
        </Alert>
      ) : null}
      {!work ? (
        <EmptyState
          title="Choose a test"
          description="Its results, statistics and item analysis appear here."
        />
      ) : (
        <>
          <Tabs
            value={view}
            onChange={(_event, next: View) => change({ view: next === 'results' ? '' : next })}
            aria-label="Report"
            className="no-print"
            variant="scrollable"
            sx={{ mb: 2 }}
          >
            <Tab value="results" label="Results" />
            <Tab value="statistics" label="Statistics" />
            <Tab value="items" label="Item analysis" />
            <Tab value="subjects" label="By subject" />
          </Tabs>
          {view === 'results' ? (
            <TestResultsTable
              documentId={work}
              batchId={batch}
              attempt={attempt}
              testName={testChoices.find((choice) => choice.value === work)?.label ?? work}
            />
          ) : null}
          {view === 'statistics' ? (
            <Suspense fallback={<Spinner label="Loading statistics" />}>
              <StatisticsView documentId={work} batchId={batch} attempt={figuresAttempt} />
            </Suspense>
          ) : null}
          {view === 'items' ? (
            <ItemAnalysisView documentId={work} batchId={batch} attempt={figuresAttempt} />
          ) : null}
          {view === 'subjects' ? (
            <SubjectsView documentId={work} batchId={batch} attempt={figuresAttempt} />
          ) : null}
        </>
      )}
    </PageContainer>
  );
}
