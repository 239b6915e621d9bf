// Per-question marks of one evaluation (issue 27). Each question of the evaluated subject gets its
// own mark (0..its points; whole marks, or halves where the test allows them) and an optional
// comment; the subject total is their sum, computed here and never taken from the client. They are
// stored on the evaluation as a JSON list (`question_marks`); an evaluation without them is an older
// one marked with a single total, which stands as it is (docs/decisions.md, issue 27).
import type { Knex } from 'knex';
import { round2 } from '../exam';
import { jsonListOf, toNumber } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import type { Work } from './work';
import { readRubric, type Rubric } from '../catalogue';

export const COMMENT_MAX = 2000;
export const QUESTIONS_MAX = 200;

export interface SubjectQuestion {
  id: number;
  documentId: string;
  /** Its position among all the work's questions (1-based), as the script numbers them. */
  number: number;
  /** Its points (null when the question has none: only the subject maximum then bounds it). */
  maximum: number | null;
  /** Its rubric (issue 27): marked by choosing one level per criterion. */
  rubric: Rubric | null;
}

/** The level reached on one criterion, as the learner sees it after publication. */
export interface ReachedLevel {
  criterion: string;
  level: string;
  marks: number;
}

export interface QuestionMark {
  question: string;
  marks: number | null;
  comment: string | null;
  /** With a rubric: the chosen level's index per criterion (null: not chosen yet). */
  levels?: Array<number | null>;
  /** With a rubric: what the chosen levels were when marked (names, labels, marks). */
  rubric?: ReachedLevel[];
}

/** The questions of `subjectId` in the work, in the script's order (by question id). */
export const subjectQuestions = async (
  db: Knex | Knex.Transaction,
  work: Work,
  subjectId: number | null,
): Promise<SubjectQuestion[]> => {
  const lnk = work.kind === 'test' ? 'questions_test_lnk' : 'questions_assignment_lnk';
  const col = work.kind === 'test' ? 'test_id' : 'assignment_id';
  const rows = (await db(`${lnk} as l`)
    .join('questions as q', 'q.id', 'l.question_id')
    .leftJoin('questions_subject_lnk as qs', 'qs.question_id', 'q.id')
    .where(`l.${col}`, work.id)
    .orderBy('q.id', 'asc')
    .select(
      'q.id',
      'q.document_id',
      'q.points_correct_answer',
      'q.rubric',
      'qs.subject_id',
    )) as Array<{
    id: number;
    document_id: string;
    points_correct_answer: unknown;
    rubric: unknown;
    subject_id: number | null;
  }>;
  const out: SubjectQuestion[] = [];
  const seen = new Set<number>();
  rows.forEach((r) => {
    if (seen.has(Number(r.id))) return;
    seen.add(Number(r.id));
    if (subjectId === null || Number(r.subject_id) !== subjectId) return;
    const points = toNumber(r.points_correct_answer);
    out.push({
      id: Number(r.id),
      documentId: String(r.document_id),
      number: seen.size,
      maximum: points !== null && points > 0 ? points : null,
      rubric: readRubric(r.rubric),
    });
  });
  return out;
};

/** The most one subject can earn: its questions' points, else the work's maximum marks. */
export const subjectMaximum = (work: Work, questions: SubjectQuestion[]): number | null => {
  const points = questions.reduce((sum, q) => sum + (q.maximum ?? 0), 0);
  return points > 0 ? points : work.maximumMarks;
};

/** The stored list, whatever the database hands back (SQLite: text, PostgreSQL: jsonb). */
export const readQuestionMarks = (value: unknown): QuestionMark[] => {
  return jsonListOf(value).flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const row = item as Record<string, unknown>;
    if (typeof row.question !== 'string') return [];
    const mark: QuestionMark = {
      question: row.question,
      marks: toNumber(row.marks),
      comment: typeof row.comment === 'string' && row.comment !== '' ? row.comment : null,
    };
    if (Array.isArray(row.levels)) {
      mark.levels = row.levels.map((l: unknown) => (typeof l === 'number' ? l : null));
      mark.rubric = Array.isArray(row.rubric) ? (row.rubric as ReachedLevel[]) : [];
    }
    return [mark];
  });
};

const marksOf = (value: unknown, q: SubjectQuestion, allowHalf: boolean): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || (q.maximum !== null && n > q.maximum)) {
    throw new HttpError(
      400,
      `Marks for question ${q.number} must be between 0 and ${q.maximum ?? 'the maximum'}.`,
    );
  }
  if (allowHalf ? !Number.isInteger(n * 2) : !Number.isInteger(n)) {
    throw new HttpError(
      400,
      allowHalf
        ? `Marks for question ${q.number} must be a whole or half number (like 2.5).`
        : `Marks for question ${q.number} must be a whole number (this test does not allow half marks).`,
    );
  }
  return n;
};

/**
 * The mark of a question with a rubric: the sum of the chosen levels' marks, computed here. A typed
 * mark is taken only when it equals that sum (an older client echoing the mark back); otherwise
 * 400, so the mark always matches the levels the learner will see.
 */
const rubricMark = (
  q: SubjectQuestion,
  rubric: Rubric,
  row: Record<string, unknown>,
  before: QuestionMark | undefined,
): Omit<QuestionMark, 'comment'> => {
  const count = rubric.criteria.length;
  if (!('levels' in row) && !('marks' in row) && before && !before.levels) {
    // Typed before the rubric was added, and only the comment changes now: the mark stands.
    return { question: q.documentId, marks: before.marks };
  }
  let levels: Array<number | null> = before?.levels ?? rubric.criteria.map(() => null);
  if ('levels' in row) {
    const sent = row.levels;
    if (!Array.isArray(sent) || sent.length !== count) {
      throw new HttpError(
        400,
        `Question ${q.number} is marked with its rubric: send levels as a list of ${count} level numbers (one per criterion, null for none yet).`,
      );
    }
    levels = sent.map((v: unknown, i) => {
      if (v === null) return null;
      const size = rubric.criteria[i].levels.length;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= size) {
        throw new HttpError(
          400,
          `Question ${q.number}, criterion ${i + 1} (${rubric.criteria[i].name}): choose a level from 0 to ${size - 1}.`,
        );
      }
      return v;
    });
  }
  const complete = levels.length === count && levels.every((l) => l !== null);
  const reached: ReachedLevel[] = complete
    ? rubric.criteria.map((c, i) => {
        const level = c.levels[levels[i] ?? 0];
        return { criterion: c.name, level: level.label, marks: level.marks };
      })
    : [];
  const marks = complete ? round2(reached.reduce((sum, r) => sum + r.marks, 0)) : null;
  if ('marks' in row) {
    const typed = toNumber(row.marks);
    if (typed === null ? marks !== null : marks === null || round2(typed) !== marks) {
      throw new HttpError(
        400,
        `Question ${q.number} is marked with its rubric: its marks are the chosen levels' sum (${marks ?? 'none chosen yet'}), send levels instead of marks.`,
      );
    }
  }
  return { question: q.documentId, marks, levels, rubric: reached };
};

/**
 * The stored marks with `input` ([{questionId, marks, comment}], some or all questions) applied,
 * in question order. Any bad item refuses the whole call (400), nothing is half-applied.
 */
export const applyQuestionMarks = (
  stored: QuestionMark[],
  input: unknown,
  questions: SubjectQuestion[],
  allowHalf: boolean,
  subjectName: string,
): QuestionMark[] => {
  if (!Array.isArray(input) || input.length === 0 || input.length > QUESTIONS_MAX) {
    throw new HttpError(
      400,
      `Send questions as a list of {questionId, marks, comment} (1 to ${QUESTIONS_MAX}).`,
    );
  }
  const next = new Map(stored.map((m) => [m.question, m]));
  const sent = new Set<string>();
  for (const item of input as unknown[]) {
    const row = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const q = questions.find((x) => x.documentId === row.questionId);
    if (!q) {
      throw new HttpError(
        400,
        `${typeof row.questionId === 'string' ? `Question ${row.questionId.slice(0, 40)}` : 'A question'} is not a question of ${subjectName} in this work.`,
      );
    }
    if (sent.has(q.documentId)) {
      throw new HttpError(400, `Question ${q.number} is sent twice.`);
    }
    sent.add(q.documentId);
    const comment = row.comment;
    if (comment !== undefined && comment !== null && typeof comment !== 'string') {
      throw new HttpError(400, `The comment on question ${q.number} must be text.`);
    }
    const text = typeof comment === 'string' ? comment.trim() : '';
    if (text.length > COMMENT_MAX) {
      throw new HttpError(
        400,
        `The comment on question ${q.number} is longer than ${COMMENT_MAX} characters.`,
      );
    }
    const before = next.get(q.documentId);
    const commentValue =
      comment === undefined ? (before?.comment ?? null) : text === '' ? null : text;
    if (q.rubric) {
      next.set(q.documentId, { ...rubricMark(q, q.rubric, row, before), comment: commentValue });
      continue;
    }
    if ('levels' in row) {
      throw new HttpError(400, `Question ${q.number} has no rubric: send marks.`);
    }
    next.set(q.documentId, {
      question: q.documentId,
      marks: 'marks' in row ? marksOf(row.marks, q, allowHalf) : (before?.marks ?? null),
      comment: commentValue,
    });
  }
  // Only this subject's questions are kept, in their order.
  return questions.flatMap((q) => {
    const m = next.get(q.documentId);
    return m ? [m] : [];
  });
};

/** The subject total: the sum of the given marks (null when none is given yet). */
export const questionTotal = (marks: QuestionMark[]): number | null => {
  const given = marks.filter((m) => m.marks !== null);
  return given.length === 0 ? null : round2(given.reduce((sum, m) => sum + (m.marks ?? 0), 0));
};

/** Questions of the subject without a mark yet. */
export const unmarked = (marks: QuestionMark[], questions: SubjectQuestion[]): SubjectQuestion[] =>
  questions.filter((q) => marks.find((m) => m.question === q.documentId)?.marks == null);
