import type { Core } from '@strapi/strapi';

/** Staff: question imports (multipart: file, and testId or assignmentId) and pool copies. */
const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/questions-import',
      handler: 'api::question.question.importForTest',
      config: { policies: [], middlewares: [] },
    },
    {
      method: 'POST',
      path: '/assignmentQuestions-import',
      handler: 'api::question.question.importForAssignment',
      config: { policies: [], middlewares: [] },
    },
    {
      method: 'POST',
      path: '/questionPool-import',
      handler: 'api::question.question.importForPool',
      config: { policies: [], middlewares: [] },
    },
    {
      method: 'POST',
      path: '/questions-bulk',
      handler: 'api::question.question.bulkFromPool',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
