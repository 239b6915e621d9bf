import { customRoutes } from '../../../platform/http/routes';

/**
 * Staff: question imports (multipart: file, and testId or assignmentId; `preview=true` answers
 * the preview only), exports (Moodle XML, GIFT, Aiken; issue 26) and pool copies.
 */
export default customRoutes('api::question.question', [
  ['POST', '/questions-import', 'importForTest'],
  ['POST', '/assignmentQuestions-import', 'importForAssignment'],
  ['POST', '/questionPool-import', 'importForPool'],
  ['POST', '/questions-bulk', 'bulkFromPool'],
  ['GET', '/questions-export', 'exportForTest'],
  ['GET', '/assignmentQuestions-export', 'exportForAssignment'],
  ['GET', '/questionPool-export', 'exportForPool'],
  // Staff (issue 26): a test's or an assignment's question as the learner sees it.
  ['GET', '/questions/:documentId/preview', 'preview'],
  // Staff (issue 26): an image for a question's text, options or explanation (multipart `file`).
  ['POST', '/question-images', 'uploadImage'],
]);
