import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::test-language.test-language');
