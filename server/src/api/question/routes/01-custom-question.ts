import { customRoutes } from '../../../platform/http/routes';

/** Staff: question imports (multipart: file, and testId or assignmentId) and pool copies. */
export default customRoutes('api::question.question', [
  ['POST', '/questions-import', 'importForTest'],
  ['POST', '/assignmentQuestions-import', 'importForAssignment'],
  ['POST', '/questionPool-import', 'importForPool'],
  ['POST', '/questions-bulk', 'bulkFromPool'],
]);
