import { PassThrough } from 'node:stream';
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { knexOf, sqlRows, toDate } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import type { Context } from '../../platform/http/request';
import { countsOf, ownUser } from './inbox';

/**
 * GET /api/notifications/stream (issue 20): server-sent events on one connection per signed-in
 * tab, through the same origin. The browser gets `event: notifications` with
 * `{ unread, total }` at once and again whenever its user's notifications change; a comment every
 * 25 s keeps proxies from closing the line. A closed tab closes the request, which drops the
 * client.
 *
 * How a change is found: each process looks once per NOTIFICATION_STREAM_POLL_MS (2 s) at the
 * newest `notifications.updated_at` (an index), and only when it moved, at which of its connected
 * users have rows changed since; so any process's writes (another server, a cron) reach every
 * stream, and the exam's save path is never touched. No query runs while nobody is connected.
 */
interface Client {
  userId: number;
  stream: PassThrough;
  sent: string;
}

const clients = new Map<number, Set<Client>>();
let clientCount = 0;
let poller: NodeJS.Timeout | null = null;
let pinger: NodeJS.Timeout | null = null;
let seen: Date | null = null;
let polling = false;

const intSetting = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const pollMs = (): number => intSetting('NOTIFICATION_STREAM_POLL_MS', 2_000);
const perUser = (): number => intSetting('NOTIFICATION_STREAMS_PER_USER', 8);
const perProcess = (): number => intSetting('NOTIFICATION_STREAMS_MAX', 2_000);
const PING_MS = 25_000;

const send = (client: Client, counts: { unread: number; total: number }): void => {
  const payload = JSON.stringify(counts);
  if (payload === client.sent) {
    return;
  }
  client.sent = payload;
  client.stream.write(`event: notifications\ndata: ${payload}\n\n`);
};

const CHUNK = 500;

const poll = async (strapi: Core.Strapi): Promise<void> => {
  if (polling || clientCount === 0) {
    return;
  }
  polling = true;
  try {
    const db = knexOf(strapi);
    const [newest] = await sqlRows<{ m: unknown }>(
      db,
      'SELECT MAX(updated_at) AS m FROM notifications',
    );
    const latest = toDate(newest?.m);
    if (!latest || (seen && latest.getTime() < seen.getTime())) {
      return;
    }
    const since = seen ?? new Date(0);
    seen = latest;
    const users = [...clients.keys()];
    for (let i = 0; i < users.length; i += CHUNK) {
      const part = users.slice(i, i + CHUNK);
      // `>=`: a row committed later with the same millisecond is looked at again; unchanged counts
      // are not sent twice (Client.sent).
      const changed = await sqlRows<{ user_id: number | string }>(
        db,
        `SELECT DISTINCT l.user_id FROM notifications n JOIN notifications_to_user_lnk l ON l.notification_id = n.id
          WHERE n.updated_at >= ? AND l.user_id IN (${part.map(() => '?').join(', ')})`,
        [since, ...part],
      );
      for (const { user_id } of changed) {
        const userId = Number(user_id);
        const counts = await countsOf(db, userId);
        for (const client of clients.get(userId) ?? []) {
          send(client, counts);
        }
      }
    }
  } catch (error) {
    strapi.log.warn(
      `Notification stream poll failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    polling = false;
  }
};

const startTimers = (strapi: Core.Strapi): void => {
  poller ??= setInterval(() => void poll(strapi), pollMs());
  pinger ??= setInterval(() => {
    for (const set of clients.values()) {
      for (const client of set) {
        client.stream.write(': ping\n\n');
      }
    }
  }, PING_MS);
  poller.unref();
  pinger.unref();
};

const drop = (client: Client): void => {
  const set = clients.get(client.userId);
  if (set?.delete(client)) {
    clientCount -= 1;
    if (set.size === 0) {
      clients.delete(client.userId);
    }
  }
  client.stream.end();
};

/** Opens the caller's stream on `ctx` (429 past 8 tabs of one user, 503 when the process is full). */
export const openStream = async (
  strapi: Core.Strapi,
  caller: Caller,
  ctx: Context,
): Promise<void> => {
  const user = ownUser(caller, undefined);
  const own = clients.get(user.userId) ?? new Set<Client>();
  if (own.size >= perUser()) {
    throw new HttpError(
      429,
      'Too many open notification streams: close a tab, the bell keeps working.',
    );
  }
  if (clientCount >= perProcess()) {
    throw new HttpError(
      503,
      'The live notification stream is busy; the bell checks every minute instead.',
    );
  }
  const counts = await countsOf(knexOf(strapi), user.userId);
  const stream = new PassThrough();
  const client: Client = { userId: user.userId, stream, sent: '' };
  own.add(client);
  clients.set(user.userId, own);
  clientCount += 1;
  seen ??= new Date();
  startTimers(strapi);
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.on('close', () => drop(client));
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.status = 200;
  ctx.body = stream;
  stream.write('retry: 10000\n\n');
  send(client, counts);
};

/** How many streams this process holds (tests, the bench). */
export const openStreamCount = (): number => clientCount;

/** Ends every stream and stops the timers (the server's shutdown). */
export const closeStreams = (): void => {
  for (const set of [...clients.values()]) {
    for (const client of [...set]) {
      drop(client);
    }
  }
  if (poller) clearInterval(poller);
  if (pinger) clearInterval(pinger);
  poller = null;
  pinger = null;
  seen = null;
};
