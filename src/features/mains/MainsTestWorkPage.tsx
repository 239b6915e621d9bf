import { WorkPage } from './WorkPage';

/** /testcorner/mains/:documentId for a learner. */
export function MainsTestWorkPage() {
  return <WorkPage kind="test" />;
}
