import type { Core } from '@strapi/strapi';
import { uploadSizeLimit } from './plugins';

type Env = Core.Config.Shared.ConfigParams['env'];

/** Vite's dev server: a cross-origin caller only while developing (`npm run dev`). */
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/**
 * Same origin in production (the server serves the SPA), so by default no other origin is
 * allowed; CORS_ORIGINS adds origins (comma separated). The development origins are added only
 * when NODE_ENV is development: in production a page on someone's localhost:5173 must not call
 * the API with a learner's token (issue 18, point 16).
 */
export const corsOrigins = (env: Env): string[] => [
  ...env.array('CORS_ORIGINS', []),
  ...(env('NODE_ENV') === 'development' ? DEV_ORIGINS : []),
];

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  // Strapi's admin API answers 404 unless the admin panel is on; register-admin always does.
  'global::admin-gate',
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
      origin: corsOrigins(env),
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
  // A GraphQL request too large, a REST populate too deep or too wide: 400 before any read.
  'global::query-cost',
  'strapi::session',
  // Before favicon/public so the SPA's own files (favicon included) win; see src/middlewares/spa.ts.
  'global::spa',
  'strapi::favicon',
  'global::private-files',
  'strapi::public',
];
