import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import type { TestService } from '../services/test';
import { closeWork, deleteUnlessInUse, previewTest, publishWork } from '../../../modules/catalogue';
import {
  createAccommodation,
  deleteAccommodation,
  listAccommodations,
  regrade,
  regradePreview,
  updateAccommodation,
} from '../../../modules/exam';
import { dataAction } from '../../../access/caller-actions';

type Context = Parameters<Core.ControllerHandler>[0];

const service = (strapi: Core.Strapi): TestService =>
  strapi.service('api::test.test') as unknown as TestService;

export default factories.createCoreController('api::test.test', ({ strapi }) => ({
  /** DELETE /api/tests/:id: 409 when learners have attempted it (modules/catalogue/test-rules.ts). */
  async delete(ctx: Context) {
    return deleteUnlessInUse(ctx, () => super.delete(ctx));
  },

  /** POST /api/tests/:documentId/publish → { data: test }; 400 names what is missing (issue 23). */
  async publish(ctx: Context) {
    return { data: await publishWork(strapi, 'test', ctx.params.documentId) };
  },

  /** POST /api/tests/:documentId/close → { data: test }: the window ends now (issue 23). */
  async close(ctx: Context) {
    return { data: await closeWork(strapi, 'test', ctx.params.documentId) };
  },

  /** POST /api/duplicate-tests { testId } → 201 { data: test, meta: { questions } } */
  async duplicate(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { testId?: unknown };
    const { test, questions } = await service(strapi).duplicate(body.testId);
    ctx.status = 201;
    return { data: test, meta: { questions } };
  },

  /** POST /api/notify-faculties { payload: { message? }, testId } → { data: { notified } } */
  async notifyFaculties(ctx: Context) {
    const body = (ctx.request.body ?? {}) as { testId?: unknown; payload?: unknown };
    const notified = await service(strapi).notifyFaculties(body.testId, body.payload);
    return { data: { notified } };
  },

  /** GET /api/tests/:documentId/preview[?key=true] → { data: test preview } (issue 26). */
  preview: dataAction(strapi, (caller, ctx) =>
    previewTest(strapi, caller, ctx.params.documentId, ctx.query),
  ),

  /** GET /api/tests/:documentId/regrade → { data: summary } (modules/exam/regrade.ts). */
  regradePreview: dataAction(strapi, (caller, ctx) =>
    regradePreview(strapi, caller, ctx.params.documentId),
  ),

  /** POST /api/tests/:documentId/regrade → { data: summary + audit + notified }. */
  regrade: dataAction(strapi, (caller, ctx) => regrade(strapi, caller, ctx.params.documentId)),

  /** GET /api/tests/:documentId/accommodations → { data: accommodation[] } (issue 23). */
  accommodations: dataAction(strapi, (caller, ctx) =>
    listAccommodations(strapi, caller, ctx.params.documentId),
  ),

  /** POST /api/tests/:documentId/accommodations { data } → 201 { data: accommodation }. */
  createAccommodation: dataAction(strapi, async (caller, ctx) => {
    const created = await createAccommodation(
      strapi,
      caller,
      ctx.params.documentId,
      ctx.request.body,
    );
    ctx.status = 201;
    return created;
  }),

  /** PUT /api/tests/:documentId/accommodations/:accommodationId { data } → { data }. */
  updateAccommodation: dataAction(strapi, (caller, ctx) =>
    updateAccommodation(
      strapi,
      caller,
      ctx.params.documentId,
      ctx.params.accommodationId,
      ctx.request.body,
    ),
  ),

  /** DELETE /api/tests/:documentId/accommodations/:accommodationId → { data: the removed one }. */
  deleteAccommodation: dataAction(strapi, (caller, ctx) =>
    deleteAccommodation(strapi, caller, ctx.params.documentId, ctx.params.accommodationId),
  ),
}));
