import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/login',
      handler: 'api::auth-login.auth-login.login',
      config: { auth: false, policies: [], middlewares: [] },
    },
  ],
};

export default routes;
