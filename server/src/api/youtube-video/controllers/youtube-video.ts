import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::youtube-video.youtube-video');
