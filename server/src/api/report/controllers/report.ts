import type { Core } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import { currentCaller } from '../../../access/caller';
import { sendDownload, XLSX } from '../../../platform/http/download';
import { withHttpErrors } from '../../../platform/http/errors';
import type { Body, Context } from '../../../platform/http/request';
import {
  exportResults,
  leaderboard,
  learnerProgress,
  resultEvents,
  testData,
  testResults,
  testSubjects,
} from '../../../modules/reports';

/** Thin: src/modules/reports holds the rules; each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  testData: dataAction(strapi, (caller, ctx) => testData(strapi, caller, ctx.query as Body)),

  testResults: callerAction(strapi, (caller, ctx) =>
    testResults(strapi, caller, ctx.params.documentId, ctx.query as Body),
  ),

  testSubjects: dataAction(strapi, (caller, ctx) =>
    testSubjects(strapi, caller, ctx.params.documentId, ctx.query as Body),
  ),

  leaderboard: dataAction(strapi, (caller, ctx) => leaderboard(strapi, caller, ctx.query as Body)),

  myProgress: callerAction(strapi, (caller) => learnerProgress(strapi, caller, null)),

  learnerProgress: callerAction(strapi, (caller, ctx) =>
    learnerProgress(strapi, caller, ctx.params.documentId ?? ''),
  ),

  /** GET /api/reports/results/:documentId/events: the attempt's integrity log (staff; issue 23). */
  resultEvents: callerAction(strapi, (caller, ctx) =>
    resultEvents(strapi, caller, ctx.params.documentId),
  ),

  exportResults: withHttpErrors(async (ctx: Context) => {
    const caller = await currentCaller(strapi);
    const { fileName, body } = await exportResults(
      strapi,
      caller,
      ctx.params.documentId,
      ctx.query as Body,
    );
    sendDownload(ctx, fileName, XLSX, body);
  }),
});
