import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::test-sub-category-2.test-sub-category-2');
