import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Staff: copy a test with its questions, in one transaction.
      method: 'POST',
      path: '/duplicate-tests',
      handler: 'api::test.test.duplicate',
      config: { policies: [], middlewares: [] },
    },
    {
      // Staff: tell the faculties of a test (their user accounts) about it.
      method: 'POST',
      path: '/notify-faculties',
      handler: 'api::test.test.notifyFaculties',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
