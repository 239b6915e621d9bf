import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::test-sub-category.test-sub-category');
