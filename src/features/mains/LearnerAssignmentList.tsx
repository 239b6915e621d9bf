// /assignment for a learner: their assignments, newest first.
import { PageContainer } from '../../components/layout/PageContainer';
import { MyWorkList } from './MyWorkList';

export function LearnerAssignmentList() {
  return (
    <PageContainer title="Assignments">
      <MyWorkList
        kind="assignment"
        label="Your assignments"
        emptyText="No assignments for you yet"
      />
    </PageContainer>
  );
}
