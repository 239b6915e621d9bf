import { factories } from '@strapi/strapi';
import { callerAction, dataAction } from '../../../access/caller-actions';
import { currentCaller } from '../../../access/caller';
import { knexOf } from '../../../platform/db/sql';
import { withHttpErrors } from '../../../platform/http/errors';
import { bodyOf, type Context } from '../../../platform/http/request';
import {
  openStream,
  ownUser,
  readAll,
  saveSettings,
  sendMessage,
  settingsOf,
  topNotifications,
} from '../../../modules/notifications';

/**
 * The core routes (find, findOne, update of `read`, delete) keep Strapi's controller under the
 * access rules (src/access: own rows only); the calls of issue 20 and the one create are here.
 */
export default factories.createCoreController('api::notification.notification', ({ strapi }) => ({
  /** POST /api/notifications { data: { message, to_user | student, link? } } → 201 { data: { notified } } */
  create: withHttpErrors(async (ctx: Context) => {
    const result = await sendMessage(knexOf(strapi), await currentCaller(strapi), bodyOf(ctx));
    ctx.status = 201;
    ctx.body = { data: result };
  }),

  /** GET /api/top-notifications?userId=&unread=true → { data: newest 5, meta: { total, unread } } */
  top: callerAction(strapi, (caller, ctx) =>
    topNotifications(knexOf(strapi), caller, ctx.query as Record<string, unknown>),
  ),

  /** PUT /api/read-all-notifications { userId } → { data: { updated } } */
  readAll: dataAction(strapi, (caller, ctx) => readAll(knexOf(strapi), caller, bodyOf(ctx))),

  /** GET /api/notifications/stream: server-sent events `notifications` { unread, total }. */
  stream: withHttpErrors(async (ctx: Context) => {
    await openStream(strapi, await currentCaller(strapi), ctx);
  }),

  /** GET /api/notification-preferences → { data: { kinds: [{ kind, label, inApp, email }] } } */
  preferences: dataAction(strapi, async (caller) => {
    const user = ownUser(caller, undefined);
    return {
      kinds: user.role === 'other' ? [] : await settingsOf(knexOf(strapi), user.userId, user.role),
    };
  }),

  /** PUT /api/notification-preferences { data: { kinds: [{ kind, inApp, email }] } } → as GET */
  savePreferences: dataAction(strapi, async (caller, ctx) => {
    const user = ownUser(caller, undefined);
    if (user.role === 'other') {
      return { kinds: [] };
    }
    return { kinds: await saveSettings(knexOf(strapi), user.userId, user.role, bodyOf(ctx)) };
  }),
}));
