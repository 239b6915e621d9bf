// The one server-sent event stream of the SPA. The browser's EventSource cannot send headers, and
// the stream needs the signed-in user's JWT (`Authorization: Bearer …`, read the way
// lib/apiClient.ts reads it), so this wraps @microsoft/fetch-event-source (docs/decisions.md,
// issue 20). The library loads with the first stream, not with the first page.
import { userToken } from './authToken';
import { env } from './env';

/** One event as the server sent it (`event:` and `data:` lines); comments (pings) never arrive. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamHandlers {
  onEvent: (event: StreamEvent) => void;
  /** The stream is open (again). */
  onOpen?: () => void;
  /**
   * The stream is given up: refused (401, 404, not an event stream), no signed-in user, or the
   * network failed several times in a row. The caller falls back (polling); it is not retried.
   */
  onFail: (reason: unknown) => void;
}

/** A dropped connection is tried again this many times in a row, waiting longer each time. */
export const STREAM_RETRIES = 3;
export const STREAM_RETRY_MS = 5000;

class StreamRefused extends Error {}

/**
 * Opens `GET <api>/<path>` as an event stream and answers the function that closes it. The stream
 * also closes when the page is left (`pagehide`); while the tab is hidden the library closes it
 * and opens it again when the tab is shown.
 */
export function openEventStream(path: string, handlers: EventStreamHandlers): () => void {
  const controller = new AbortController();
  const close = () => {
    controller.abort();
    window.removeEventListener('pagehide', close);
  };
  window.addEventListener('pagehide', close);
  const token = userToken();
  if (!token) {
    close();
    handlers.onFail(new StreamRefused('No signed-in user'));
    return close;
  }
  let failures = 0;
  void import('@microsoft/fetch-event-source')
    .then(({ fetchEventSource, EventStreamContentType }) =>
      fetchEventSource(new URL(`${env.apiBaseUrl}${path}`, window.location.origin).href, {
        signal: controller.signal,
        headers: { Authorization: `Bearer ${token}`, Accept: EventStreamContentType },
        onopen: async (response) => {
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith(EventStreamContentType)) {
            throw new StreamRefused(`The event stream answered ${response.status}`);
          }
          failures = 0;
          handlers.onOpen?.();
          return Promise.resolve();
        },
        onmessage: (message) => {
          if (message.event || message.data) {
            handlers.onEvent({ event: message.event, data: message.data });
          }
        },
        onclose: () => {
          // The server ended the stream (a restart): open it again like a dropped connection.
          throw new Error('The event stream closed');
        },
        onerror: (error: unknown) => {
          failures += 1;
          if (error instanceof StreamRefused || failures > STREAM_RETRIES) throw error;
          return STREAM_RETRY_MS * failures;
        },
      }),
    )
    .catch((error: unknown) => {
      if (controller.signal.aborted) return;
      close();
      handlers.onFail(error);
    });
  return close;
}
