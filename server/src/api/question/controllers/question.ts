import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { importQuestions, type ImportTarget } from '../../../modules/imports';
import { removeUploads, uploadedFile } from '../../../platform/files/uploads';
import type { QuestionService } from '../services/question';

type Context = Parameters<Core.ControllerHandler>[0];

const fieldOf = (ctx: Context, name: string): unknown =>
  ((ctx.request.body ?? {}) as Record<string, unknown>)[name];

export default factories.createCoreController('api::question.question', ({ strapi }) => {
  const runImport = async (ctx: Context, target: ImportTarget) => {
    try {
      return await importQuestions(strapi, uploadedFile(ctx), target);
    } finally {
      await removeUploads(ctx);
    }
  };
  return {
    /** POST /api/questions-import (multipart: file, testId) */
    async importForTest(ctx: Context) {
      return runImport(ctx, { kind: 'test', documentId: fieldOf(ctx, 'testId') });
    },

    /** POST /api/assignmentQuestions-import (multipart: file, assignmentId) */
    async importForAssignment(ctx: Context) {
      return runImport(ctx, { kind: 'assignment', documentId: fieldOf(ctx, 'assignmentId') });
    },

    /** POST /api/questionPool-import (multipart: file) */
    async importForPool(ctx: Context) {
      return runImport(ctx, { kind: 'pool' });
    },

    /** POST /api/questions-bulk { testId | assignmentId, questionPoolIds } */
    async bulkFromPool(ctx: Context) {
      const service = strapi.service('api::question.question') as unknown as QuestionService;
      const data = await service.copyFromPool((ctx.request.body ?? {}) as Record<string, unknown>);
      return { data, meta: { created: data.length } };
    },
  };
});
