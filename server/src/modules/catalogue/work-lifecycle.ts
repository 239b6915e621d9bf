/**
 * Publishing and closing a test or an assignment (issue 23). A new or duplicated work made on the
 * staff screens is a draft that learners never see (access/facts/work-status.ts); publishing checks
 * that it can be taken and names everything missing in one 400; closing ends its window now, so
 * open attempts run out as they do when the window passes.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem, currentCaller } from '../../access/caller';
import { writePolicy } from '../../access/rules';
import { blank, numeric } from '../../access/facts/field-values';
import { statusOf, type WorkStatus } from '../../access/facts/work-status';
import { documentIdOf, knexOf, toDate } from '../../platform/db/sql';
import { drawnMarks, sectionProblems, storedSectionDefs } from '../exam';

export type WorkKind = 'test' | 'assignment';
type Data = Record<string, unknown>;

const UIDS: Record<WorkKind, 'api::test.test' | 'api::assignment.assignment'> = {
  test: 'api::test.test',
  assignment: 'api::assignment.assignment',
};

const FIELDS: Record<WorkKind, string[]> = {
  test: [
    'TestDuration',
    'ValidFrom',
    'ValidTo',
    'MaximumMarks',
    'PassMark',
    'pass_mark_unit',
    'sections',
  ],
  assignment: ['assignment_duration', 'assignment_submission_date', 'MaximumMarks'],
};

interface QuestionRow {
  points_correct_answer: unknown;
  subject?: { SubjectName?: string | null } | null;
}

/** The work the caller may see and change (404 otherwise, 403 for a role that may not write). */
const workOf = async (
  strapi: Core.Strapi,
  kind: WorkKind,
  documentIdValue: unknown,
): Promise<Data & { id: number; documentId: string }> => {
  const documentId = documentIdOf(documentIdValue);
  if (!documentId) {
    throw new errors.NotFoundError(`Unknown ${kind}.`);
  }
  const caller = await currentCaller(strapi);
  if (!writePolicy(caller, UIDS[kind], 'update')) {
    throw new errors.ForbiddenError();
  }
  const work = (await strapi.documents(UIDS[kind]).findOne({
    documentId,
    fields: [...FIELDS[kind], 'status'] as never,
  })) as unknown as (Data & { id: number; documentId: string }) | null;
  if (!work) {
    throw new errors.NotFoundError(`Unknown ${kind}.`);
  }
  return work;
};

const positive = (value: unknown): boolean => !blank(value) && numeric(value) > 0;

/** What a test lacks before learners may take it (empty: ready). */
export const testProblems = (test: Data, questions: QuestionRow[]): string[] => {
  const problems: string[] = [];
  if (!positive(test.TestDuration)) problems.push('the duration');
  const from = toDate(test.ValidFrom);
  const to = toDate(test.ValidTo);
  if (!from) problems.push('the window start (valid from)');
  if (!to) problems.push('the window end (valid to)');
  if (from && to && to <= from) problems.push('a window end after its start');
  if (!positive(test.MaximumMarks)) problems.push('the maximum marks');
  const unit = String(test.pass_mark_unit ?? 'marks').toLowerCase();
  if (
    !blank(test.PassMark) &&
    unit !== 'percent' &&
    positive(test.MaximumMarks) &&
    numeric(test.PassMark) > numeric(test.MaximumMarks)
  ) {
    problems.push('a pass mark no more than the maximum marks');
  }
  const sections = storedSectionDefs(test.sections);
  const draws = (sections ?? []).map((d) => d.draw);
  const drawing = draws.some((d) => d);
  if (questions.length === 0 && !drawing) problems.push('at least one question');
  const unmarked = questions.filter((q) => !positive(q.points_correct_answer)).length;
  if (unmarked > 0) {
    problems.push(
      `marks above 0 for a correct answer on every question (${unmarked} ${unmarked === 1 ? 'has' : 'have'} none)`,
    );
  }
  // Sections with their own timers (issue 23): every question in one section, the minutes adding
  // up to the duration.
  if (drawing && positive(test.MaximumMarks)) {
    // Issue 26: every learner's draw is worth the same (draw-rule.ts), so the total is known.
    const total =
      questions.reduce(
        (n, q) => n + (positive(q.points_correct_answer) ? numeric(q.points_correct_answer) : 0),
        0,
      ) + drawnMarks(draws);
    if (total > numeric(test.MaximumMarks) + 1e-9) {
      problems.push(
        `questions and draws worth no more than the maximum marks (${total} > ${numeric(test.MaximumMarks)})`,
      );
    }
  }
  if (sections) {
    const duration = positive(test.TestDuration) ? numeric(test.TestDuration) : null;
    const subjects = questions.map((q) => q.subject?.SubjectName ?? null);
    problems.push(...sectionProblems(sections, duration, subjects));
  }
  return problems;
};

/**
 * What an assignment lacks: a duration or a submission date (when the work ends), the maximum
 * marks (evaluation grades out of it). Questions are optional: a Mains assignment may be a
 * document brief with no question rows, but a question there must carry its marks.
 */
export const assignmentProblems = (assignment: Data, questions: QuestionRow[]): string[] => {
  const problems: string[] = [];
  if (!positive(assignment.assignment_duration) && !toDate(assignment.assignment_submission_date)) {
    problems.push('the duration or the submission date');
  }
  if (!positive(assignment.MaximumMarks)) problems.push('the maximum marks');
  const unmarked = questions.filter((q) => !positive(q.points_correct_answer)).length;
  if (unmarked > 0) {
    problems.push(
      `marks above 0 for a correct answer on every question (${unmarked} ${unmarked === 1 ? 'has' : 'have'} none)`,
    );
  }
  return problems;
};

const setStatus = async (
  strapi: Core.Strapi,
  kind: WorkKind,
  documentId: string,
  status: WorkStatus,
): Promise<Data> =>
  // The system writes the status (a client's generic write cannot): the document service runs,
  // so the "now available" notices of notifications/document-events.ts go out on publish.
  (await asSystem(() =>
    strapi.documents(UIDS[kind]).update({ documentId, data: { status } as never }),
  )) as unknown as Data;

/** POST /api/{tests,assignments}/:documentId/publish: 400 naming what is missing, or published. */
export const publishWork = async (
  strapi: Core.Strapi,
  kind: WorkKind,
  documentIdValue: unknown,
): Promise<Data> => {
  const work = await workOf(strapi, kind, documentIdValue);
  const status = statusOf(work.status);
  if (status === 'closed') {
    throw new errors.ValidationError(`This ${kind} is closed: duplicate it to run it again.`);
  }
  if (status === 'published') {
    return work;
  }
  const questions = (await strapi.db.query('api::question.question').findMany({
    where: { [kind]: { id: work.id } },
    select: ['points_correct_answer'],
    ...(kind === 'test' ? { populate: { subject: { select: ['SubjectName'] } } } : {}),
  })) as QuestionRow[];
  const problems =
    kind === 'test' ? testProblems(work, questions) : assignmentProblems(work, questions);
  if (problems.length > 0) {
    throw new errors.ValidationError(
      `The ${kind} cannot be published yet. It needs ${problems.join('; ')}.`,
      { missing: problems },
    );
  }
  return setStatus(strapi, kind, work.documentId, 'published');
};

/**
 * POST /api/{tests,assignments}/:documentId/close: the window ends now (a test's ValidTo, an
 * assignment's submission date) and the status is closed. A test's open attempts that would run
 * past now end now, as they do when ValidTo passes (their expires_at is min(start + duration,
 * ValidTo)); the exam's sweep then closes them with their answers. Mains attempts read the window
 * live and follow it by themselves.
 */
export const closeWork = async (
  strapi: Core.Strapi,
  kind: WorkKind,
  documentIdValue: unknown,
): Promise<Data> => {
  const work = await workOf(strapi, kind, documentIdValue);
  if (statusOf(work.status) === 'draft') {
    throw new errors.ValidationError(`This ${kind} is a draft: publish it or delete it.`);
  }
  const now = new Date();
  const knex = knexOf(strapi);
  await knex.transaction(async (trx) => {
    if (kind === 'test') {
      const from = toDate(work.ValidFrom);
      await trx('tests')
        .where('id', work.id)
        .update({
          status: 'closed',
          valid_to: now,
          ...(from && from > now ? { valid_from: now } : {}),
          updated_at: now,
        });
      await trx('attempts')
        .whereIn('id', trx('attempts_test_lnk').where('test_id', work.id).select('attempt_id'))
        .whereNull('end_date_time')
        .whereNotNull('expires_at')
        .where('expires_at', '>', now)
        .update({ expires_at: now });
    } else {
      await trx('assignments')
        .where('id', work.id)
        .update({ status: 'closed', assignment_submission_date: now, updated_at: now });
    }
  });
  return (await strapi.documents(UIDS[kind]).findOne({
    documentId: work.documentId,
  })) as unknown as Data;
};
