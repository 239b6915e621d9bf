import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { bodyOf, type Body, type Context } from '../../../platform/http/request';
import {
  checkAnswer,
  initialize,
  myTests,
  readAttempt,
  reviewResult,
  submit,
} from '../../../modules/exam';
import { withHttpErrors } from '../../../platform/http/errors';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/test/prelims/initialize { testId } → 201 (new) / 200 (resumed) */
  initialize: withHttpErrors(async (ctx: Context) => {
    const { created, data } = await initialize(
      strapi,
      await currentCaller(strapi),
      bodyOf(ctx).testId,
    );
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  }),

  /** GET /api/test/prelims/attempts/:attemptId */
  attempt: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await readAttempt(strapi, await currentCaller(strapi), ctx.params.attemptId),
    };
  }),

  /** POST /api/test/prelims/submit { attemptId } */
  submit: withHttpErrors(async (ctx: Context) => {
    ctx.body = { data: await submit(strapi, await currentCaller(strapi), bodyOf(ctx).attemptId) };
  }),

  /** POST /api/test/prelims/check { answerId } (practice attempts) */
  check: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await checkAnswer(strapi, await currentCaller(strapi), bodyOf(ctx).answerId),
    };
  }),

  /** GET /api/test/prelims/results/:resultId */
  result: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await reviewResult(strapi, await currentCaller(strapi), ctx.params.resultId),
    };
  }),

  /** GET /api/test/prelims/my-tests?courseId=&page=&pageSize= */
  myTests: withHttpErrors(async (ctx: Context) => {
    ctx.body = await myTests(strapi, await currentCaller(strapi), ctx.query as Body);
  }),
});
