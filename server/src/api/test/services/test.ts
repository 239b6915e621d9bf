import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../../access/caller';
import { QUESTION_FIELDS, questionFieldsOf } from '../../../modules/catalogue';
import { notify, workFacultyUsers } from '../../../modules/notifications';
import { documentIdOf, knexOf } from '../../../platform/db/sql';

const TEST = 'api::test.test';
const QUESTION = 'api::question.question';

export const NOTIFY_MESSAGE_MAX = 500;

type Data = Record<string, unknown>;
interface Ref {
  id: number;
  documentId: string;
}

/** Attributes not copied by a duplicate (system fields, and the attempt counter). */
const NOT_COPIED = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  'Attempts',
]);

/** The test the caller may see (404 otherwise), with the given populate. */
const visibleTest = async (
  strapi: Core.Strapi,
  testId: unknown,
  populate: Data,
): Promise<Data & Ref> => {
  const documentId = documentIdOf(testId);
  if (!documentId) {
    throw new errors.ValidationError('Send the testId (documentId) of the test.');
  }
  const test = await strapi.documents(TEST).findOne({ documentId, populate: populate as never });
  if (!test) {
    throw new errors.NotFoundError('Unknown test.');
  }
  return test as unknown as Data & Ref;
};

const service = factories.createCoreService(TEST, ({ strapi }) => ({
  /**
   * Copies a test, every field and relation but its Attempts (0), as a draft named "Copy of <name>", with
   * all its questions (and their subjects); one transaction.
   */
  async duplicate(testId: unknown): Promise<{ test: Data; questions: number }> {
    const attributes = strapi.contentType(TEST).attributes as Record<
      string,
      { type: string; multiple?: boolean; relation?: string }
    >;
    const relations = Object.entries(attributes).filter(
      ([key, a]) => !NOT_COPIED.has(key) && (a.type === 'relation' || a.type === 'media'),
    );
    const populate = Object.fromEntries(relations.map(([key]) => [key, { fields: ['id'] }]));
    const source = await visibleTest(strapi, testId, populate);

    const data: Data = { Attempts: 0 };
    for (const [key, attribute] of Object.entries(attributes)) {
      if (NOT_COPIED.has(key)) continue;
      const value = source[key];
      if (attribute.type === 'media') {
        const files = (Array.isArray(value) ? value : value ? [value] : []) as Ref[];
        data[key] = attribute.multiple ? files.map((f) => f.id) : (files[0]?.id ?? null);
      } else if (attribute.type === 'relation') {
        data[key] = Array.isArray(value)
          ? (value as Ref[]).map((r) => r.documentId)
          : ((value as Ref | null)?.documentId ?? null);
      } else if (value !== undefined) {
        data[key] = value;
      }
    }
    data.TestName = `Copy of ${String(source.TestName ?? '')}`.slice(0, 255);
    // Issue 23: a copy is a draft, never live at once; publishing checks it.
    data.status = 'draft';

    return asSystem(() =>
      strapi.db.transaction(async () => {
        const test = (await strapi.documents(TEST).create({ data: data as never })) as unknown as
          (Data & Ref) | null;
        if (!test) {
          throw new errors.ApplicationError('The copy could not be made.');
        }
        const questions = (await strapi.db.query(QUESTION).findMany({
          where: { test: { id: source.id } },
          // The rubric (issue 27) goes with its question.
          select: [...QUESTION_FIELDS, 'rubric'],
          populate: { subject: { select: ['id', 'documentId'] } },
          orderBy: { id: 'asc' },
        })) as Array<Data & { subject: Ref | null }>;
        for (const row of questions) {
          await strapi.documents(QUESTION).create({
            data: {
              ...questionFieldsOf(row),
              rubric: row.rubric ?? null,
              subject: row.subject?.documentId ?? null,
              test: test.documentId,
            } as never,
          });
        }
        return { test, questions: questions.length };
      }),
    );
  },

  /**
   * One notification per faculty of the test that has a user account ('test-assigned', through
   * notify(): their preferences decide), linking to the test's staff page; the message is the
   * one sent (trimmed, at most 500 characters) or a default naming the test. One transaction.
   */
  async notifyFaculties(testId: unknown, payload: unknown): Promise<number> {
    const raw = (payload as { message?: unknown } | null | undefined)?.message;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      throw new errors.ValidationError('The message must be text.');
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text.length > NOTIFY_MESSAGE_MAX) {
      throw new errors.ValidationError(`A message is at most ${NOTIFY_MESSAGE_MAX} characters.`);
    }
    const test = await visibleTest(strapi, testId, {});
    const message = text || `You have been assigned the test "${String(test.TestName)}".`;
    const knex = knexOf(strapi);
    return knex.transaction(async (trx) =>
      notify(trx, await workFacultyUsers(trx, 'test', test.id), {
        kind: 'test-assigned',
        message,
        link: `/testcorner/${encodeURIComponent(test.documentId)}`,
        about: { type: 'test', id: test.documentId },
      }),
    );
  },
}));

export interface TestService {
  duplicate(testId: unknown): Promise<{ test: Data; questions: number }>;
  notifyFaculties(testId: unknown, payload: unknown): Promise<number>;
}

export default service;
