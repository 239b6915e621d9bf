import type { Core } from '@strapi/strapi';

/** Environment settings of the account flows (password reset), read where they are used. */
type Env = Record<string, string | undefined>;

export const DEFAULT_RESET_CODE_TTL_MINUTES = 60;
export const DEFAULT_PORTAL_NAME = 'Learning Portal';

/** RESET_CODE_TTL_MINUTES: how long an emailed reset link works (default 60). */
export const resetCodeTtlMinutes = (env: Env = process.env): number => {
  const raw = env.RESET_CODE_TTL_MINUTES?.trim();
  if (!raw) {
    return DEFAULT_RESET_CODE_TTL_MINUTES;
  }
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    throw new Error(`RESET_CODE_TTL_MINUTES must be a positive number of minutes, not "${raw}".`);
  }
  return minutes;
};

/** "60 minutes", "1 hour", "2 hours", "1.5 minutes". */
export const describeMinutes = (minutes: number): string => {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** PORTAL_NAME: the name emails sign with (default "Learning Portal"). */
export const portalName = (env: Env = process.env): string =>
  env.PORTAL_NAME?.trim().replace(/\s+/g, ' ') || DEFAULT_PORTAL_NAME;

/** Where users open the portal: PUBLIC_URL, else the server's own URL; no trailing slash. */
export const publicBaseUrl = (strapi: Core.Strapi, env: Env = process.env): string =>
  (env.PUBLIC_URL?.trim() || String(strapi.config.get('server.absoluteUrl', ''))).replace(
    /\/+$/,
    '',
  );
