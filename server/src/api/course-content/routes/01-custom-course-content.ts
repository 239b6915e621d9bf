import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::course-content.course-content', [
  // Staff: clear a course content's topic, its materials and videos.
  ['POST', '/course-contents/:documentId/remove-topic', 'removeTopic'],
]);
