import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring URLs of private files (issue 18 point 15). A private file's raw
 * `/uploads/<name>` answers 404; callers allowed to read its record receive
 * `/uploads/<name>?exp=<epoch s>&sig=<hmac>` instead (an <a href> cannot send a Bearer header).
 * The signature covers the path and the expiry, with a key derived from APP_KEYS, so every process
 * of a deployment accepts the URLs of the others.
 */
interface Settings {
  secret: Buffer;
  ttlSeconds: number;
}

let settings: Settings | null = null;

/** Expiries are rounded up to this step, so repeated answers give the same URL (browser cache). */
const STEP_SECONDS = 300;

const DEFAULT_TTL_SECONDS = 3600;

/** Reads APP_KEYS and FILE_URL_TTL_SECONDS (1 to 7 days; default 1 hour); fails the start when invalid. */
export const configureFileUrls = (
  appKeys: readonly string[],
  ttlInput: string | undefined,
): void => {
  const keys = appKeys.join(',');
  if (!keys) {
    throw new Error('APP_KEYS is needed to sign file URLs.');
  }
  const ttl = Number((ttlInput ?? '').trim() || DEFAULT_TTL_SECONDS);
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 7 * 24 * 3600) {
    throw new Error('FILE_URL_TTL_SECONDS must be a whole number of seconds (60 to 604800).');
  }
  settings = {
    secret: createHash('sha256').update(`portal-private-file-url|${keys}`).digest(),
    ttlSeconds: ttl,
  };
};

const current = (): Settings => {
  if (!settings) {
    throw new Error('File URLs are signed only after configureFileUrls (bootstrap).');
  }
  return settings;
};

const signature = (secret: Buffer, path: string, expires: number): string =>
  createHmac('sha256', secret).update(`${path}|${expires}`).digest('hex');

/**
 * A local file's URL with its signature; absolute URLs (object storage) are returned unchanged.
 * `now` in milliseconds.
 */
export const signFileUrl = (url: string, now: number = Date.now()): string => {
  if (!url.startsWith('/') || url.includes('?')) {
    return url;
  }
  const { secret, ttlSeconds } = current();
  const expires = Math.ceil((now / 1000 + ttlSeconds) / STEP_SECONDS) * STEP_SECONDS;
  return `${url}?exp=${expires}&sig=${signature(secret, url, expires)}`;
};

/** True when `sig` signs `path` until `exp`, and `exp` has not passed. */
export const verifyFileUrl = (
  path: string,
  exp: unknown,
  sig: unknown,
  now: number = Date.now(),
): boolean => {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) {
    return false;
  }
  const expires = Number(exp);
  if (expires * 1000 < now) {
    return false;
  }
  const expected = Buffer.from(signature(current().secret, path, expires), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Seconds until `exp` (for Cache-Control), at least 0. */
export const secondsLeft = (exp: unknown, now: number = Date.now()): number =>
  Math.max(0, Math.floor(Number(exp) - now / 1000));

interface FileLike {
  url?: unknown;
  formats?: unknown;
}

/** A file record (REST or GraphQL shape) with its URL and its image formats' URLs signed. */
export const signFileRecord = <T extends FileLike>(file: T, now: number = Date.now()): T => {
  const out = { ...file };
  if (typeof file.url === 'string') {
    out.url = signFileUrl(file.url, now);
  }
  if (file.formats && typeof file.formats === 'object' && !Array.isArray(file.formats)) {
    out.formats = Object.fromEntries(
      Object.entries(file.formats as Record<string, unknown>).map(([name, format]) => [
        name,
        format && typeof format === 'object' && typeof (format as FileLike).url === 'string'
          ? { ...format, url: signFileUrl((format as { url: string }).url, now) }
          : format,
      ]),
    );
  }
  return out;
};
