import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { removeUploads, uploadedFile } from '../../../platform/files/uploads';
import { listBatches, moveLearners, removeLearners } from '../../../modules/people';
import { exportLearners } from '../../../modules/people';
import { createFaculty, deleteFaculty, facultyUsers, updateFaculty } from '../../../modules/people';
import { importFaculties } from '../../../modules/people';
import { importLearners } from '../../../modules/people';
import {
  createLearner,
  deleteLearners,
  listLearners,
  updateLearner,
} from '../../../modules/people';
import { createUser, importUsers, listUsers, setAvatar, updateUser } from '../../../modules/people';

type Context = Parameters<Core.ControllerHandler>[0];
type Body = Record<string, unknown>;

const body = (ctx: Context): Body => {
  const value = ctx.request.body as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Body)
    : {};
};

/** Runs an action on an upload and removes the parser's temporary files afterwards. */
const withUpload = async <T>(ctx: Context, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } finally {
    await removeUploads(ctx);
  }
};

/** Thin: src/modules/people holds the rules; errors are @strapi/utils errors (Strapi's shape). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async batchesPaginated(ctx: Context) {
    ctx.body = await listBatches(strapi, await currentCaller(strapi), ctx.query as Body);
  },
  async moveLearners(ctx: Context) {
    ctx.body = await moveLearners(strapi, body(ctx));
  },
  async removeLearners(ctx: Context) {
    ctx.body = await removeLearners(strapi, body(ctx));
  },

  async learnersPaginated(ctx: Context) {
    ctx.body = await listLearners(strapi, await currentCaller(strapi), ctx.query as Body);
  },
  async createLearner(ctx: Context) {
    ctx.status = 201;
    ctx.body = { data: await createLearner(strapi, body(ctx)) };
  },
  async updateLearner(ctx: Context) {
    ctx.body = { data: await updateLearner(strapi, ctx.params.documentId, body(ctx)) };
  },
  async deleteLearners(ctx: Context) {
    ctx.body = await deleteLearners(strapi, body(ctx));
  },
  async importLearners(ctx: Context) {
    ctx.body = await withUpload(ctx, () => importLearners(strapi, uploadedFile(ctx)));
  },
  async exportLearners(ctx: Context) {
    const stream = await exportLearners(strapi, await currentCaller(strapi), ctx.query as Body);
    ctx.set('Content-Disposition', 'attachment; filename="students.xlsx"');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    ctx.body = stream;
  },

  async createFaculty(ctx: Context) {
    ctx.status = 201;
    ctx.body = { data: await createFaculty(strapi, body(ctx)) };
  },
  async updateFaculty(ctx: Context) {
    ctx.body = { data: await updateFaculty(strapi, ctx.params.documentId, body(ctx)) };
  },
  async deleteFaculty(ctx: Context) {
    ctx.body = await deleteFaculty(strapi, ctx.params.documentId);
  },
  async facultyUsers(ctx: Context) {
    ctx.body = await facultyUsers(strapi, ctx.params.documentId);
  },
  async importFaculties(ctx: Context) {
    ctx.body = await withUpload(ctx, () => importFaculties(strapi, uploadedFile(ctx)));
  },

  async users(ctx: Context) {
    ctx.body = await listUsers(strapi, ctx.query as Body);
  },
  async createUser(ctx: Context) {
    ctx.status = 201;
    ctx.body = await createUser(strapi, body(ctx));
  },
  async updateUser(ctx: Context) {
    ctx.body = await updateUser(strapi, await currentCaller(strapi), ctx.params.id, body(ctx));
  },
  async avatar(ctx: Context) {
    ctx.body = await withUpload(ctx, () => setAvatar(strapi, ctx.params.id, ctx));
  },
  async importUsers(ctx: Context) {
    ctx.body = await withUpload(ctx, () => importUsers(strapi, uploadedFile(ctx)));
  },
});
