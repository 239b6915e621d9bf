/**
 * A section's random draw (issue 26, "Random draws"), the pure part: "N questions drawn at random
 * from the question pool where …", stored in the test's `sections` JSON beside the section's
 * subjects. Only the SHAPE is checked here (the exam module reads stored definitions and must not
 * depend on the catalogue); what the filters mean (a known type, subject, topic, difficulty, tag)
 * and whether enough pool questions match is checked when staff save the test
 * (catalogue/draw-check.ts), with the pool list's own filter rules.
 *
 * Why the draw carries its own marks: pool questions carry different marks, and a random pick of
 * them would give learners different maximum marks. Every drawn question is worth the draw's
 * `marks` (and costs its `negative` when wrong), so each learner's total is out of the same
 * maximum, as a Moodle random slot carries the slot's mark.
 */
import { HttpError } from '../../platform/http/errors';

/** The pool list's filters a draw may use (GET /api/questionPool-search's names). */
export interface DrawFilters {
  type: string | null;
  /** A subject's documentId, or `none`. */
  subject: string | null;
  /** A topic's documentId, or `none`. */
  topic: string | null;
  /** easy | medium | hard | none. */
  difficulty: string | null;
  tag: string | null;
}

export interface DrawRule {
  /** How many questions each learner gets: 1..MAX_DRAW. */
  count: number;
  /** Points for a correct answer to each drawn question (> 0). */
  marks: number;
  /** Points taken for a wrong answer (≥ 0; 0: no negative marking). */
  negative: number;
  filters: DrawFilters;
}

export const MAX_DRAW = 200;
export const MAX_DRAW_MARKS = 1000;
export const DRAW_FILTER_NAMES = ['type', 'subject', 'topic', 'difficulty', 'tag'] as const;
const MAX_FILTER = 100;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `sections[i].draw` as stored or sent: null/absent (no draw) or a rule; 400 naming the field. */
export const parseDrawRule = (value: unknown, at: string): DrawRule | null => {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, `${at}: a draw is { count, marks, negative, filters }.`);
  }
  const d = value as Record<string, unknown>;
  const { count, marks } = d;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_DRAW) {
    throw new HttpError(400, `${at}.count: a whole number from 1 to ${MAX_DRAW}.`);
  }
  if (!isNumber(marks) || marks <= 0 || marks > MAX_DRAW_MARKS) {
    throw new HttpError(400, `${at}.marks: a number above 0 and at most ${MAX_DRAW_MARKS}.`);
  }
  const negative = d.negative === undefined || d.negative === null ? 0 : d.negative;
  if (!isNumber(negative) || Math.abs(negative) > MAX_DRAW_MARKS) {
    throw new HttpError(400, `${at}.negative: a number of at most ${MAX_DRAW_MARKS}.`);
  }
  const raw = d.filters ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, `${at}.filters: an object of pool filters.`);
  }
  const filters: DrawFilters = {
    type: null,
    subject: null,
    topic: null,
    difficulty: null,
    tag: null,
  };
  for (const [name, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!(DRAW_FILTER_NAMES as readonly string[]).includes(name)) {
      throw new HttpError(
        400,
        `${at}.filters.${name}: unknown filter (use ${DRAW_FILTER_NAMES.join(', ')}).`,
      );
    }
    if (v === null || v === undefined || v === '') continue;
    if (typeof v !== 'string' || v.trim() === '' || v.length > MAX_FILTER) {
      throw new HttpError(400, `${at}.filters.${name}: text of at most ${MAX_FILTER} characters.`);
    }
    filters[name as keyof DrawFilters] = v.trim();
  }
  // A penalty is stored as its size (the sign is read as a penalty either way, as marking does).
  return { count, marks, negative: Math.abs(negative), filters };
};

/** The questions the draws of a test's sections give each learner. */
export const drawnCount = (draws: Array<DrawRule | null | undefined>): number =>
  draws.reduce((n, d) => n + (d?.count ?? 0), 0);

/** The marks the draws give (count × marks each). */
export const drawnMarks = (draws: Array<DrawRule | null | undefined>): number =>
  draws.reduce((n, d) => n + (d ? d.count * d.marks : 0), 0);
