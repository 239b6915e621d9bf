import type { Core } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import { bodyOf, type Body } from '../../../platform/http/request';
import {
  allocate,
  allocations,
  answerRecheck,
  moderate,
  rechecks,
  releaseCheck,
  requestRecheck,
  submitModeration,
} from '../../../modules/mains';

/** Thin: src/modules/mains holds the rules (issue 27); each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  allocations: dataAction(strapi, (caller, ctx) => allocations(strapi, caller, ctx.query as Body)),
  allocate: dataAction(strapi, (caller, ctx) => allocate(strapi, caller, bodyOf(ctx))),
  moderate: dataAction(strapi, (caller, ctx) => moderate(strapi, caller, bodyOf(ctx))),
  releaseCheck: dataAction(strapi, (caller, ctx) =>
    releaseCheck(strapi, caller, ctx.query as Body),
  ),
  submitModeration: dataAction(strapi, (caller, ctx) =>
    submitModeration(strapi, caller, bodyOf(ctx)),
  ),
  rechecks: callerAction(strapi, (caller, ctx) => rechecks(strapi, caller, ctx.query as Body)),
  requestRecheck: dataAction(strapi, (caller, ctx) => requestRecheck(strapi, caller, bodyOf(ctx))),
  answerRecheck: dataAction(strapi, (caller, ctx) =>
    answerRecheck(strapi, caller, ctx.params.requestId, bodyOf(ctx)),
  ),
});
