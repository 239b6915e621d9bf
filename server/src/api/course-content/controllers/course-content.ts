import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::course-content.course-content');
