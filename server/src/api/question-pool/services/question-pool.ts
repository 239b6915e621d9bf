import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::question-pool.question-pool');
