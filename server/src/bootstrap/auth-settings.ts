import { isDeepStrictEqual } from 'node:util';
import type { Core } from '@strapi/strapi';
import {
  describeMinutes,
  portalName,
  publicBaseUrl,
  resetCodeTtlMinutes,
} from '../modules/accounts';
import { escapeHtml } from '../platform/email/email-outbox';

interface AdvancedSettings {
  email_reset_password?: string | null;
  [key: string]: unknown;
}

export interface ResetPasswordOptions {
  from: { name: string; email: string };
  response_email: string;
  object: string;
  message: string;
}

interface EmailTemplates {
  reset_password?: { options?: Partial<ResetPasswordOptions>; [key: string]: unknown };
  [key: string]: unknown;
}

/** What this bootstrap wrote last time: a value still equal to it is ours to keep up to date. */
interface Written {
  email_reset_password?: string;
  reset_password?: ResetPasswordOptions;
}

const MARKER = { type: 'core', name: 'portal', key: 'auth-settings-written' } as const;
const RESET_PATH = '/auth/reset-password';

/** The SPA's reset screen; users-permissions appends `?code=<code>`. */
export const resetLinkBase = (strapi: Core.Strapi): string =>
  `${publicBaseUrl(strapi)}${RESET_PATH}`;

/** A display name safe in a From header ("Name <address>"). */
const headerName = (name: string): string =>
  /^[\p{L}\p{N} .'-]*$/u.test(name) ? name : `"${name.replace(/["\\\r\n]/g, '')}"`;

/** The reset email: names the portal, links to the SPA, says how long the link works. */
export const resetPasswordEmail = (env: NodeJS.ProcessEnv = process.env): ResetPasswordOptions => {
  const portal = portalName(env);
  const name = escapeHtml(portal);
  const link = '<%= URL %>?code=<%= TOKEN %>';
  const from = env.EMAIL_FROM?.trim() || 'no-reply@portal.local';
  return {
    from: { name: headerName(portal), email: from },
    response_email: env.EMAIL_REPLY_TO?.trim() || from,
    object: `Reset your ${portal} password`,
    message: [
      '<p>Hello,</p>',
      `<p>Someone asked to reset the password of your ${name} account. To choose a new password, open this link:</p>`,
      `<p><a href="${link}">Choose a new password</a></p>`,
      `<p>If the link does not open, copy this address into your browser:<br>${link}</p>`,
      `<p>The link works once and expires in ${describeMinutes(resetCodeTtlMinutes(env))}. If you did not ask for a new password, ignore this email: your password stays the same.</p>`,
      `<p>${name}</p>`,
    ].join('\n'),
  };
};

const isPluginDefault = (options: Partial<ResetPasswordOptions>): boolean =>
  options.object === 'Reset password' &&
  typeof options.message === 'string' &&
  options.message.includes('We heard that you lost your password');

/**
 * Points the reset-password email at the SPA's /auth/reset-password screen (PUBLIC_URL, or the
 * server's own URL) and gives it the portal's wording and sender. Each value follows the
 * environment on every boot while it is still the plugin's default or what this bootstrap wrote;
 * a value an administrator changed in Strapi's admin panel is left alone.
 */
export const ensureAuthSettings = async (strapi: Core.Strapi): Promise<void> => {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const marker = strapi.store({ type: MARKER.type, name: MARKER.name });
  const written = ((await marker.get({ key: MARKER.key })) as Written | null) ?? {};
  const next: Written = { ...written };

  const advanced = (await store.get({ key: 'advanced' })) as AdvancedSettings | null;
  if (advanced) {
    const link = resetLinkBase(strapi);
    const current = advanced.email_reset_password;
    const ours =
      !current ||
      current === written.email_reset_password ||
      // Written by this bootstrap before it kept a record.
      (written.email_reset_password === undefined && current.endsWith(RESET_PATH));
    if (ours) {
      if (current !== link) {
        await store.set({ key: 'advanced', value: { ...advanced, email_reset_password: link } });
      }
      next.email_reset_password = link;
    }
  }

  const templates = (await store.get({ key: 'email' })) as EmailTemplates | null;
  const options = templates?.reset_password?.options;
  if (templates?.reset_password && options) {
    const wanted = resetPasswordEmail();
    if (isDeepStrictEqual(options, written.reset_password) || isPluginDefault(options)) {
      if (!isDeepStrictEqual(options, wanted)) {
        await store.set({
          key: 'email',
          value: {
            ...templates,
            reset_password: { ...templates.reset_password, options: wanted },
          },
        });
      }
      next.reset_password = wanted;
    }
  }

  if (!isDeepStrictEqual(next, written)) {
    await marker.set({ key: MARKER.key, value: next });
  }
};
