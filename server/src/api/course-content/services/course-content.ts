import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::course-content.course-content');
