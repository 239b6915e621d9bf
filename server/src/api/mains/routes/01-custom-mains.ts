import { customRoutes } from '../../../platform/http/routes';

/** Mains work (issue 8); see docs/api.md "Mains: assignments, submissions, evaluation, results". */
export default customRoutes('api::mains.mains', [
  // Learners
  ['GET', '/mains/my-work', 'myWork'],
  ['POST', '/mains/start', 'start'],
  ['GET', '/mains/attempts/:attemptId', 'attempt'],
  ['POST', '/mains/answers/:answerId/documents', 'addDocuments'],
  ['DELETE', '/mains/answers/:answerId/documents/:fileId', 'removeDocument'],
  ['POST', '/mains/submit', 'submit'],
  // Staff (and the learner's own script)
  ['GET', '/mains/works', 'works'],
  ['GET', '/mains/results', 'results'],
  ['GET', '/mains/scripts/:resultId', 'script'],
  ['POST', '/mains/evaluations', 'createEvaluation'],
  ['PUT', '/mains/evaluations/:evaluationId', 'updateEvaluation'],
  ['POST', '/mains/evaluations/:evaluationId/document', 'evaluationDocument'],
  // Issue 27: reopening (administrators) and the marking progress (staff; faculty's queue)
  ['POST', '/mains/evaluations/:evaluationId/reopen', 'reopenEvaluation'],
  ['GET', '/mains/progress', 'progress'],
  // Issue 27: annotations of an evaluation (its faculty member or an administrator), page by page
  ['GET', '/mains/evaluations/:evaluationId/annotations', 'annotations'],
  ['PUT', '/mains/evaluations/:evaluationId/annotations/:fileId/:page', 'saveAnnotations'],
  ['POST', '/result-bulk', 'publish'],
]);
