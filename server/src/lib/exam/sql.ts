import type { Knex } from 'knex';
import { createId } from '@paralleldrive/cuid2';

/**
 * Plain SQL helpers of the exam hot path (knex on SQLite and PostgreSQL alike). Strapi 5 keeps a
 * manyToOne relation in a link table `<table>_<field>_lnk (<owner>_id, <target>_id)`; a oneToMany
 * link also carries `<target>_ord`. Rows written here look like rows Strapi writes (a cuid2
 * documentId like Strapi's own, published_at set as draft-and-publish is off, locale null), so the
 * generic REST/GraphQL endpoints read them as usual.
 */
export type Db = Knex | Knex.Transaction;

export const newDocumentId = (): string => createId();

/** A datetime column as SQLite (epoch ms) or PostgreSQL (Date) returns it. */
export const toDate = (value: unknown): Date | null => {
  if (value === null || value === undefined) {
    return null;
  }
  if (value instanceof Date) {
    return value;
  }
  if (typeof value === 'number') {
    return new Date(value);
  }
  if (typeof value === 'string') {
    return new Date(/^\d+$/.test(value) ? Number(value) : value);
  }
  return null;
};

export const iso = (value: unknown): string | null => toDate(value)?.toISOString() ?? null;

/** Decimal/bigint columns come back as text from PostgreSQL. */
export const toNumber = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

export const toBool = (value: unknown): boolean =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true';

export const isPostgres = (db: Db): boolean => {
  const client = (db as unknown as { client?: { config?: { client?: unknown } } }).client?.config
    ?.client;
  return client === 'postgres' || client === 'pg';
};

/** Inserts rows and returns their ids, in chunks (SQLite 3.35+ and PostgreSQL: RETURNING). */
export const insertReturningIds = async (
  db: Db,
  table: string,
  rows: Array<Record<string, unknown>>,
  chunk = 200,
): Promise<Array<{ id: number; document_id: string }>> => {
  const out: Array<{ id: number; document_id: string }> = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const inserted = (await db(table).insert(part).returning(['id', 'document_id'])) as Array<{
      id: number | string;
      document_id: string;
    }>;
    for (const row of inserted) {
      out.push({ id: Number(row.id), document_id: row.document_id });
    }
  }
  return out;
};

export const insertLinks = async (
  db: Db,
  table: string,
  rows: Array<Record<string, unknown>>,
  chunk = 300,
): Promise<void> => {
  for (let i = 0; i < rows.length; i += chunk) {
    await db(table).insert(rows.slice(i, i + chunk));
  }
};

/** The system columns of a new row, as Strapi's document service sets them. */
export const systemColumns = (now: Date): Record<string, unknown> => ({
  document_id: newDocumentId(),
  created_at: now,
  updated_at: now,
  published_at: now,
  locale: null,
});
