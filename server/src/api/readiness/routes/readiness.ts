import { customRoutes } from '../../../platform/http/routes';

/**
 * GET /api/readiness: what a deployment's probe or an operator reads (no sign-in; nothing
 * secret): the database answers, which email provider is on, and whether live classes over Zoom
 * can be joined (issue 21). 503 only when the database does not answer.
 */
export default customRoutes('api::readiness.readiness', [
  ['GET', '/readiness', 'check', { public: true }],
]);
