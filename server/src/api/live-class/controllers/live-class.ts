import type { Core } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import { currentCaller } from '../../../access/caller';
import { sendDownload, XLSX } from '../../../platform/http/download';
import { withHttpErrors } from '../../../platform/http/errors';
import { bodyOf, type Body, type Context } from '../../../platform/http/request';
import {
  calendarFileName,
  classAttendance,
  classCalendar,
  exportAttendance,
  joinClass,
  myAttendance,
  upcomingClasses,
  visibleClass,
  zoomConfigured,
  zoomSignature,
} from '../../../modules/live-classes';

/** Thin: src/modules/live-classes holds the rules; each action reads the request and answers. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  upcoming: callerAction(strapi, (caller, ctx) =>
    upcomingClasses(strapi, caller, ctx.query as Body),
  ),

  config: dataAction(strapi, async () => ({ zoomConfigured: zoomConfigured() })),

  signature: dataAction(strapi, (caller, ctx) =>
    zoomSignature(strapi, caller, bodyOf(ctx), ctx.request.ip ?? ''),
  ),

  join: dataAction(strapi, (caller, ctx) => joinClass(strapi, caller, ctx.params.documentId)),

  calendar: withHttpErrors(async (ctx: Context) => {
    const caller = await currentCaller(strapi);
    const live = await visibleClass(strapi, caller, ctx.params.documentId);
    sendDownload(
      ctx,
      calendarFileName(live.name),
      'text/calendar; charset=utf-8',
      classCalendar(live, process.env.PUBLIC_URL ?? null),
    );
  }),

  attendance: callerAction(strapi, (caller, ctx) =>
    classAttendance(strapi, caller, ctx.params.documentId),
  ),

  exportAttendance: withHttpErrors(async (ctx: Context) => {
    const caller = await currentCaller(strapi);
    const { fileName, body } = await exportAttendance(strapi, caller, ctx.params.documentId);
    sendDownload(ctx, fileName, XLSX, body);
  }),

  myAttendance: callerAction(strapi, (caller, ctx) =>
    myAttendance(strapi, caller, ctx.query as Body),
  ),
});
