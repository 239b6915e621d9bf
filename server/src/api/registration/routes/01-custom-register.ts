import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Learner self-registration. Needs the default visitor token (or a role granted the action);
      // a request without any Authorization header gets the Public role, which has no permissions.
      method: 'POST',
      path: '/register',
      handler: 'api::registration.registration.register',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
