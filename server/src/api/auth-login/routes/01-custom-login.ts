import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::auth-login.auth-login', [
  ['POST', '/login', 'login', { public: true }],
]);
