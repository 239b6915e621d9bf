import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { dataAction } from '../../../access/caller-actions';
import {
  bulkEditPool,
  listPool,
  poolFiltersOf,
  previewPoolQuestion,
} from '../../../modules/catalogue';
import { poolFacility } from '../../../modules/reports';
import { knexOf } from '../../../platform/db/sql';

type Context = Parameters<Core.ControllerHandler>[0];

export default factories.createCoreController('api::question-pool.question-pool', ({ strapi }) => ({
  /** GET /api/question-pools/:documentId/preview[?key=true] → { data: { question, key } } (issue 26). */
  preview: dataAction(strapi, (caller, ctx) =>
    previewPoolQuestion(strapi, caller, ctx.params.documentId, ctx.query),
  ),

  /**
   * GET /api/questionPool-search?search=&type=&subject=&topic=&difficulty=&tag=&used=&page=&pageSize=
   * (issue 26): one page of the pool with each question's subject, topic, tags, use count and
   * facility from past attempts. Staff only (the permission table).
   */
  async search(ctx: Context) {
    const db = knexOf(strapi);
    const page = await listPool(db, poolFiltersOf((ctx.query ?? {}) as Record<string, unknown>));
    const facility = await poolFacility(
      db,
      page.data.map((row) => row.documentId),
    );
    return {
      ...page,
      data: page.data.map((row) => ({ ...row, facility: facility.get(row.documentId) ?? null })),
    };
  },

  /** POST /api/questionPool-bulk-edit { ids, subject?, topic?, difficulty?, addTags?, removeTags? } */
  async bulkEdit(ctx: Context) {
    return bulkEditPool(knexOf(strapi), (ctx.request.body ?? {}) as Record<string, unknown>);
  },
}));
