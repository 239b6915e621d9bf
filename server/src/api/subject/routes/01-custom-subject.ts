import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Staff: unlink and delete topics of a subject, in one transaction.
      method: 'POST',
      path: '/subjects/:documentId/remove-topics',
      handler: 'api::subject.subject.removeTopics',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
