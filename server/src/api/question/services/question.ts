import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { asSystem } from '../../../access/caller';
import { QUESTION_FIELDS, questionFieldsOf } from '../../../modules/catalogue';
import { documentIdOf } from '../../../platform/db/sql';

const QUESTION = 'api::question.question';
const POOL = 'api::question-pool.question-pool';

export const BULK_MAX = 500;

type Data = Record<string, unknown>;
interface Ref {
  id: number;
  documentId: string;
}

const service = factories.createCoreService(QUESTION, ({ strapi }) => ({
  /**
   * Copies question-pool questions (every field, subject included) into one test or assignment,
   * in one transaction. Unknown pool ids: 400 listing them, nothing written.
   */
  async copyFromPool(body: Data): Promise<Data[]> {
    const testId = body.testId ?? null;
    const assignmentId = body.assignmentId ?? null;
    if ((testId === null) === (assignmentId === null)) {
      throw new errors.ValidationError('Send exactly one of testId or assignmentId.');
    }
    const ids = body.questionPoolIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > BULK_MAX ||
      !ids.every((id) => documentIdOf(id) !== null)
    ) {
      throw new errors.ValidationError(
        `Send questionPoolIds: 1 to ${BULK_MAX} question-pool documentIds.`,
      );
    }
    const wanted = [...new Set((ids as string[]).map((id) => id.trim()))];
    const field = testId !== null ? 'test' : 'assignment';
    const documentId = documentIdOf(testId ?? assignmentId);
    const uid = field === 'test' ? 'api::test.test' : 'api::assignment.assignment';
    const owner = documentId
      ? await strapi.documents(uid).findOne({ documentId, fields: ['documentId'] })
      : null;
    if (!owner) {
      throw new errors.NotFoundError(field === 'test' ? 'Unknown test.' : 'Unknown assignment.');
    }
    const rows = (await strapi.db.query(POOL).findMany({
      where: { documentId: { $in: wanted } },
      select: ['documentId', ...QUESTION_FIELDS],
      populate: { subject: { select: ['id', 'documentId'] } },
    })) as Array<Data & { documentId: string; subject: Ref | null }>;
    const byId = new Map(rows.map((row) => [row.documentId, row]));
    const unknown = wanted.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new errors.ValidationError(`Unknown question-pool ids: ${unknown.join(', ')}.`, {
        unknownIds: unknown,
      });
    }
    return asSystem(() =>
      strapi.db.transaction(async () => {
        const created: Data[] = [];
        for (const id of wanted) {
          const row = byId.get(id) as (typeof rows)[number];
          const question = await strapi.documents(QUESTION).create({
            data: {
              ...questionFieldsOf(row),
              subject: row.subject?.documentId ?? null,
              // Issue 26: the pool's "used in" filter and facility follow copies by this id.
              source_pool_id: id,
              [field]: documentId,
            } as never,
            populate: { subject: true } as never,
          });
          created.push(question as unknown as Data);
        }
        return created;
      }),
    );
  },
}));

export interface QuestionService {
  copyFromPool(body: Data): Promise<Data[]>;
}

export default service;
