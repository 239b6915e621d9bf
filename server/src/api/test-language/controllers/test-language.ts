import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::test-language.test-language');
