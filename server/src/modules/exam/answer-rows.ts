// The blank answers of an attempt, written for the Mains start and for the slots an exam attempt
// never saved (its close: answer-slots.ts): one row per question and its four links (attempt,
// question, test or assignment, learner). The caller's transaction holds them all, so an attempt
// never has half its answers.
import type { Knex } from 'knex';
import {
  insertLinks,
  insertReturningIds,
  insertRowWithLinks,
  isPostgres,
  newDocumentId,
  sqlText,
} from '../../platform/db/sql';

export interface BlankAnswersInput {
  attemptId: number;
  studentId: number;
  /** The test or assignment the attempt is of. */
  work: { kind: 'test' | 'assignment'; id: number };
  /** In the work's order. */
  questionIds: number[];
  now: Date;
  /** Each question's section (sections.ts), in the same order; none: no sections. */
  sections?: number[] | null;
  /** The rows' documentIds, in the same order (lazy slots: answer-slots.ts); none: new ones. */
  documentIds?: string[];
}

/** A written answer and the index of its question in `questionIds`. */
export interface BlankAnswer {
  id: number;
  documentId: string;
  index: number;
}

export const insertBlankAnswers = async (
  trx: Knex.Transaction,
  { attemptId, studentId, work, questionIds, now, sections, documentIds }: BlankAnswersInput,
): Promise<BlankAnswer[]> => {
  if (isPostgres(trx)) {
    return insertBlankAnswersPostgres(trx, {
      attemptId,
      studentId,
      work,
      questionIds,
      now,
      sections,
      documentIds,
    });
  }
  // One object literal per row (blankAnswerColumns): spreading systemColumns() here cost ~1 ms per
  // start (100 rows).
  const rows = questionIds.map((_, i) =>
    blankAnswerColumns(documentIds?.[i] ?? newDocumentId(), sections?.[i] ?? null, now),
  );
  const inserted = await insertReturningIds(trx, 'answers', rows);
  const indexOf = new Map(rows.map((r, i) => [r.document_id as string, i]));
  const answers = inserted.map((a) => ({
    id: a.id,
    documentId: a.document_id,
    index: indexOf.get(a.document_id) ?? -1,
  }));
  await insertLinks(
    trx,
    'answers_attempt_lnk',
    answers.map((a) => ({ answer_id: a.id, attempt_id: attemptId })),
  );
  await insertLinks(
    trx,
    'answers_question_lnk',
    answers.map((a) => ({ answer_id: a.id, question_id: questionIds[a.index] })),
  );
  await insertLinks(
    trx,
    work.kind === 'test' ? 'answers_test_lnk' : 'answers_assignment_lnk',
    answers.map((a) =>
      work.kind === 'test'
        ? { answer_id: a.id, test_id: work.id }
        : { answer_id: a.id, assignment_id: work.id },
    ),
  );
  await insertLinks(
    trx,
    'answers_student_lnk',
    answers.map((a) => ({ answer_id: a.id, student_id: studentId })),
  );
  return answers;
};

/**
 * A blank answer's columns. For the SQLite rows `documentId` and `section` are values; for the
 * PostgreSQL writers (insertRowWithLinks) they are bound values or SqlText over the statement's
 * own CTE.
 */
export const blankAnswerColumns = (
  documentId: unknown,
  section: unknown,
  now: Date,
): Record<string, unknown> => ({
  document_id: documentId,
  created_at: now,
  updated_at: now,
  published_at: now,
  locale: null,
  selected_answer: null,
  mark_as_important: false,
  start_date_time: now,
  end_date_time: null,
  points: null,
  revision: 0,
  section,
});

/**
 * PostgreSQL: the rows and their links in ONE statement, the rows' values sent as one JSON
 * array (data-modifying CTEs): a close that wrote 99 blank rows sent five multi-row inserts of
 * up to 1,200 values each, built by knex and bound one by one (bench/exam-load --db=postgres
 * --serial: ~6 ms of the server's CPU and as much of PostgreSQL's per submit). Each row's
 * question link finds its question by the row's documentId.
 */
const insertBlankAnswersPostgres = async (
  trx: Knex.Transaction,
  { attemptId, studentId, work, questionIds, now, sections, documentIds }: BlankAnswersInput,
): Promise<BlankAnswer[]> => {
  if (questionIds.length === 0) return [];
  const rows = questionIds.map((question, i) => ({
    d: documentIds?.[i] ?? newDocumentId(),
    q: question,
    s: sections?.[i] ?? null,
    n: i,
  }));
  const inserted = await insertRowWithLinks<{ id: number | string; document_id: string }>(trx, {
    before: {
      sql: `r AS (SELECT d, q, s, n FROM jsonb_to_recordset(CAST(? AS jsonb))
        AS r(d text, q integer, s integer, n integer))`,
      bindings: [JSON.stringify(rows)],
    },
    table: 'answers',
    row: blankAnswerColumns(sqlText('r.d'), sqlText('r.s'), now),
    from: 'r ORDER BY r.n',
    returning: ['id', 'document_id'],
    idColumn: 'answer_id',
    links: [
      { table: 'answers_attempt_lnk', column: 'attempt_id', value: attemptId },
      {
        table: 'answers_question_lnk',
        column: 'question_id',
        value: sqlText('r.q'),
        from: 'ins JOIN r ON r.d = ins.document_id',
      },
      {
        table: work.kind === 'test' ? 'answers_test_lnk' : 'answers_assignment_lnk',
        column: `${work.kind}_id`,
        value: work.id,
      },
      { table: 'answers_student_lnk', column: 'student_id', value: studentId },
    ],
  });
  const indexOf = new Map(rows.map((r, i) => [r.d, i]));
  return inserted.map((a) => ({
    id: Number(a.id),
    documentId: a.document_id,
    index: indexOf.get(a.document_id) ?? -1,
  }));
};
