import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::question-pool.question-pool');
