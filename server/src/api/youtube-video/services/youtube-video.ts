import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::youtube-video.youtube-video');
