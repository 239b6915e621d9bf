import type { Knex } from 'knex';

/**
 * Prepared statements on PostgreSQL (issue 25): every statement this process sends more than
 * once with bound values goes under a name, so that node-postgres prepares it once per pooled
 * connection and afterwards only binds and executes it. Unnamed, PostgreSQL parsed and planned
 * each call again: the learner check's join took 1.4 ms to plan against 0.05 ms to run, and
 * the start's read of the test through Strapi's query engine (seven tables joined for the
 * learner's read scope) 4.9 ms against 0.3 ms (bench/exam-load, PostgreSQL serial, statements
 * logged). Installed once on knex's client, it covers the hand-written SQL (sqlRows) and every
 * query Strapi builds alike: one place, no second path.
 *
 * - Only statements with values (they already go by the extended protocol, one statement each;
 *   a text without values may hold several statements), and only from their second sighting: the
 *   start-up's one-off statements never take a name.
 * - Never a `*` select: a prepared `SELECT t.*` fails with "cached plan must not change result
 *   type" once another process adds a column to its table (a rolling deploy's migration).
 * - At most MAX_NAMED names per process (each is a plan kept on each connection); the rest run
 *   unnamed, as before.
 * - DATABASE_PREPARED_STATEMENTS=false names nothing: for a pooler that hands one client's
 *   statements to several server connections (PgBouncer before 1.21 in transaction mode).
 */
const MAX_NAMED = 300;
/** Texts counted for their second sighting; past this the counts start again (names stay). */
const MAX_COUNTED = 5_000;

interface QueryObject {
  sql?: string;
  bindings?: readonly unknown[];
  options?: Record<string, unknown>;
}

interface PostgresClient {
  config: { client?: unknown };
  _query(connection: unknown, obj: QueryObject): Promise<unknown>;
}

const PATCHED = Symbol.for('portal.preparedStatements');

/** `*` or `t.*` in a select list (followed by a comma or FROM); not `COUNT(*)` nor `a * b`. */
const STAR_SELECT = /\*\s*(,|from\b)/i;

/** One process's names: a text's name, or how often it was seen unnamed. */
export const createStatementNames = (limits = { named: MAX_NAMED, counted: MAX_COUNTED }) => {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  return {
    /** The name to send `sql` under, or null (run unnamed). */
    nameOf(sql: string, bindings: readonly unknown[] | undefined): string | null {
      if (!bindings || bindings.length === 0) return null;
      const name = names.get(sql);
      if (name) return name;
      if (names.size >= limits.named || STAR_SELECT.test(sql)) return null;
      if (!seen.has(sql)) {
        if (seen.size >= limits.counted) seen.clear();
        seen.set(sql, 1);
        return null;
      }
      seen.delete(sql);
      const next = `portal_${names.size + 1}`;
      names.set(sql, next);
      return next;
    },
    get size(): number {
      return names.size;
    },
  };
};

const isPostgresClient = (client: PostgresClient): boolean =>
  ['pg', 'postgres', 'postgresql'].includes(String(client.config.client));

/**
 * Names the repeated statements sent through this knex instance's kind of client (PostgreSQL
 * only; once per process). knex makes each transaction's client from the client's prototype, not
 * from the instance, so the prototype's `_query` is the one place every statement passes.
 */
export const preparePostgresStatements = (knex: Knex): void => {
  const client = (knex as unknown as { client: PostgresClient }).client;
  const proto = Object.getPrototypeOf(client) as PostgresClient & { [PATCHED]?: true };
  if (
    process.env.DATABASE_PREPARED_STATEMENTS === 'false' ||
    !isPostgresClient(client) ||
    proto[PATCHED]
  ) {
    return;
  }
  const names = createStatementNames();
  const send = proto._query;
  proto._query = function named(this: PostgresClient, connection, obj) {
    const name = obj.sql && !obj.options?.name ? names.nameOf(obj.sql, obj.bindings) : null;
    if (name) obj.options = { ...obj.options, name };
    return send.call(this, connection, obj);
  };
  proto[PATCHED] = true;
};
