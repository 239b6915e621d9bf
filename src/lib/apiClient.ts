// The only module that imports axios. Every call of the SPA goes through `apiClient`.
import axios, { AxiosHeaders, type AxiosError } from 'axios';
import { env } from './env';
import { toApiError } from './strapi';

type TokenGetter = () => string | null | undefined;

let getUserToken: TokenGetter = () => null;

/** The store tells the client where the signed-in user's JWT lives (lib imports no feature). */
export function configureAuthToken(getter: TokenGetter): void {
  getUserToken = getter;
}

export const apiClient = axios.create({
  baseURL: env.apiBaseUrl,
  headers: { Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const headers = AxiosHeaders.from(config.headers);
  if (!headers.has('Authorization')) {
    // A signed-in user's JWT first; otherwise the least-privilege default token of a visitor.
    const token = getUserToken() || env.defaultApiToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  config.headers = headers;
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    // Rejected with the response body when there is one, with "Wrong Services" when there is none.
    if (error.response) {
      return Promise.reject(toApiError(error.response.data, error.response.status));
    }
    return Promise.reject(toApiError(undefined, null));
  },
);
