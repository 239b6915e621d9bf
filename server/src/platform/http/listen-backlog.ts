import type { Server } from 'node:http';

/**
 * The kernel's queue of connections waiting for the server to accept them (HTTP_LISTEN_BACKLOG,
 * default 4096; Linux caps it at net.core.somaxconn). Node's default is 511. When an exam opens,
 * every learner's browser connects within seconds while the one process is busy; past the queue
 * the kernel drops the connection and the browser retries after 1, 3, 7, 15 s (TCP's backoff):
 * bench/exam-load saw ~6,000 dropped connections and saves waiting up to 28 s before the server
 * could read them. Strapi calls listen(port, host, callback); the backlog is added there.
 */
export const DEFAULT_LISTEN_BACKLOG = 4096;

export const listenBacklog = (value: string | undefined): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_LISTEN_BACKLOG;
};

type Listen = (...args: unknown[]) => Server;

export const installListenBacklog = (server: Server, backlog: number): void => {
  const listen = server.listen.bind(server) as Listen;
  (server as unknown as { listen: Listen }).listen = (...args: unknown[]): Server => {
    // (port, host, callback) → (port, host, backlog, callback); any other form is left as it is.
    if (
      args.length === 3 &&
      typeof args[0] === 'number' &&
      typeof args[1] === 'string' &&
      typeof args[2] === 'function'
    ) {
      return listen(args[0], args[1], backlog, args[2]);
    }
    return listen(...args);
  };
};
