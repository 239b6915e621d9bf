import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  // Our SPA is the product's UI; Strapi's own admin panel is an opt-in for super-administrators.
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', false),
  auth: {
    secret: env('ADMIN_JWT_SECRET', ''),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT', ''),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT', ''),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', ''),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
