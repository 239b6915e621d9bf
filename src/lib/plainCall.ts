// The one exception to "the SPA loads server data one way, RTK Query" (docs/decisions.md, "Issue
// 25: first visit"): the sign-in page reads the institute's look and signs in before the store's
// query layer is loaded, so that a first visit does not download it (~13 KB gzip). Those two
// calls, and only they, come here. Still the one axios client (lib/apiClient.ts, loaded with the
// first call like the query layer's base query), so the token, the diagnostic network log and
// the error shape (lib/strapi.ts ApiError, the rejection) are the same as every other call's.

export interface PlainRequest {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** The answer's body; rejects with an ApiError (lib/strapi.ts), as the client's interceptor makes it. */
export async function plainCall<T>({ url, method = 'GET', body }: PlainRequest): Promise<T> {
  const { apiClient } = await import('./apiClient');
  const response = await apiClient.request<T>({ url, method, data: body });
  return response.data;
}
