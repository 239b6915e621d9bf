import type { Db } from '../../platform/db/sql';
import { notify } from './notify';

/**
 * "An import finished" (issue 20): told to the administrator who ran it, with the counts and
 * the skipped rows by reason: "Learner import finished: 120 added, 3 skipped (2 duplicate email
 * in the file, 1 missing name)".
 */
export interface ImportOutcome {
  /** "Learner import", "Question import", ... */
  what: string;
  added: number;
  /** Skipped rows by reason (people imports), or rows with their reasons (question imports). */
  skipped: Record<string, readonly unknown[]> | ReadonlyArray<{ reasons?: readonly string[] }>;
  /** Where the imported records are listed (an SPA path). */
  link: string;
  about?: { type: string; id: string } | null;
}

const reasonCounts = (skipped: ImportOutcome['skipped']): Map<string, number> => {
  const counts = new Map<string, number>();
  if (Array.isArray(skipped)) {
    for (const row of skipped as ReadonlyArray<{ reasons?: readonly string[] }>) {
      const reason = row.reasons?.[0] ?? 'invalid row';
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
  } else {
    for (const [reason, rows] of Object.entries(skipped)) {
      counts.set(reason, (counts.get(reason) ?? 0) + rows.length);
    }
  }
  return counts;
};

export const importMessage = (outcome: ImportOutcome): string => {
  const counts = [...reasonCounts(outcome.skipped)].filter(([, n]) => n > 0);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const detail = counts.map(([reason, n]) => `${n} ${reason.toLowerCase()}`).join(', ');
  return `${outcome.what} finished: ${outcome.added} added, ${total} skipped${total > 0 ? ` (${detail})` : ''}`;
};

/** Tells `userId` (the caller who ran the import; none for a token) that it finished. */
export const notifyImportFinished = async (
  db: Db,
  userId: number | null,
  outcome: ImportOutcome,
): Promise<number> =>
  userId === null
    ? 0
    : notify(db, [userId], {
        kind: 'import-finished',
        message: importMessage(outcome),
        link: outcome.link,
        about: outcome.about ?? null,
      });
