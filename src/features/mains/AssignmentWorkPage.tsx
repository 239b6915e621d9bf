import { WorkPage } from './WorkPage';

/** /assignment/:documentId/work for a learner. */
export function AssignmentWorkPage() {
  return <WorkPage kind="assignment" />;
}
