import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::test-sub-category-2.test-sub-category-2');
