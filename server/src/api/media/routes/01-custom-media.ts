import { customRoutes } from '../../../platform/http/routes';

export default customRoutes('api::media.media', [
  // Signed in: a URL to PUT one file to (local storage or S3), valid MEDIA_UPLOAD_URL_TTL_SECONDS.
  ['POST', '/media/s3-upload-url', 'uploadUrl'],
  // The local storage's upload URL: the signature in the query is the authorization.
  ['PUT', '/media/local-upload', 'localUpload', { public: true }],
  // Signed in: registers an uploaded object as a file of the media library.
  ['POST', '/media', 'register'],
]);
