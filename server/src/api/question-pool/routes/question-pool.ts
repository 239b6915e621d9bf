import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::question-pool.question-pool');
