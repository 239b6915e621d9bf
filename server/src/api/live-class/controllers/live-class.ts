import type { Core } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import { currentCaller } from '../../../access/caller';
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment; filename="…"` with the UTF-8 name too (RFC 6266). */
const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

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
    ctx.set('Content-Disposition', attachment(calendarFileName(live.name)));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = classCalendar(live, process.env.PUBLIC_URL ?? null);
  }),

  attendance: callerAction(strapi, (caller, ctx) =>
    classAttendance(strapi, caller, ctx.params.documentId),
  ),

  exportAttendance: withHttpErrors(async (ctx: Context) => {
    const caller = await currentCaller(strapi);
    const { fileName, body } = await exportAttendance(strapi, caller, ctx.params.documentId);
    ctx.set('Content-Disposition', attachment(fileName));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = XLSX;
    ctx.body = body;
  }),

  myAttendance: callerAction(strapi, (caller, ctx) =>
    myAttendance(strapi, caller, ctx.query as Body),
  ),
});
