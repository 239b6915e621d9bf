import type { Core } from '@strapi/strapi';

const routes: Core.RouterInput = {
  type: 'content-api',
  routes: [
    {
      // Signed in: a URL to PUT one file to (local storage or S3), valid MEDIA_UPLOAD_URL_TTL_SECONDS.
      method: 'POST',
      path: '/media/s3-upload-url',
      handler: 'api::media.media.uploadUrl',
      config: { policies: [], middlewares: [] },
    },
    {
      // The local storage's upload URL: the signature in the query is the authorization.
      method: 'PUT',
      path: '/media/local-upload',
      handler: 'api::media.media.localUpload',
      config: { auth: false, policies: [], middlewares: [] },
    },
    {
      // Signed in: registers an uploaded object as a file of the media library.
      method: 'POST',
      path: '/media',
      handler: 'api::media.media.register',
      config: { policies: [], middlewares: [] },
    },
  ],
};

export default routes;
