// The one way the SPA loads and changes server data (docs/architecture.md): Redux Toolkit Query
// over the one axios client. This file holds the empty API; each area injects its endpoints from
// its own folder (`api.injectEndpoints` in `features/<area>/<area>Endpoints.ts`), so an area's
// calls load with its lazy screens. Screens use the generated hooks; nothing else calls the client.
// The client itself (lib/apiClient.ts, axios) is loaded by the first call: the sign-in page paints
// without it.
// The API (RTK Query, its cache and middleware) is not part of the first visit (issue 25): the
// store starts without it, and this module injects its slice and middleware into the store's
// when it is first imported, by the first signed-in screen (every caller imports `api` from here,
// so nothing can use it before it is in the store). The sign-in page's two calls are the one
// exception (lib/plainCall.ts).
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { lateMiddleware, slices, slicesInjected } from './store';
import type { AxiosProgressEvent, ResponseType } from '../lib/apiClient';
import {
  GENERIC_ERROR_MESSAGE,
  errorMessage,
  isApiError,
  toApiError,
  type ApiError,
} from '../lib/strapi';

/** One call: a URL (with its query string, built by the area's URL helpers) and what to send. */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body, or FormData for a file. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `blob` for downloads (exports, templates); the endpoint turns it into a file, never caches it. */
  responseType?: ResponseType;
  /** Upload progress, for the few calls that send files (the argument is not kept in the cache). */
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  /** Download progress, for exports (see store/downloads.ts). */
  onDownloadProgress?: (event: AxiosProgressEvent) => void;
  /** Pre-signed storage URLs must never receive our credentials (see lib/apiClient.ts). */
  skipAuth?: boolean;
  timeout?: number;
}

/** Every failed call, in every screen, is this one shape (lib/strapi.ts ApiError). */
export type QueryError = ApiError;

/** One call's answer inside an endpoint's `queryFn`. */
export type Fetched = { data?: unknown; error?: QueryError };
/** The base query as a `queryFn` receives it, for endpoints that make several calls. */
export type Fetch = (request: string | ApiRequest) => Fetched | PromiseLike<Fetched>;

/** What a call tells besides its body: the response headers (an export's skipped questions). */
export interface CallMeta {
  headers: Record<string, string>;
}

const headersOf = (headers: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return out;
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof value === 'string') out[key.toLowerCase()] = value;
  }
  return out;
};

/** The headers of a call's meta (see CallMeta), or none. */
export const headersOfMeta = (meta: unknown): Record<string, string> => {
  const headers = (meta as Partial<CallMeta> | undefined)?.headers;
  return typeof headers === 'object' && headers !== null ? headers : {};
};

export const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, QueryError> = async (
  request,
  { signal },
) => {
  const call = typeof request === 'string' ? { url: request } : request;
  try {
    // The client (and axios) load with the first call, not with the first page.
    const { apiClient } = await import('../lib/apiClient');
    // A call dropped while the client loaded (a sign-out resets the cache) never leaves: it
    // would otherwise be sent, and logged, after the signed-out user's trail was cleared.
    if (signal.aborted) return { error: toApiError(undefined, null) };
    const response = await apiClient.request({
      url: call.url,
      method: call.method ?? 'GET',
      data: call.body,
      headers: call.headers,
      responseType: call.responseType,
      onUploadProgress: call.onUploadProgress,
      onDownloadProgress: call.onDownloadProgress,
      skipAuth: call.skipAuth,
      timeout: call.timeout,
      signal,
    });
    const meta: CallMeta = { headers: headersOf(response.headers) };
    return { data: response.data, meta };
  } catch (failure: unknown) {
    // The client's interceptor already turned every failure into an ApiError.
    return { error: isApiError(failure) ? failure : toApiError(undefined, null) };
  }
};

/**
 * What the cache is refreshed by. A write invalidates the tags of what it changed; every list
 * that shows such records refetches once, wherever it is on screen.
 */
export const TAG_TYPES = [
  'Assignment',
  'Batch',
  'Category',
  'Course',
  'CourseContent',
  'Diagnostics',
  'Exam',
  'Faculty',
  'Institute',
  'Learner',
  'LiveClass',
  'Mains',
  'Media',
  'Notification',
  'Question',
  'Result',
  'Subject',
  'Test',
  'User',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAG_TYPES,
  // A screen that opens shows what the cache holds at once and reads the server again: records
  // change in other screens (not every write goes through a tag yet) and on other devices.
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}
slices.inject(api);
lateMiddleware.addMiddleware(api.middleware);
slicesInjected();

/** The message a screen shows for a failed query or mutation (one wording for every screen). */
export function queryErrorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string | null {
  if (error === undefined || error === null) return null;
  return errorMessage(error, fallback);
}
