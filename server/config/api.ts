import type { Core } from '@strapi/strapi';

export default (): Core.Config.Api => ({
  rest: {
    defaultLimit: 100,
    maxLimit: 1000,
    withCount: true,
  },
});
