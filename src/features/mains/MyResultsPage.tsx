// /reports for a learner: their multiple-choice results and their Mains results of both kinds,
// with marks once published.
import { PageContainer } from '../../components/layout/PageContainer';
import { MyMcqResultsSection } from '../reports';
import { MyWorkSection } from './MyWorkList';

/** /reports for a learner: multiple-choice results, then Mains results of both kinds. */
export function MyResultsPage() {
  return (
    <PageContainer title="My results">
      <MyMcqResultsSection />
      <MyWorkSection
        title="Mains tests"
        headingId="my-tests-title"
        spacing={{ mb: 4 }}
        kind="test"
        label="Your Mains test results"
        emptyText="No Mains tests yet"
      />
      <MyWorkSection
        title="Assignments"
        headingId="my-assignments-title"
        spacing={{}}
        kind="assignment"
        label="Your assignment results"
        emptyText="No assignments yet"
      />
    </PageContainer>
  );
}
