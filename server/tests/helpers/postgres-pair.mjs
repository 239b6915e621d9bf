// Two server processes of one deployment on one fresh PostgreSQL database, for a describe block:
// booted in its `before`, stopped and the database dropped in its `after` (the production layout
// of issue 25 without the balancer). Register it before the block's own hooks (sign-ins).
import { after, before } from 'node:test';
import { createTestDatabase } from './postgres.mjs';
import { deploymentSecrets, startServer } from './server.mjs';

export function postgresPair(extraEnv = {}) {
  const pair = { one: null, other: null, db: null };
  before(async () => {
    pair.db = await createTestDatabase();
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
