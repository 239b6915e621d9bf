import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::test-sub-category-2.test-sub-category-2');
