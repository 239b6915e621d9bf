import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::log.log', {
  config: {
    create: { middlewares: ['api::log.body-limit', 'api::log.quota'] },
  },
});
