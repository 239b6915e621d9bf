import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::course-content.course-content');
