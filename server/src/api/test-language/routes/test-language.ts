import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::test-language.test-language');
