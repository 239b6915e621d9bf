import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::youtube-video.youtube-video');
