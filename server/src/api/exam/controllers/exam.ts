import type { Core } from '@strapi/strapi';
import { callerAction, createOrResumeAction, dataAction } from '../../../access/caller-actions';
import { bodyOf, type Body } from '../../../platform/http/request';
import {
  checkAnswer,
  forgetIp,
  initialize,
  moveSection,
  myTests,
  readAttempt,
  submitEvents,
  reviewResult,
  submit,
} from '../../../modules/exam';

/** Thin: src/modules/exam holds the rules; each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/test/prelims/initialize { testId, mode? } → 201 (new) / 200 (resumed) */
  initialize: createOrResumeAction(strapi, (caller, ctx) => {
    if (caller.kind === 'user') forgetIp(caller.userId); // a new attempt records its first IP
    return initialize(strapi, caller, bodyOf(ctx).testId, bodyOf(ctx).mode);
  }),

  /** GET /api/test/prelims/attempts/:attemptId */
  attempt: dataAction(strapi, (caller, ctx) => readAttempt(strapi, caller, ctx.params.attemptId)),

  /** POST /api/test/prelims/submit { attemptId, events? } (events: the integrity log's last) */
  submit: dataAction(strapi, async (caller, ctx) => {
    const body = bodyOf(ctx);
    const logEvents =
      caller.kind === 'user' && caller.role === 'student'
        ? await submitEvents(strapi, caller.userId, body.attemptId, body.events)
        : null;
    const { status, data } = await submit(strapi, caller, body.attemptId);
    await logEvents?.();
    ctx.status = status; // 202 while the marking runs (modules/exam/marking-queue.ts)
    return data;
  }),

  /** POST /api/test/prelims/section { attemptId, section } (sections with their own timers) */
  section: dataAction(strapi, (caller, ctx) =>
    moveSection(strapi, caller, bodyOf(ctx).attemptId, bodyOf(ctx).section),
  ),

  /** POST /api/test/prelims/check { answerId } (practice attempts) */
  check: dataAction(strapi, (caller, ctx) => checkAnswer(strapi, caller, bodyOf(ctx).answerId)),

  /** GET /api/test/prelims/results/:resultId */
  result: dataAction(strapi, (caller, ctx) => reviewResult(strapi, caller, ctx.params.resultId)),

  /** GET /api/test/prelims/my-tests?courseId=&page=&pageSize= */
  myTests: callerAction(strapi, (caller, ctx) => myTests(strapi, caller, ctx.query as Body)),
});
