/**
 * Duplicate questions in an import (issue 26): a row with the same text and options (spaces and
 * letter case aside) as a question already where the import goes (the pool, or the test's or
 * assignment's questions), or as an earlier row of the same file. They are reported and left
 * out, unless the caller asks to import them anyway.
 */
import type { Core } from '@strapi/strapi';
import type { AcceptedRow } from './question-rows';

export interface DuplicateRow {
  row: number;
  question: string;
  reason: string;
}

type Texts = Partial<
  Record<'question' | 'option_a' | 'option_b' | 'option_c' | 'option_d', unknown>
>;

const norm = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : '';

/** Two questions are the same when their text and four options are. */
export const questionKey = (q: Texts): string =>
  [q.question, q.option_a, q.option_b, q.option_c, q.option_d].map(norm).join('\u0000');

const FIELDS = ['question', 'option_a', 'option_b', 'option_c', 'option_d'];

/** The keys of the questions already where the import goes. */
export const existingKeys = async (
  strapi: Core.Strapi,
  owner: { field: 'test' | 'assignment'; documentId: string } | null,
): Promise<Set<string>> => {
  const rows = (
    owner
      ? await strapi.db.query('api::question.question').findMany({
          select: FIELDS,
          where: { [owner.field]: { documentId: owner.documentId } },
        })
      : await strapi.db.query('api::question-pool.question-pool').findMany({ select: FIELDS })
  ) as Texts[];
  return new Set(rows.map(questionKey));
};

/** Splits the accepted rows into new ones and duplicates (of `existing` or of an earlier row). */
export const splitDuplicates = (
  rows: readonly AcceptedRow[],
  existing: ReadonlySet<string>,
  where: string,
): { fresh: AcceptedRow[]; duplicates: DuplicateRow[] } => {
  const seen = new Map<string, number>();
  const fresh: AcceptedRow[] = [];
  const duplicates: DuplicateRow[] = [];
  for (const row of rows) {
    const key = questionKey(row.values);
    const earlier = seen.get(key);
    if (existing.has(key)) {
      duplicates.push({
        row: row.row,
        question: row.values.question,
        reason: `Same text and options as a question already in ${where}`,
      });
    } else if (earlier !== undefined) {
      duplicates.push({
        row: row.row,
        question: row.values.question,
        reason: `Same text and options as line/row ${earlier} of this file`,
      });
    } else {
      seen.set(key, row.row);
      fresh.push(row);
      continue;
    }
    if (earlier === undefined) seen.set(key, row.row);
  }
  return { fresh, duplicates };
};
