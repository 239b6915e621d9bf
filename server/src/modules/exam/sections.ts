/**
 * Sections with their own timers (issue 23), the attempt's side: the section columns of an
 * attempt, the lazy move by the server's clock (on any read, resume, refused save or move; no
 * background timer: a section's end is computed from the stored times whenever the attempt is
 * looked at), and what the learner's player receives (questions of the open sections only, the
 * section tabs and clocks). The pure rules are in section-plan.ts.
 *
 * The hot save path needs none of this: each answer row carries its section and the attempt row
 * its current section and that section's end, so the save's one UPDATE checks them (save.ts).
 */
import type { Db } from '../../platform/db/sql';
import { sqlRows, toDate, toNumber } from '../../platform/db/sql';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import type { AttemptRow, Data } from './attempt-rows';
import {
  byClock,
  type Moved,
  type SectionCursor,
  type SectionPlan,
  sectionView,
  storedPlan,
} from './section-plan';

/** The attempt's plan and cursor, or null (a test without sections, or an old attempt). */
export const sectionsOf = (
  attempt: AttemptRow,
): { plan: SectionPlan; cursor: SectionCursor } | null => {
  const plan = storedPlan(attempt.section_plan);
  const index = toNumber(attempt.section_index);
  const endsAt = toDate(attempt.section_ends_at);
  if (!plan || index === null || !endsAt) return null;
  return { plan, cursor: { index, endsAt, graceUntil: toDate(attempt.section_grace_until) } };
};

/** The attempt's section columns for `moved` (and its new end, never later than the stored one). */
const columnsOf = (attempt: AttemptRow, moved: Moved): Data => {
  const expires = toDate(attempt.expires_at);
  const end =
    moved.expiresAt && (!expires || moved.expiresAt < expires) ? moved.expiresAt : expires;
  return {
    section_plan: JSON.stringify(moved.plan),
    section_index: moved.cursor.index,
    section_ends_at: moved.cursor.endsAt,
    section_grace_until: moved.cursor.graceUntil,
    expires_at: end,
  };
};

/**
 * Writes a move if the attempt is still open and still in the section it was read in (a move
 * racing another changes nothing; moves by the clock are the same whoever writes them). Returns
 * the attempt as it now is, or null when another write won.
 */
export const writeMove = async (
  db: Db,
  attempt: AttemptRow,
  moved: Moved,
): Promise<AttemptRow | null> => {
  const columns = columnsOf(attempt, moved);
  const keys = Object.keys(columns);
  const done = await sqlRows(
    db,
    `UPDATE attempts SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = ?
      WHERE id = ? AND end_date_time IS NULL AND section_index = ? RETURNING id`,
    [...keys.map((k) => columns[k]), new Date(), attempt.id, toNumber(attempt.section_index)],
  );
  return done.length === 1 ? { ...attempt, ...columns } : null;
};

/** The attempt with its sections moved on by the server's clock (written when they moved). */
export const settleSections = async (
  db: Db,
  attempt: AttemptRow,
  now: Date = new Date(),
): Promise<AttemptRow> => {
  const sections = sectionsOf(attempt);
  if (!sections || attempt.end_date_time) return attempt;
  const moved = byClock(sections.plan, sections.cursor, now, GRACE_MS);
  if (!moved) return attempt;
  const written = await writeMove(db, attempt, moved);
  if (written) return written;
  // Another request moved it first: read what it wrote.
  const [row] = await sqlRows<Data>(
    db,
    `SELECT section_plan, section_index, section_ends_at, section_grace_until, expires_at,
      end_date_time FROM attempts WHERE id = ? LIMIT 1`,
    [attempt.id],
  );
  return row ? { ...attempt, ...row } : attempt;
};

interface DeliveredQuestion {
  documentId: string;
}
interface DeliveredAnswer {
  question: unknown;
  section?: unknown;
}

/**
 * What the learner receives of an attempt with sections: the questions grouped by section (the
 * attempt's order, shuffled or not, kept within each section), each with its `section`; in fixed
 * order only the sections opened so far (later questions are not sent before their section
 * opens); and the section tabs with their clocks. Without sections: as given, `sections: null`.
 */
export const deliverSections = <Q extends DeliveredQuestion, A extends DeliveredAnswer>(
  attempt: AttemptRow,
  questions: Q[],
  answers: A[],
  now: Date = new Date(),
): { questions: Array<Q & { section?: number }>; answers: A[]; sections: Data | null } => {
  const sections = sectionsOf(attempt);
  if (!sections) {
    return {
      questions,
      answers: answers.map((answer) => {
        const rest = { ...answer };
        delete rest.section;
        return rest;
      }),
      sections: null,
    };
  }
  const sectionOf = new Map<unknown, number>();
  for (const a of answers) sectionOf.set(a.question, toNumber(a.section) ?? 0);
  const last = sections.plan.fixed ? sections.cursor.index : sections.plan.list.length - 1;
  const grouped = questions
    .map((q) => ({ ...q, section: sectionOf.get(q.documentId) ?? 0 }))
    .filter((q) => q.section <= last)
    .sort((a, b) => a.section - b.section); // stable: the attempt's order within a section
  return {
    questions: grouped,
    answers: answers.filter((a) => (toNumber(a.section) ?? 0) <= last),
    sections: sectionView(sections.plan, sections.cursor, now),
  };
};

/**
 * The open section's part of an attempt with sections, what a move or a section's end answers:
 * that section's questions (in the attempt's order, the options shuffled as in the whole read)
 * and their answers, and the section tabs. The player already holds every other section it may
 * show (fixed order: the closed ones; free order: every tab since the start), so it replaces
 * this section's questions and answers with these, instead of reading the whole attempt again.
 */
export const sectionPart = <Q extends DeliveredQuestion, A extends DeliveredAnswer>(
  attempt: AttemptRow,
  questions: Q[],
  answers: A[],
  now: Date = new Date(),
): { questions: Array<Q & { section?: number }>; answers: A[]; sections: Data | null } => {
  const delivered = deliverSections(attempt, questions, answers, now);
  const current = sectionsOf(attempt)?.cursor.index ?? 0;
  return {
    questions: delivered.questions.filter((q) => q.section === current),
    answers: delivered.answers.filter((a) => (toNumber(a.section) ?? 0) === current),
    sections: delivered.sections,
  };
};
