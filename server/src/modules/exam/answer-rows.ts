// The blank answers of a new attempt, written once for the exam's start and the Mains start: one
// row per question, then one insert per link table (attempt, question, test or assignment,
// learner). The start's transaction holds them all, so an attempt never has half its answers.
import type { Knex } from 'knex';
import { insertLinks, insertReturningIds, newDocumentId } from '../../platform/db/sql';

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
  // An object literal per row: spreading systemColumns() here cost ~1 ms per start (100 rows).
  const rows = questionIds.map((_, i) => ({
    document_id: documentIds?.[i] ?? newDocumentId(),
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
    section: sections?.[i] ?? null,
  }));
  const inserted = await insertReturningIds(trx, 'answers', rows);
  const indexOf = new Map(rows.map((r, i) => [r.document_id, i]));
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
