import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { bodyOf, type Body, type Context } from '../../../platform/http/request';
import { withHttpErrors } from '../../../platform/http/errors';
import {
  createEvaluation,
  setEvaluationDocument,
  updateEvaluation,
  checkDocuments,
  incomingFiles,
  storeWith,
  publishResults,
  listResults,
  listWorks,
  script,
  addDocuments,
  myWork,
  readAttempt,
  removeDocument,
  start,
  submit,
} from '../../../modules/mains';

/** Thin: src/modules/mains holds the rules; errors in Strapi's shape (src/platform/http/errors.ts). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  myWork: withHttpErrors(async (ctx: Context) => {
    ctx.body = await myWork(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  start: withHttpErrors(async (ctx: Context) => {
    const { created, data } = await start(strapi, await currentCaller(strapi), bodyOf(ctx));
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  }),

  attempt: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await readAttempt(strapi, await currentCaller(strapi), ctx.params.attemptId),
    };
  }),

  addDocuments: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await addDocuments(
        strapi,
        await currentCaller(strapi),
        ctx.params.answerId,
        incomingFiles(ctx),
        checkDocuments,
        storeWith(strapi),
      ),
    };
  }),

  removeDocument: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await removeDocument(
        strapi,
        await currentCaller(strapi),
        ctx.params.answerId,
        ctx.params.fileId,
      ),
    };
  }),

  submit: withHttpErrors(async (ctx: Context) => {
    ctx.body = { data: await submit(strapi, await currentCaller(strapi), bodyOf(ctx)) };
  }),

  works: withHttpErrors(async (ctx: Context) => {
    ctx.body = await listWorks(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  results: withHttpErrors(async (ctx: Context) => {
    ctx.body = await listResults(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  script: withHttpErrors(async (ctx: Context) => {
    ctx.body = { data: await script(strapi, await currentCaller(strapi), ctx.params.resultId) };
  }),

  createEvaluation: withHttpErrors(async (ctx: Context) => {
    const { created, data } = await createEvaluation(
      strapi,
      await currentCaller(strapi),
      bodyOf(ctx),
    );
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  }),

  updateEvaluation: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await updateEvaluation(
        strapi,
        await currentCaller(strapi),
        ctx.params.evaluationId,
        bodyOf(ctx),
      ),
    };
  }),

  evaluationDocument: withHttpErrors(async (ctx: Context) => {
    ctx.body = {
      data: await setEvaluationDocument(
        strapi,
        await currentCaller(strapi),
        ctx.params.evaluationId,
        incomingFiles(ctx),
        checkDocuments,
        storeWith(strapi),
      ),
    };
  }),

  publish: withHttpErrors(async (ctx: Context) => {
    ctx.body = { data: await publishResults(strapi, await currentCaller(strapi), bodyOf(ctx)) };
  }),
});
