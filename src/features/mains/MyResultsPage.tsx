// /reports for a learner: their Mains results of both kinds, with marks once published.
import { PageContainer } from '../../components/layout/PageContainer';
import { MyWorkSection } from './MyWorkList';

/** /reports for a learner: their Mains results of both kinds. */
export function MyResultsPage() {
  return (
    <PageContainer title="My results">
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
