import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::assignment.assignment');
