import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Names of the public, active courses: the sign-up screen's list (default visitor token).
      method: 'GET',
      path: '/course-names',
      handler: 'api::course.course.names',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
