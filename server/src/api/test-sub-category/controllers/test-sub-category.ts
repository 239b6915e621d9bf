import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::test-sub-category.test-sub-category');
