import type { Core } from '@strapi/strapi';

interface AdvancedSettings {
  email_reset_password?: string | null;
  [key: string]: unknown;
}

/**
 * Points the reset-password email at the SPA's /auth/reset-password screen (PUBLIC_URL, or the
 * server's own URL), unless an administrator already set a link.
 */
export const ensureAuthSettings = async (strapi: Core.Strapi): Promise<void> => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = (await store.get({ key: 'advanced' })) as AdvancedSettings | null;
  if (!advanced || advanced.email_reset_password) {
    return;
  }
  const base = (
    process.env.PUBLIC_URL || String(strapi.config.get('server.absoluteUrl', ''))
  ).replace(/\/+$/, '');
  await store.set({
    key: 'advanced',
    value: { ...advanced, email_reset_password: `${base}/auth/reset-password` },
  });
};
