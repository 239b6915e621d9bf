import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { importQuestions, type ImportTarget } from '../../../modules/imports';
import { removeUploads, uploadedFile } from '../../../platform/files/uploads';
import { currentCaller } from '../../../access/caller';
import { notifyImportFinished } from '../../../modules/notifications';
import { documentIdOf, knexOf } from '../../../platform/db/sql';
import type { QuestionService } from '../services/question';

type Context = Parameters<Core.ControllerHandler>[0];

const fieldOf = (ctx: Context, name: string): unknown =>
  ((ctx.request.body ?? {}) as Record<string, unknown>)[name];

export default factories.createCoreController('api::question.question', ({ strapi }) => {
  const runImport = async (ctx: Context, target: ImportTarget) => {
    try {
      const outcome = await importQuestions(strapi, uploadedFile(ctx), target);
      const caller = await currentCaller(strapi);
      const documentId = target.kind === 'pool' ? null : documentIdOf(target.documentId);
      await notifyImportFinished(knexOf(strapi), caller.kind === 'user' ? caller.userId : null, {
        what: 'Question import',
        added: outcome.createdQuestions.length,
        skipped: outcome.skippedRows,
        link:
          target.kind === 'test' && documentId
            ? `/testcorner/${encodeURIComponent(documentId)}`
            : target.kind === 'assignment' && documentId
              ? `/assignment/${encodeURIComponent(documentId)}`
              : '/questionpool',
        about: documentId && target.kind !== 'pool' ? { type: target.kind, id: documentId } : null,
      });
      return outcome;
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
