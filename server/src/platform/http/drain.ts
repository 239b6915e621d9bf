import type { Server } from 'node:http';

/**
 * Graceful shutdown (issue 25). Strapi's own stop destroys every open connection at once, so a
 * process stopped mid-exam (a deploy, a scale-in) would cut off the answer saves it is handling.
 * Instead, on SIGTERM the process first stops accepting connections (the load balancer sends new
 * ones to the other processes), closes its idle keep-alive connections, answers what is already
 * in flight with `Connection: close`, and waits for those requests to finish, for at most the
 * grace period (SHUTDOWN_GRACE_SECONDS, default 25, under the 30 s most orchestrators wait).
 */

export const DEFAULT_GRACE_SECONDS = 25;

let inFlight = 0;
let draining = false;
const waiters: Array<() => void> = [];

/** Counts the requests the server is handling; installed once, before any other listener. */
export const trackRequests = (server: Server): void => {
  server.prependListener('request', (_request, response) => {
    inFlight += 1;
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) waiters.splice(0).forEach((wake) => wake());
    });
  });
};

/** The grace period from SHUTDOWN_GRACE_SECONDS (0..600), in milliseconds. */
export const graceMs = (value: string | undefined): number => {
  const seconds = Number(value ?? DEFAULT_GRACE_SECONDS);
  const valid = Number.isFinite(seconds) && seconds >= 0 && seconds <= 600;
  return (valid ? seconds : DEFAULT_GRACE_SECONDS) * 1000;
};

export const isDraining = (): boolean => draining;

/**
 * Stops accepting connections and waits for the requests in flight (at most `withinMs`). Answers
 * how long it waited and how many requests were still running when it gave up (0 when all ended).
 */
export const drain = async (
  server: Server,
  withinMs: number,
): Promise<{ waitedMs: number; unfinished: number }> => {
  const started = Date.now();
  draining = true;
  if (server.listening) server.close();
  server.closeIdleConnections();
  if (inFlight > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => waiters.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      }),
    ]);
    clearTimeout(timer);
  }
  return { waitedMs: Date.now() - started, unfinished: inFlight };
};
