import type { Core } from '@strapi/strapi';
import { uploadSizeLimit } from './plugins';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'data:', 'blob:', 'https:'],
          'frame-src': ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      // Same origin in production (the server serves the SPA); extra origins by env, comma separated.
      origin: env.array('CORS_ORIGINS', ['http://localhost:5173', 'http://127.0.0.1:5173']),
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  // POST /api/upload: size refused before and while parsing, type checked by content after.
  'global::upload-limit',
  // POST of a question import: over 10 MB refused (400) before the body is read.
  'global::import-limit',
  // Multipart bodies: parsed only on the routes that take files, for callers allowed to call
  // them, into a per-request temp folder removed when the request ends (src/middlewares/multipart.ts).
  { name: 'global::multipart', config: { maxFileSize: uploadSizeLimit(env) } },
  // JSON, forms and text; never multipart (a file sent anywhere else is not read at all).
  { name: 'strapi::body', config: { multipart: false } },
  'global::upload-check',
  'strapi::session',
  // Before favicon/public so the SPA's own files (favicon included) win; see src/middlewares/spa.ts.
  'global::spa',
  'strapi::favicon',
  'strapi::public',
];
