import type { Core } from '@strapi/strapi';
import { currentCaller } from '../../../access/caller';
import { examErrors } from '../../../platform/http/errors';
import {
  createEvaluation,
  setEvaluationDocument,
  updateEvaluation,
} from '../../../modules/mains/evaluation';
import { checkDocuments, incomingFiles, storeWith } from '../../../modules/mains/files';
import { publishResults } from '../../../modules/mains/publish';
import { listResults, listWorks, script } from '../../../modules/mains/results';
import {
  addDocuments,
  myWork,
  readAttempt,
  removeDocument,
  start,
  submit,
} from '../../../modules/mains/submission';

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
  myWork: examErrors(async (ctx: Context) => {
    ctx.body = await myWork(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  start: examErrors(async (ctx: Context) => {
    const { created, data } = await start(strapi, await currentCaller(strapi), body(ctx));
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  }),

  attempt: examErrors(async (ctx: Context) => {
    ctx.body = {
      data: await readAttempt(strapi, await currentCaller(strapi), ctx.params.attemptId),
    };
  }),

  addDocuments: examErrors(async (ctx: Context) => {
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

  removeDocument: examErrors(async (ctx: Context) => {
    ctx.body = {
      data: await removeDocument(
        strapi,
        await currentCaller(strapi),
        ctx.params.answerId,
        ctx.params.fileId,
      ),
    };
  }),

  submit: examErrors(async (ctx: Context) => {
    ctx.body = { data: await submit(strapi, await currentCaller(strapi), body(ctx)) };
  }),

  works: examErrors(async (ctx: Context) => {
    ctx.body = await listWorks(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  results: examErrors(async (ctx: Context) => {
    ctx.body = await listResults(strapi, await currentCaller(strapi), ctx.query as Body);
  }),

  script: examErrors(async (ctx: Context) => {
    ctx.body = { data: await script(strapi, await currentCaller(strapi), ctx.params.resultId) };
  }),

  createEvaluation: examErrors(async (ctx: Context) => {
    const { created, data } = await createEvaluation(
      strapi,
      await currentCaller(strapi),
      body(ctx),
    );
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  }),

  updateEvaluation: examErrors(async (ctx: Context) => {
    ctx.body = {
      data: await updateEvaluation(
        strapi,
        await currentCaller(strapi),
        ctx.params.evaluationId,
        body(ctx),
      ),
    };
  }),

  evaluationDocument: examErrors(async (ctx: Context) => {
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

  publish: examErrors(async (ctx: Context) => {
    ctx.body = { data: await publishResults(strapi, await currentCaller(strapi), body(ctx)) };
  }),
});
