import { oauthSettings, type OAuthSettings } from './config';

/**
 * The host's ZAK (Zoom Access Key) through Zoom's server-to-server OAuth (issue 21): an account
 * access token (POST /oauth/token?grant_type=account_credentials, Basic client id:secret), kept
 * until a minute before it expires, then GET /users/{host}/token?type=zak. Every call has a 5 s
 * timeout; any failure answers null (the caller then joins as an attendee with a note) and is
 * logged without the secret or the token.
 */
const TIMEOUT_MS = 5000;

interface CachedToken {
  key: string;
  token: string;
  expiresAt: number;
}

let cached: CachedToken | null = null;

/** Forgets the cached access token (tests; a changed configuration is also detected by key). */
export const forgetZoomToken = (): void => {
  cached = null;
};

type Log = (message: string) => void;

const cacheKey = (s: OAuthSettings): string => `${s.oauthUrl}|${s.accountId}|${s.clientId}`;

const accessToken = async (s: OAuthSettings): Promise<string> => {
  const key = cacheKey(s);
  if (cached && cached.key === key && cached.expiresAt > Date.now()) {
    return cached.token;
  }
  const url = `${s.oauthUrl}/oauth/token?grant_type=account_credentials&account_id=${encodeURIComponent(s.accountId)}`;
  const basic = Buffer.from(`${s.clientId}:${s.clientSecret}`).toString('base64');
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) {
    throw new Error(`Zoom OAuth answered ${res.status}`);
  }
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new Error('Zoom OAuth answered no access token');
  }
  const seconds = Number(body.expires_in);
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : 3600;
  cached = {
    key,
    token: body.access_token,
    expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000,
  };
  return body.access_token;
};

const fetchZak = async (s: OAuthSettings, token: string): Promise<Response> =>
  fetch(`${s.apiUrl}/users/${encodeURIComponent(s.hostUser)}/token?type=zak`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });

/** The host's ZAK, or null (not configured, or Zoom refused or did not answer in time). */
export const hostZak = async (log?: Log): Promise<string | null> => {
  const settings = oauthSettings();
  if (!settings) {
    return null;
  }
  try {
    let res = await fetchZak(settings, await accessToken(settings));
    if (res.status === 401) {
      // The cached token was revoked or expired early: one fresh token, once.
      cached = null;
      res = await fetchZak(settings, await accessToken(settings));
    }
    if (!res.ok) {
      throw new Error(`Zoom API answered ${res.status} for the host's ZAK`);
    }
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' && body.token ? body.token : null;
  } catch (error) {
    log?.(
      `Live classes: no Zoom host key (ZAK), joining as an attendee: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
    return null;
  }
};

export const HOST_NOTE =
  'You joined as an attendee: this server could not get a Zoom host key (ZAK). To start the ' +
  'meeting as its host, start it in the Zoom app or at zoom.us with the host account, then ' +
  "join here; or ask an administrator to set up Zoom's server-to-server OAuth app " +
  '(docs/operations.md).';
