import type { Core } from '@strapi/strapi';
import { factories } from '@strapi/strapi';
import { exportQuestions, importQuestions, type ImportTarget } from '../../../modules/imports';
import { sendDownload } from '../../../platform/http/download';
import { removeUploads, uploadedFile } from '../../../platform/files/uploads';
import { currentCaller } from '../../../access/caller';
import { dataAction } from '../../../access/caller-actions';
import { previewTestQuestion, uploadQuestionImage } from '../../../modules/catalogue';
import { notifyImportFinished } from '../../../modules/notifications';
import { documentIdOf, knexOf } from '../../../platform/db/sql';
import type { QuestionService } from '../services/question';

type Context = Parameters<Core.ControllerHandler>[0];

const fieldOf = (ctx: Context, name: string): unknown =>
  ((ctx.request.body ?? {}) as Record<string, unknown>)[name];

const yes = (value: unknown): boolean =>
  typeof value === 'string' && ['true', '1', 'yes', 'import'].includes(value.trim().toLowerCase());

/** Skipped questions and notes of an export, in headers (the body is the file). */
const EXPORT_HEADER_ITEMS = 50;

export default factories.createCoreController('api::question.question', ({ strapi }) => {
  const runImport = async (ctx: Context, target: ImportTarget) => {
    try {
      const outcome = await importQuestions(strapi, uploadedFile(ctx), target, {
        preview: yes(fieldOf(ctx, 'preview')),
        importDuplicates: yes(fieldOf(ctx, 'duplicates')),
        format: fieldOf(ctx, 'format'),
      });
      if ('preview' in outcome) {
        return outcome;
      }
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
  const runExport = async (ctx: Context, target: ImportTarget) => {
    const query = (ctx.query ?? {}) as Record<string, unknown>;
    const file = await exportQuestions(strapi, target, query.format, query);
    ctx.set('X-Export-Count', String(file.count));
    ctx.set(
      'X-Export-Skipped',
      encodeURIComponent(JSON.stringify(file.skipped.slice(0, EXPORT_HEADER_ITEMS))),
    );
    ctx.set('X-Export-Skipped-Count', String(file.skipped.length));
    ctx.set('X-Export-Notes', encodeURIComponent(JSON.stringify(file.notes)));
    ctx.set(
      'Access-Control-Expose-Headers',
      'Content-Disposition, X-Export-Count, X-Export-Skipped, X-Export-Skipped-Count, X-Export-Notes',
    );
    sendDownload(ctx, file.filename, file.contentType, file.body);
  };
  return {
    /** GET /api/questions/:documentId/preview[?key=true] → { data: { question, key } } (issue 26). */
    preview: dataAction(strapi, (caller, ctx) =>
      previewTestQuestion(strapi, caller, ctx.params.documentId, ctx.query),
    ),

    /** POST /api/question-images (multipart `file`) → { data: { src } } (issue 26). */
    uploadImage: dataAction(strapi, (caller, ctx) => uploadQuestionImage(strapi, caller, ctx)),

    /** GET /api/questions-export?testId=…&format=moodle|gift|aiken */
    async exportForTest(ctx: Context) {
      return runExport(ctx, { kind: 'test', documentId: (ctx.query ?? {}).testId });
    },

    /** GET /api/assignmentQuestions-export?assignmentId=…&format=… */
    async exportForAssignment(ctx: Context) {
      return runExport(ctx, { kind: 'assignment', documentId: (ctx.query ?? {}).assignmentId });
    },

    /** GET /api/questionPool-export?format=…&search=&type=&subject=&topic=&difficulty=&tag=&used= */
    async exportForPool(ctx: Context) {
      return runExport(ctx, { kind: 'pool' });
    },

    /** POST /api/questions-import (multipart: file, testId; preview, duplicates, format) */
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
