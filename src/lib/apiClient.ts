// The only module that imports axios. Every call of the SPA goes through `apiClient`.
import axios, { AxiosHeaders, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { userToken } from './authToken';
import { logGeneration, recordNetworkLog } from './diagnosticLogs';
import { env } from './env';
import { toApiError } from './strapi';

/** Types the API layer (store/api.ts) needs, so that no other file imports axios. */
export type { AxiosProgressEvent, ResponseType } from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Send no Authorization header at all: no user JWT, no default token, and any header the
     * caller set is removed. For pre-signed storage URLs and file downloads, which must never
     * receive our credentials.
     */
    skipAuth?: boolean;
  }
}

export const apiClient = axios.create({
  baseURL: env.apiBaseUrl,
  headers: { Accept: 'application/json' },
});

// When each request left, for the diagnostic network log (method, URL, status, duration only).
// The log generation it left in, so a request still running at sign-out is not logged after it.
const startedAt = new WeakMap<InternalAxiosRequestConfig, { at: number; generation: number }>();

function recordCall(config: InternalAxiosRequestConfig | undefined, status: number | null): void {
  if (!config) return;
  const started = startedAt.get(config);
  let url = config.url ?? '';
  try {
    url = apiClient.getUri(config);
  } catch {
    // Keep the bare URL.
  }
  recordNetworkLog(
    {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      status,
      durationMs:
        started === undefined ? 0 : Math.max(0, Math.round(performance.now() - started.at)),
      timestamp: new Date().toISOString(),
    },
    started?.generation,
  );
}

apiClient.interceptors.request.use((config) => {
  startedAt.set(config, { at: performance.now(), generation: logGeneration() });
  const headers = AxiosHeaders.from(config.headers);
  if (config.skipAuth) {
    headers.delete('Authorization');
  } else if (!headers.has('Authorization')) {
    // A signed-in user's JWT first; otherwise the least-privilege default token of a visitor.
    const token = userToken() || env.defaultApiToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers = headers;
  return config;
});

apiClient.interceptors.response.use(
  (response) => {
    recordCall(response.config, response.status);
    return response;
  },
  (error: AxiosError) => {
    recordCall(error.config, error.response?.status ?? null);
    // Rejected with the response body when there is one, with "Wrong Services" when there is none.
    if (error.response) {
      return Promise.reject(toApiError(error.response.data, error.response.status));
    }
    return Promise.reject(toApiError(undefined, null));
  },
);
