import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentCaller } from '../../access/caller';
import { errorBody } from '../../platform/http/errors';
import { checkQuestion, QUESTION_FIELDS, QUESTION_KEY_FIELDS } from './question-rules';
import { checkRubric } from './rubric';
import { checkOrganising } from './pool-organising';
import { blank, fail, numeric } from '../../access/facts/field-values';
import { HttpError } from '../../platform/http/errors';
import { parseSectionDefs, type SectionDef } from '../exam';
import type { Db } from '../../platform/db/sql';
import { checkDraws } from './draw-check';

/**
 * Rules of tests, questions and sub-categories on the document service, so REST, GraphQL and the
 * server's own services share them:
 * - a test: name required, duration a positive whole number of minutes, maximum marks > 0, valid
 *   to after valid from, pass mark unit 'marks' (default) or 'percent', pass mark within range;
 *   an update is checked on the merged record. Attempts is the system's (the attempt flow): a
 *   signed-in caller's value is ignored, and a test made by staff starts at 0;
 * - a question (test, assignment or pool): the rules of question-rules.ts, merged on update;
 * - deleting a sub-category (either level) unlinks its tests from their course, in the same
 *   transaction; deleting an unknown one is a 404;
 * - a test or an assignment that learners have attempted is never deleted, by anyone (issue 18,
 *   point 10): its attempts, answers and results are the learners' record (WorkInUseError, 409).
 */
const TEST = 'api::test.test';
const QUESTION_UIDS = new Set(['api::question.question', 'api::question-pool.question-pool']);
const SUB_CATEGORY = 'api::test-sub-category.test-sub-category';
const SUB_CATEGORY_2 = 'api::test-sub-category-2.test-sub-category-2';
const ASSIGNMENT = 'api::assignment.assignment';
const WORK_UIDS = new Map([
  [TEST, 'test'],
  [ASSIGNMENT, 'assignment'],
]);

/** A delete refused because learners' records hang on the document (REST: 409, see the controllers). */
export class WorkInUseError extends errors.ApplicationError {}

/** A test's or assignment's core delete, answering 409 (not Strapi's 400) when it is in use. */
export const deleteUnlessInUse = async (
  ctx: { status: number; body: unknown },
  coreDelete: () => Promise<unknown>,
): Promise<unknown> => {
  try {
    return await coreDelete();
  } catch (error) {
    if (!(error instanceof WorkInUseError)) throw error;
    ctx.status = 409;
    ctx.body = errorBody(409, error.message);
    return undefined;
  }
};

export const PASS_MARK_UNITS = ['marks', 'percent'] as const;

interface DocumentContext {
  uid: string;
  action: string;
  params: { data?: unknown; documentId?: string };
}

type Next = () => Promise<unknown>;
type Data = Record<string, unknown>;
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TEST_FIELDS = [
  'TestName',
  'TestDuration',
  'MaximumMarks',
  'PassMark',
  'pass_mark_unit',
  'ValidFrom',
  'ValidTo',
] as const;

/** Checks a (merged) test record; returns the normalised values of the fields it owns. */
export const checkTest = (record: Data): Data => {
  const out: Data = {};
  if (blank(record.TestName) || typeof record.TestName !== 'string') {
    fail('Enter the test name.');
  }
  out.TestName = (record.TestName as string).trim();

  if (blank(record.TestDuration)) {
    out.TestDuration = null;
  } else {
    const duration = numeric(record.TestDuration);
    if (!Number.isInteger(duration) || duration <= 0) {
      fail('Test duration must be a whole number of minutes greater than 0.');
    }
    out.TestDuration = duration;
  }

  let maximum: number | null = null;
  if (!blank(record.MaximumMarks)) {
    maximum = numeric(record.MaximumMarks);
    if (!Number.isFinite(maximum) || maximum <= 0) {
      fail('Maximum marks must be a number greater than 0.');
    }
  }
  out.MaximumMarks = maximum;

  const unitText = blank(record.pass_mark_unit) ? 'marks' : String(record.pass_mark_unit).trim();
  const unit = unitText.toLowerCase();
  if (!(PASS_MARK_UNITS as readonly string[]).includes(unit)) {
    fail("Pass mark unit must be 'marks' or 'percent'.");
  }
  out.pass_mark_unit = unit;

  if (blank(record.PassMark)) {
    out.PassMark = null;
  } else {
    const pass = numeric(record.PassMark);
    if (!Number.isFinite(pass) || pass < 0) {
      fail('Pass mark must be a number of 0 or more.');
    }
    if (unit === 'percent' && pass > 100) {
      fail('A pass mark in percent cannot be more than 100.');
    }
    if (unit === 'marks' && maximum !== null && pass > maximum) {
      fail('Pass mark cannot be more than the maximum marks.');
    }
    out.PassMark = pass;
  }

  const dates: Record<'ValidFrom' | 'ValidTo', Date | null> = { ValidFrom: null, ValidTo: null };
  for (const key of ['ValidFrom', 'ValidTo'] as const) {
    const value = record[key];
    if (blank(value)) {
      out[key] = null;
      continue;
    }
    const date = new Date(value as string);
    if (Number.isNaN(date.getTime())) {
      fail(key === 'ValidFrom' ? 'Valid from is not a date.' : 'Valid to is not a date.');
    }
    dates[key] = date;
    out[key] = value;
  }
  if (dates.ValidFrom && dates.ValidTo && dates.ValidTo <= dates.ValidFrom) {
    fail('Valid to must be after valid from.');
  }
  return out;
};

const pickPresent = (checked: Data, data: Data, keys: readonly string[]): Data => {
  const next: Data = { ...data };
  for (const key of keys) {
    if (key in data) {
      next[key] = checked[key];
    }
  }
  return next;
};

const existing = async (
  strapi: Core.Strapi,
  uid: string,
  documentId: string | undefined,
  fields: readonly string[],
): Promise<Data | null> =>
  documentId
    ? ((await strapi.db.query(uid as QueryUid).findOne({
        where: { documentId },
        select: [...fields],
      })) as Data | null)
    : null;

const testInput = async (
  strapi: Core.Strapi,
  action: string,
  data: Data,
  documentId: string | undefined,
): Promise<Data> => {
  const caller = await currentCaller(strapi);
  const input: Data = { ...data };
  if (caller.kind !== 'system') {
    delete input.Attempts;
    if (action === 'create') {
      input.Attempts = 0;
    }
  }
  if ('sections' in input) {
    // Sections with their own timers (issue 23): the shape is checked here, the fit with the
    // questions and the duration when the test is published (work-lifecycle.ts).
    let defs: SectionDef[] | null = null;
    try {
      defs = parseSectionDefs(input.sections);
    } catch (error) {
      if (error instanceof HttpError) fail(error.message);
      throw error;
    }
    // Random draws (issue 26): what their filters mean and whether the pool has enough.
    if (defs?.some((d) => d.draw)) {
      const maximumValue =
        'MaximumMarks' in input
          ? input.MaximumMarks
          : (await existing(strapi, TEST, documentId, ['MaximumMarks']))?.MaximumMarks;
      const maximum = blank(maximumValue) ? null : numeric(maximumValue);
      const checked = defs;
      // Inside the write's transaction when there is one (a duplicate's create): on SQLite a
      // read outside it would wait for its own writer.
      defs = await strapi.db.transaction(({ trx }) =>
        checkDraws(trx as unknown as Db, checked, Number.isFinite(maximum) ? maximum : null),
      );
    }
    input.sections = defs;
  }
  if (action === 'create') {
    return { ...input, ...checkTest(input) };
  }
  if (!TEST_FIELDS.some((key) => key in input)) {
    return input;
  }
  const before = await existing(strapi, TEST, documentId, TEST_FIELDS);
  if (!before) {
    return input; // the core reports the unknown document
  }
  const checked = checkTest({ ...before, ...input });
  return pickPresent(checked, input, TEST_FIELDS);
};

const QUESTION_UID = 'api::question.question';

const POOL_UID = 'api::question-pool.question-pool';

/** A pool question's difficulty and tags (issue 26) checked beside its question fields. */
const poolQuestionInput = async (
  strapi: Core.Strapi,
  action: string,
  data: Data,
  documentId: string | undefined,
): Promise<Data> => {
  const organising = checkOrganising(data);
  if (organising.reasons.length > 0) {
    throw new errors.ValidationError(`${organising.reasons.join('. ')}.`, {
      errors: organising.reasons,
    });
  }
  const checked = await questionInput(strapi, POOL_UID, action, data, documentId);
  return { ...checked, ...organising.value };
};

const questionInput = async (
  strapi: Core.Strapi,
  uid: string,
  action: string,
  data: Data,
  documentId: string | undefined,
): Promise<Data> => {
  // Only a test/assignment question has a rubric (issue 27); pool questions have no such field.
  const fields: readonly string[] =
    uid === QUESTION_UID ? [...QUESTION_FIELDS, 'rubric'] : QUESTION_FIELDS;
  let record = data;
  if (action === 'update') {
    if (!fields.some((key) => key in data)) {
      return data;
    }
    const before = await existing(strapi, uid, documentId, fields);
    if (!before) {
      return data;
    }
    record = { ...before, ...data };
  }
  const { values, reasons } = checkQuestion(record);
  const checked =
    uid === QUESTION_UID
      ? checkRubric(record.rubric, values.question_type, values.points_correct_answer)
      : null;
  const all = [...reasons, ...(checked?.reasons ?? [])];
  if (all.length > 0) {
    throw new errors.ValidationError(`${all.join('. ')}.`, { errors: all });
  }
  const rubric = checked && 'rubric' in record ? { rubric: checked.rubric } : {};
  if (action === 'create') {
    return { ...data, ...values, ...rubric };
  }
  // Changing the type or an option may change what the stored answer means: keep them together.
  return {
    ...pickPresent(
      values,
      {
        ...data,
        // The unit goes with the numeric key (a changed type drops both).
        ...Object.fromEntries(
          [...QUESTION_KEY_FIELDS, 'answer_unit' as const].map((key) => [key, values[key]]),
        ),
      },
      QUESTION_FIELDS,
    ),
    ...('rubric' in data ? rubric : {}),
  };
};

/** Tests whose (second-level) sub-category is being deleted lose their course link. */
const unlinkTestsOf = async (strapi: Core.Strapi, uid: string, documentId: string) => {
  const key = uid === SUB_CATEGORY ? 'test_sub_category' : 'test_sub_category_2';
  const tests = (await strapi.db.query(TEST).findMany({
    where: { [key]: { documentId } },
    select: ['id'],
  })) as Array<{ id: number }>;
  for (const test of tests) {
    await strapi.db.query(TEST).update({ where: { id: test.id }, data: { course: null } });
  }
};

/** Refuses to delete a test or an assignment that has attempts or results. */
const assertNotAttempted = async (
  strapi: Core.Strapi,
  uid: string,
  documentId: string | undefined,
): Promise<void> => {
  const kind = WORK_UIDS.get(uid);
  if (!kind || !documentId) {
    return;
  }
  const link = { [kind]: { documentId } };
  const used =
    (await strapi.db.query('api::attempt.attempt').count({ where: link })) > 0 ||
    (await strapi.db.query('api::result.result').count({ where: link })) > 0;
  if (used) {
    throw new WorkInUseError(
      `Learners have attempted this ${kind}, so it cannot be deleted: deactivate it instead ` +
        `(${kind === 'test' ? 'end its validity with "Valid to"' : 'unlink its learners and batch'}).`,
    );
  }
};

export const createTestRules =
  (strapi: Core.Strapi) =>
  async (context: DocumentContext, next: Next): Promise<unknown> => {
    const { uid, action, params } = context;
    if (action === 'delete') {
      await assertNotAttempted(strapi, uid, params.documentId);
    }
    if (action === 'delete' && (uid === SUB_CATEGORY || uid === SUB_CATEGORY_2)) {
      const documentId = params.documentId;
      const found = documentId ? await existing(strapi, uid, documentId, ['id']) : null;
      if (!found || !documentId) {
        throw new errors.NotFoundError('Unknown sub-category.');
      }
      return strapi.db.transaction(async () => {
        await unlinkTestsOf(strapi, uid, documentId);
        return next();
      });
    }
    if ((action !== 'create' && action !== 'update') || !isRecord(params.data)) {
      return next();
    }
    if (uid === TEST) {
      params.data = await testInput(strapi, action, params.data, params.documentId);
    } else if (uid === POOL_UID) {
      params.data = await poolQuestionInput(strapi, action, params.data, params.documentId);
    } else if (QUESTION_UIDS.has(uid)) {
      params.data = await questionInput(strapi, uid, action, params.data, params.documentId);
    }
    return next();
  };
