/**
 * The shapes of a controller action that works for the signed-in caller (exam, Mains): the rule
 * of the call is in a module, the action only reads the request, finds the caller and answers.
 * HttpErrors become Strapi-shaped error answers (src/platform/http/errors.ts).
 */
import type { Core } from '@strapi/strapi';
import { withHttpErrors } from '../platform/http/errors';
import type { Context } from '../platform/http/request';
import { currentCaller, type Caller } from './caller';

type Run<T> = (caller: Caller, ctx: Context) => Promise<T>;

/** Answers what the module returns, as it is (lists with their `meta`). */
export const callerAction = (strapi: Core.Strapi, run: Run<unknown>) =>
  withHttpErrors(async (ctx: Context) => {
    ctx.body = await run(await currentCaller(strapi), ctx);
  });

/** Answers `{ data }`: one record. */
export const dataAction = (strapi: Core.Strapi, run: Run<unknown>) =>
  callerAction(strapi, async (caller, ctx) => ({ data: await run(caller, ctx) }));

/** Answers `{ data }` with 201 when the module made the record, 200 when it found it (resume). */
export const createOrResumeAction = (
  strapi: Core.Strapi,
  run: Run<{ created: boolean; data: unknown }>,
) =>
  withHttpErrors(async (ctx: Context) => {
    const { created, data } = await run(await currentCaller(strapi), ctx);
    ctx.status = created ? 201 : 200;
    ctx.body = { data };
  });
