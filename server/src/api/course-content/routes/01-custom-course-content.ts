import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Staff: clear a course content's topic, its materials and videos.
      method: 'POST',
      path: '/course-contents/:documentId/remove-topic',
      handler: 'api::course-content.course-content.removeTopic',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
