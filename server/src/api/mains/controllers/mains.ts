import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { withHttpErrors } from '../../../platform/http/errors';
import { createEvaluation, setEvaluationDocument, updateEvaluation } from '../../../modules/mains';
import { checkDocuments, incomingFiles, storeWith } from '../../../modules/mains';
import { publishResults } from '../../../modules/mains';
import { listResults, listWorks, script } from '../../../modules/mains';
import {
  addDocuments,
  myWork,
  readAttempt,
  removeDocument,
  start,
  submit,
} from '../../../modules/mains';

type Context = Parameters<Core.ControllerHandler>[0];
type Body = Record<string, unknown>;

const body = (ctx: Context): Body => {
  const value = ctx.request.body as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Body)
    : {};
};

/** Thin: src/modules/mains holds the rules; errors in Strapi's shape (src/platform/http/errors.ts). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  myWork: withHttpErrors(async (ctx: Context) => {
    ctx.body = await myWork(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  start: withHttpErrors(async (ctx: Context) => {
    const { created, data } = await start(strapi, await currentCaller(strapi), body(ctx));
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
    ctx.body = { data: await submit(strapi, await currentCaller(strapi), body(ctx)) };
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
      body(ctx),
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
        body(ctx),
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
    ctx.body = { data: await publishResults(strapi, await currentCaller(strapi), body(ctx)) };
  }),
});
