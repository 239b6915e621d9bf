import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { classAudience, classLink, classTime, notify } from '../notifications';
import { CLASS_UID } from './classes';
import { checkClassWrite, loadStored, type StoredClass } from './class-rules';
import type { DocumentContext, DocumentNext } from '../../platform/db/document-middleware';

/**
 * The live classes' document-service middleware (issue 21), registered before the access guard so
 * a faculty member naming another's batch hears the contract's 403 rather than "does not exist":
 * the input rules (class-rules.ts), then, on an update that moves the class (start, duration,
 * how it is joined) or cancels it, one notice to its learners and faculty ('live-class'), on the
 * write's transaction. A class's creation is told by the notifications module's own event.
 */
const JOIN_FIELDS = ['provider', 'meeting_number', 'passcode', 'join_url', 'meeting_url'] as const;

const time = (value: unknown): number | null => {
  if (value === null || value === undefined) {
    return null;
  }
  const ms = new Date(value as string).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/** What changed for the people of the class: 'cancelled', 'changed' or nothing. */
export const changeOf = (
  before: StoredClass,
  after: StoredClass,
): 'cancelled' | 'changed' | null => {
  if (after.cancelled && !before.cancelled) {
    return 'cancelled';
  }
  if (after.cancelled) {
    return null;
  }
  const moved =
    time(before.date) !== time(after.date) ||
    (before.duration_minutes ?? null) !== (after.duration_minutes ?? null) ||
    JOIN_FIELDS.some((key) => (before[key] ?? null) !== (after[key] ?? null)) ||
    (before.cancelled && !after.cancelled);
  return moved ? 'changed' : null;
};

const courseDocument = async (db: Knex, classId: number): Promise<string | null> =>
  (
    (await db('classes_course_lnk as cc')
      .join('courses as co', 'co.id', 'cc.course_id')
      .where('cc.class_id', classId)
      .first('co.document_id as course')) as { course: string } | undefined
  )?.course ?? null;

const tell = async (
  db: Knex,
  live: StoredClass,
  change: 'cancelled' | 'changed',
): Promise<number> => {
  const { learners, staff } = await classAudience(db, live.id);
  const when = classTime(live.date);
  const message =
    change === 'cancelled'
      ? `Live class cancelled: ${live.name ?? ''}${when ? ` (was on ${when})` : ''}.`
      : `Live class changed: ${live.name ?? ''}${when ? ` now on ${when}` : ''} (${
          live.duration_minutes ?? 60
        } minutes).`;
  return notify(db, [...learners, ...staff], {
    kind: 'live-class',
    message,
    link: classLink(await courseDocument(db, live.id)),
    about: { type: 'class', id: live.documentId },
  });
};

export const createLiveClassRules =
  (strapi: Core.Strapi) =>
  async (ctx: DocumentContext, next: DocumentNext): Promise<unknown> => {
    if (ctx.uid !== CLASS_UID || (ctx.action !== 'create' && ctx.action !== 'update')) {
      return next();
    }
    const before =
      ctx.action === 'update' ? await loadStored(strapi, ctx.params?.documentId) : null;
    const data = await checkClassWrite(strapi, ctx.action, ctx.params?.data, before);
    if (data) {
      ctx.params.data = data;
    }
    if (!before) {
      return next();
    }
    return strapi.db.transaction(async ({ trx }) => {
      const result = await next();
      const after = await loadStored(strapi, before.documentId);
      const change = after ? changeOf(before, after) : null;
      if (after && change) {
        await tell(trx as unknown as Knex, after, change);
      }
      return result;
    });
  };
