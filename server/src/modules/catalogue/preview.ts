/**
 * "Preview as a learner" (issue 26): staff see a whole test, a test's question or a pool question
 * exactly as the learner's player gets it, and never start an attempt. Why here and built this way:
 * - The questions are the exam module's own learner views (test-payload.ts for a test,
 *   question-view.ts `questionView` for one question), so the preview cannot drift from what a
 *   learner is sent: a new question type's learner fields appear in both at once.
 * - Nothing is written: no attempt, answer or result row, no counter (the exam's start writes those;
 *   this code only reads). A test asserts the row counts stay the same.
 * - Who may: the same rule as the other staff calls on a test (regrade, accommodations): staff
 *   only (403 for learners), a test the caller sees (404). The key (correct answer, explanation,
 *   marks, numeric range) is added only when staff ask for it with `key=true`, in a map of its own
 *   beside the learner views, so the learner-shaped part stays key-free.
 */
import type { Core } from '@strapi/strapi';
import { isStaff, type Caller } from '../../access/caller';
import { ANSWER_KEY_FIELDS, UID } from '../../access/rules';
import { findVisible } from '../../access/visibility';
import { documentIdOf, knexOf, toNumber } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import {
  pickPoolIds,
  poolRows,
  questionView,
  sectionOfSubject,
  staffTestId,
  testPayload,
} from '../exam';

type Data = Record<string, unknown>;

/**
 * What staff may add to a preview to check the key (never part of a learner's view): the key's
 * fields as the access rules name them, so a new key field is previewed and withheld alike.
 */
const PREVIEW_KEY_FIELDS = ANSWER_KEY_FIELDS;

export type PreviewKey = Record<(typeof PREVIEW_KEY_FIELDS)[number], unknown>;

export interface PreviewSection {
  name: string;
  minutes: number;
}

export interface TestPreview {
  test: {
    documentId: string;
    TestName: string | null;
    TestDuration: number | null;
    mains: boolean;
    sections: PreviewSection[] | null;
  };
  /** The learner's views, in the test's order; `section` as a learner's attempt gets it. */
  questions: Array<Data & { documentId: string; section?: number }>;
  /** question documentId → its key; null unless `key=true`. */
  keys: Record<string, PreviewKey> | null;
}

export interface QuestionPreview {
  question: Data & { documentId: string };
  key: PreviewKey | null;
}

/** `key=true|1` shows the key, absent or `false|0` does not; anything else is a 400. */
export const wantsKey = (query: unknown): boolean => {
  const value = (query as Data | undefined)?.key;
  if (value === undefined || value === 'false' || value === '0') {
    return false;
  }
  if (value === 'true' || value === '1') {
    return true;
  }
  throw new HttpError(400, 'key is true or false.');
};

const TEXT_KEY_FIELDS: ReadonlySet<string> = new Set(['correct_answer', 'explanation']);

/** The key fields, numbers as numbers on both databases (PostgreSQL reads decimals as text). */
const keyOf = (row: Data): PreviewKey =>
  Object.fromEntries(
    PREVIEW_KEY_FIELDS.map((f) => [
      f,
      TEXT_KEY_FIELDS.has(f) ? (row[f] ?? null) : toNumber(row[f]),
    ]),
  ) as PreviewKey;

const QUESTION_SELECT = [
  'id',
  'documentId',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'question_type',
  'answer_unit',
  ...PREVIEW_KEY_FIELDS,
];

/** A stored question (test or pool) in the row shape `questionView` reads. */
const viewOf = (row: Data & { subject?: { SubjectName?: unknown } | null }) =>
  questionView({
    document_id: row.documentId,
    question: row.question,
    option_a: row.option_a,
    option_b: row.option_b,
    option_c: row.option_c,
    option_d: row.option_d,
    question_type: row.question_type,
    answer_unit: row.answer_unit,
    subject_name: row.subject?.SubjectName ?? null,
  });

/** GET /api/tests/:documentId/preview[?key=true] */
export const previewTest = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
  query: unknown,
): Promise<TestPreview> => {
  const testId = await staffTestId(strapi, caller, documentId, 'preview a test');
  const withKey = wantsKey(query);
  const payload = await testPayload(knexOf(strapi), testId);
  const test = (await strapi.db.query(UID.test).findOne({
    where: { id: testId },
    select: ['documentId', 'TestName', 'TestDuration'],
  })) as Data;
  const defs = payload.options.sections;
  const last = (defs?.length ?? 0) - 1;
  // The shared payload is never changed: each view is copied with its section.
  const questions = payload.questions.map((q) => {
    if (!defs) {
      return { ...q.view };
    }
    const subject = (q.view.subject as { SubjectName?: string } | null)?.SubjectName ?? null;
    const index = sectionOfSubject(defs, subject);
    return { ...q.view, section: index < 0 ? last : index };
  });
  let keys: Record<string, PreviewKey> | null = null;
  if (withKey && payload.questions.length > 0) {
    const rows = (await strapi.db.query(UID.question).findMany({
      where: { id: { $in: payload.questions.map((q) => q.id) } },
      select: ['documentId', ...PREVIEW_KEY_FIELDS],
    })) as Data[];
    keys = Object.fromEntries(rows.map((r) => [String(r.documentId), keyOf(r)]));
  } else if (withKey) {
    keys = {};
  }
  // Issue 26: a sample of each section's random draw, a new one on every preview (the exam's own
  // pick, exam/draws.ts; nothing is copied or written). `drawn` marks them for staff.
  const taken = new Set<number>();
  const knex = knexOf(strapi);
  for (const [index, def] of (defs ?? []).entries()) {
    if (!def.draw) continue;
    const ids = await pickPoolIds(knex, def.draw, def.name, taken);
    ids.forEach((id) => taken.add(id));
    const rows = new Map((await poolRows(knex, ids)).map((r) => [Number(r.id), r]));
    for (const id of ids) {
      const row = rows.get(id) as Data;
      const view = questionView(row);
      questions.push({ ...view, section: index, drawn: true });
      if (keys) {
        // Each drawn question is worth the draw's marks (exam/draw-rule.ts).
        keys[view.documentId] = keyOf({
          ...row,
          points_correct_answer: def.draw.marks,
          points_incorrect_answer: def.draw.negative === 0 ? 0 : -def.draw.negative,
        });
      }
    }
  }
  const duration = Number(test.TestDuration);
  return {
    test: {
      documentId: String(test.documentId),
      TestName: typeof test.TestName === 'string' ? test.TestName : null,
      TestDuration: Number.isFinite(duration) && duration > 0 ? duration : null,
      mains: payload.mains,
      sections: defs ? defs.map((d) => ({ name: d.name, minutes: d.minutes })) : null,
    },
    questions,
    keys,
  };
};

interface WorkRef {
  documentId: string;
}

/** GET /api/questions/:documentId/preview[?key=true]: a question of a test or an assignment. */
export const previewTestQuestion = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
  query: unknown,
): Promise<QuestionPreview> => {
  if (!isStaff(caller)) {
    throw new HttpError(403, 'Only staff preview a question.');
  }
  const id = documentIdOf(documentId);
  const withKey = wantsKey(query);
  const row = id
    ? ((await strapi.db.query(UID.question).findOne({
        where: { documentId: id },
        select: QUESTION_SELECT,
        populate: {
          subject: { select: ['SubjectName'] },
          test: { select: ['documentId'] },
          assignment: { select: ['documentId'] },
        },
      })) as (Data & { test?: WorkRef | null; assignment?: WorkRef | null }) | null)
    : null;
  if (!row) {
    throw new HttpError(404, 'Unknown question.');
  }
  // The same rule as its test's other staff calls; an assignment's question: an assignment the
  // caller sees.
  if (row.test) {
    await staffTestId(strapi, caller, row.test.documentId, 'preview a test');
  } else if (row.assignment) {
    const [work] = await findVisible(strapi, caller, UID.assignment, {
      ids: [],
      documentIds: [row.assignment.documentId],
    });
    if (!work) {
      throw new HttpError(404, 'Unknown question.');
    }
  }
  return { question: viewOf(row), key: withKey ? keyOf(row) : null };
};

/** GET /api/question-pools/:documentId/preview[?key=true]: a question of the pool. */
export const previewPoolQuestion = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
  query: unknown,
): Promise<QuestionPreview> => {
  if (!isStaff(caller)) {
    throw new HttpError(403, 'Only staff preview a question.');
  }
  const id = documentIdOf(documentId);
  const withKey = wantsKey(query);
  const [visible] = id
    ? await findVisible(strapi, caller, UID.questionPool, { ids: [], documentIds: [id] })
    : [];
  if (!visible) {
    throw new HttpError(404, 'Unknown question.');
  }
  const row = (await strapi.db.query(UID.questionPool).findOne({
    where: { id: visible.id },
    select: QUESTION_SELECT,
    populate: { subject: { select: ['SubjectName'] } },
  })) as Data;
  return { question: viewOf(row), key: withKey ? keyOf(row) : null };
};
