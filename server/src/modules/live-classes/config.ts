/**
 * The Zoom configuration of this server (issue 21), read from the environment on every call so a
 * test (or an operator) changes it without a rebuild. Nothing here is ever logged: the SDK secret
 * and the OAuth client secret stay in this process.
 */
export const NOT_CONFIGURED = 'Live classes over Zoom are not configured on this server';

const text = (name: string): string => (process.env[name] ?? '').trim();

export interface SdkCredentials {
  sdkKey: string;
  sdkSecret: string;
}

/** The Meeting SDK's key and secret, or null when either is missing. */
export const sdkCredentials = (): SdkCredentials | null => {
  const sdkKey = text('ZOOM_SDK_KEY');
  const sdkSecret = text('ZOOM_SDK_SECRET');
  return sdkKey && sdkSecret ? { sdkKey, sdkSecret } : null;
};

export const zoomConfigured = (): boolean => sdkCredentials() !== null;

export const DEFAULT_SIGNATURE_TTL = 7200;
export const MIN_SIGNATURE_TTL = 1800;
export const MAX_SIGNATURE_TTL = 172_800;

/** ZOOM_SIGNATURE_TTL_SECONDS (default 2 h), clamped to Zoom's 1,800..172,800 s. */
export const signatureTtlSeconds = (value = process.env.ZOOM_SIGNATURE_TTL_SECONDS): number => {
  const n = Number(value);
  const ttl =
    value !== undefined && value.trim() !== '' && Number.isFinite(n)
      ? Math.floor(n)
      : DEFAULT_SIGNATURE_TTL;
  return Math.min(MAX_SIGNATURE_TTL, Math.max(MIN_SIGNATURE_TTL, ttl));
};

export interface OAuthSettings {
  accountId: string;
  clientId: string;
  clientSecret: string;
  hostUser: string;
  oauthUrl: string;
  apiUrl: string;
}

/** Zoom's server-to-server OAuth app (for the host's ZAK), or null when not configured. */
export const oauthSettings = (): OAuthSettings | null => {
  const accountId = text('ZOOM_ACCOUNT_ID');
  const clientId = text('ZOOM_CLIENT_ID');
  const clientSecret = text('ZOOM_CLIENT_SECRET');
  if (!accountId || !clientId || !clientSecret) {
    return null;
  }
  return {
    accountId,
    clientId,
    clientSecret,
    hostUser: text('ZOOM_HOST_USER') || 'me',
    oauthUrl: (text('ZOOM_OAUTH_URL') || 'https://zoom.us').replace(/\/+$/, ''),
    apiUrl: (text('ZOOM_API_URL') || 'https://api.zoom.us/v2').replace(/\/+$/, ''),
  };
};

/** ZOOM_SIGNATURE_PER_MINUTE (default 20): signatures one user may ask for in a minute. */
export const signaturesPerMinute = (): number => {
  const n = Number(process.env.ZOOM_SIGNATURE_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 20;
};
