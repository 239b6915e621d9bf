import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::course.course', [
  // Names of the public, active courses: the sign-up screen's list (default visitor token).
  ['GET', '/course-names', 'names'],
]);
