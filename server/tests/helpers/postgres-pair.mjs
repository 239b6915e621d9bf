// Two server processes of one deployment on one PostgreSQL database of their own (a copy of the
// seeded template, as restarted processes find it), for a describe block: booted in its `before`,
// stopped and the database dropped in its `after` (the production layout of issue 25 without the
// balancer; postgres-two-processes.test.mjs starts two processes on an empty one). Register it
// before the block's own hooks (sign-ins).
import { after, before } from 'node:test';
import { createSeededDatabase } from './postgres.mjs';
import { deploymentSecrets, startServer } from './server.mjs';

export function postgresPair(extraEnv = {}) {
  const pair = { one: null, other: null, db: null };
  before(async () => {
    pair.db = await createSeededDatabase();
    const shared = { ...deploymentSecrets(), ...extraEnv };
    pair.one = await startServer({ databaseUrl: pair.db.url, extraEnv: shared });
    pair.other = await startServer({ databaseUrl: pair.db.url, extraEnv: shared });
  });
  after(async () => {
    await pair.one?.stop();
    await pair.other?.stop();
    await pair.db?.drop();
  });
  return pair;
}
