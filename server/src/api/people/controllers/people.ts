import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { bodyOf, type Body, type Context } from '../../../platform/http/request';
import { removeUploads, uploadedFile } from '../../../platform/files/uploads';
import {
  listBatches,
  moveLearners,
  removeLearners,
  exportLearners,
  createFaculty,
  deleteFaculty,
  facultyUsers,
  updateFaculty,
  importFaculties,
  importLearners,
  createLearner,
  deleteLearners,
  listLearners,
  updateLearner,
  createUser,
  importUsers,
  listUsers,
  setAvatar,
  updateUser,
} from '../../../modules/people';
import { notifyImportFinished } from '../../../modules/notifications';
import { knexOf } from '../../../platform/db/sql';
import { XLSX } from '../../../platform/http/download';

/** Runs an action on an upload and removes the parser's temporary files afterwards. */
const withUpload = async <T>(ctx: Context, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } finally {
    await removeUploads(ctx);
  }
};

type ImportOutcome = { data: unknown[]; skippedRecords: Record<string, unknown[]> };

/** "An import finished" to the administrator who ran it (issue 20), then the import's answer. */
const told = async <T extends ImportOutcome>(
  strapi: Core.Strapi,
  what: string,
  link: string,
  outcome: T,
): Promise<T> => {
  const caller = await currentCaller(strapi);
  await notifyImportFinished(knexOf(strapi), caller.kind === 'user' ? caller.userId : null, {
    what,
    added: outcome.data.length,
    skipped: outcome.skippedRecords,
    link,
  });
  return outcome;
};

/** Thin: src/modules/people holds the rules; errors are @strapi/utils errors (Strapi's shape). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** An import: the uploaded sheet run, its administrator told, the upload removed whatever happens. */
  const importAction =
    (
      what: string,
      link: string,
      run: (file: ReturnType<typeof uploadedFile>) => Promise<ImportOutcome>,
    ) =>
    async (ctx: Context) => {
      ctx.body = await withUpload(ctx, async () =>
        told(strapi, what, link, await run(uploadedFile(ctx))),
      );
    };

  /** A record's create: 201 with `{ data }`, the record as the module answers it. */
  const createAction =
    (create: (strapi: Core.Strapi, body: Body) => Promise<unknown>) => async (ctx: Context) => {
      ctx.status = 201;
      ctx.body = { data: await create(strapi, bodyOf(ctx)) };
    };
  /** A record's edit by `:documentId`: `{ data }`, the record as the module answers it. */
  const updateAction =
    (update: (strapi: Core.Strapi, documentId: unknown, body: Body) => Promise<unknown>) =>
    async (ctx: Context) => {
      ctx.body = { data: await update(strapi, ctx.params.documentId, bodyOf(ctx)) };
    };

  return {
    async batchesPaginated(ctx: Context) {
      ctx.body = await listBatches(strapi, await currentCaller(strapi), ctx.query as Body);
    },
    async moveLearners(ctx: Context) {
      ctx.body = await moveLearners(strapi, bodyOf(ctx));
    },
    async removeLearners(ctx: Context) {
      ctx.body = await removeLearners(strapi, bodyOf(ctx));
    },

    async learnersPaginated(ctx: Context) {
      ctx.body = await listLearners(strapi, await currentCaller(strapi), ctx.query as Body);
    },
    createLearner: createAction(createLearner),
    updateLearner: updateAction(updateLearner),
    async deleteLearners(ctx: Context) {
      ctx.body = await deleteLearners(strapi, bodyOf(ctx));
    },
    importLearners: importAction('Learner import', '/learners', (file) =>
      importLearners(strapi, file),
    ),
    async exportLearners(ctx: Context) {
      const stream = await exportLearners(strapi, await currentCaller(strapi), ctx.query as Body);
      ctx.set('Content-Disposition', 'attachment; filename="students.xlsx"');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = XLSX;
      ctx.body = stream;
    },

    createFaculty: createAction(createFaculty),
    updateFaculty: updateAction(updateFaculty),
    async deleteFaculty(ctx: Context) {
      ctx.body = await deleteFaculty(strapi, ctx.params.documentId);
    },
    async facultyUsers(ctx: Context) {
      ctx.body = await facultyUsers(strapi, ctx.params.documentId);
    },
    importFaculties: importAction('Faculty import', '/faculties', (file) =>
      importFaculties(strapi, file),
    ),

    async users(ctx: Context) {
      ctx.body = await listUsers(strapi, ctx.query as Body);
    },
    async createUser(ctx: Context) {
      ctx.status = 201;
      ctx.body = await createUser(strapi, bodyOf(ctx));
    },
    async updateUser(ctx: Context) {
      ctx.body = await updateUser(strapi, await currentCaller(strapi), ctx.params.id, bodyOf(ctx));
    },
    async avatar(ctx: Context) {
      ctx.body = await withUpload(ctx, () => setAvatar(strapi, ctx.params.id, ctx));
    },
    importUsers: importAction('User import', '/users', (file) => importUsers(strapi, file)),
  };
};
