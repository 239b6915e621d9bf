import type { Core } from '@strapi/strapi';

/** Largest accepted upload, in bytes (also the body parser's file limit, see middlewares.ts). */
export const uploadSizeLimit = (env: Core.Config.Shared.ConfigParams['env']): number =>
  env.int('UPLOAD_SIZE_LIMIT', 50 * 1024 * 1024);

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: {
        expiresIn: env('JWT_EXPIRES_IN', '7d'),
      },
    },
  },
  graphql: {
    config: {
      // Mounted on the root router, so this is the full path (the spec calls /api/graphql).
      endpoint: '/api/graphql',
      shadowCRUD: true,
      depthLimit: 10,
      defaultLimit: 100,
      maxLimit: 10000,
      // Apollo's sandbox only outside production. (playgroundAlways is deprecated in 5.x: not set.)
      landingPage: env('NODE_ENV', 'development') !== 'production',
      apolloServer: {
        introspection: env('NODE_ENV', 'development') !== 'production',
      },
    },
  },
  email: {
    config: {
      // "outbox" (default): messages are written to EMAIL_OUTBOX_DIR, see src/lib/email-outbox.ts.
      provider: ['', 'outbox'].includes(env('EMAIL_PROVIDER', '').trim().toLowerCase())
        ? 'sendmail'
        : env('EMAIL_PROVIDER', ''),
      settings: {
        defaultFrom: env('EMAIL_FROM', 'no-reply@portal.local'),
        defaultReplyTo: env('EMAIL_REPLY_TO', env('EMAIL_FROM', 'no-reply@portal.local')),
      },
    },
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: uploadSizeLimit(env),
    },
  },
});
