import type { Core } from '@strapi/strapi';
import { callerAction, createOrResumeAction, dataAction } from '../../../access/caller-actions';
import { bodyOf, type Body } from '../../../platform/http/request';
import {
  createEvaluation,
  setEvaluationDocument,
  checkDocuments,
  incomingFiles,
  storeWith,
  publishResults,
  progress,
  reopenEvaluation,
  listResults,
  listWorks,
  script,
  addDocuments,
  myWork,
  readAttempt,
  removeDocument,
  start,
  submit,
  readAnnotations,
  savePage,
  updateEvaluationWithCopy,
} from '../../../modules/mains';

/** Thin: src/modules/mains holds the rules; each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  myWork: callerAction(strapi, (caller, ctx) => myWork(strapi, caller, ctx.query as Body)),

  start: createOrResumeAction(strapi, (caller, ctx) => start(strapi, caller, bodyOf(ctx))),

  attempt: dataAction(strapi, (caller, ctx) => readAttempt(strapi, caller, ctx.params.attemptId)),

  addDocuments: dataAction(strapi, (caller, ctx) =>
    addDocuments(
      strapi,
      caller,
      ctx.params.answerId,
      incomingFiles(ctx),
      checkDocuments,
      storeWith(strapi),
    ),
  ),

  removeDocument: dataAction(strapi, (caller, ctx) =>
    removeDocument(strapi, caller, ctx.params.answerId, ctx.params.fileId),
  ),

  submit: dataAction(strapi, (caller, ctx) => submit(strapi, caller, bodyOf(ctx))),

  works: callerAction(strapi, (caller, ctx) => listWorks(strapi, caller, ctx.query as Body)),

  results: callerAction(strapi, (caller, ctx) => listResults(strapi, caller, ctx.query as Body)),

  script: dataAction(strapi, (caller, ctx) => script(strapi, caller, ctx.params.resultId)),

  createEvaluation: createOrResumeAction(strapi, (caller, ctx) =>
    createEvaluation(strapi, caller, bodyOf(ctx)),
  ),

  updateEvaluation: dataAction(strapi, (caller, ctx) =>
    // Issue 27: completing makes the marked copy from the annotations (modules/mains/marked-copy).
    updateEvaluationWithCopy(strapi, caller, ctx.params.evaluationId, bodyOf(ctx)),
  ),

  evaluationDocument: dataAction(strapi, (caller, ctx) =>
    setEvaluationDocument(
      strapi,
      caller,
      ctx.params.evaluationId,
      incomingFiles(ctx),
      checkDocuments,
      storeWith(strapi),
    ),
  ),

  reopenEvaluation: dataAction(strapi, (caller, ctx) =>
    reopenEvaluation(strapi, caller, ctx.params.evaluationId, bodyOf(ctx)),
  ),

  progress: dataAction(strapi, (caller, ctx) => progress(strapi, caller, ctx.query as Body)),

  annotations: dataAction(strapi, (caller, ctx) =>
    readAnnotations(strapi, caller, ctx.params.evaluationId),
  ),

  saveAnnotations: dataAction(strapi, (caller, ctx) =>
    savePage(strapi, caller, ctx.params, bodyOf(ctx)),
  ),

  publish: dataAction(strapi, (caller, ctx) => publishResults(strapi, caller, bodyOf(ctx))),
});
