import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAuthToken } from '../../src/lib/authToken';
import { openEventStream, type StreamEvent } from '../../src/lib/eventStream';
import { server } from '../msw/server';

const encoder = new TextEncoder();

afterEach(() => configureAuthToken(() => null));

describe('the event stream wrapper', () => {
  it('sends the JWT, hands over each event (not the pings) and closes', async () => {
    configureAuthToken(() => 'user-jwt');
    let authorization: string | null = null;
    let aborted = false;
    server.use(
      http.get('*/api/notifications/stream', ({ request }) => {
        authorization = request.headers.get('authorization');
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(': ping\n\n'));
            controller.enqueue(
              encoder.encode('event: notifications\ndata: {"unread": 2, "total": 7}\n\n'),
            );
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const events: StreamEvent[] = [];
    const onOpen = vi.fn();
    const onFail = vi.fn();
    const close = openEventStream('/notifications/stream', {
      onEvent: (event) => events.push(event),
      onOpen,
      onFail,
    });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ event: 'notifications', data: '{"unread": 2, "total": 7}' });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(authorization).toBe('Bearer user-jwt');
    close();
    await vi.waitFor(() => expect(aborted).toBe(true));
    expect(onFail).not.toHaveBeenCalled();
  });

  it('gives up at once when the server refuses the stream', async () => {
    configureAuthToken(() => 'user-jwt');
    server.use(
      http.get('*/api/notifications/stream', () => new HttpResponse(null, { status: 404 })),
    );
    const onFail = vi.fn();
    openEventStream('/notifications/stream', { onEvent: vi.fn(), onFail });
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
  });

  it('opens nothing without a signed-in user', () => {
    const onFail = vi.fn();
    openEventStream('/notifications/stream', { onEvent: vi.fn(), onFail });
    expect(onFail).toHaveBeenCalledTimes(1);
  });
});
