import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { isPostgres, knexOf, toDate } from '../../platform/db/sql';
import { classAudience, notifiedUsers, workLearnerUsers } from './audiences';
import { classLink, classTime, workLink } from './document-events';
import { notify } from './notify';

/**
 * The sweep's reminders (issue 20), each written once per (thing, user): a user who already has
 * the notice about it is skipped, so a sweep that runs again, or in two processes at once (on
 * PostgreSQL the thing's row is locked while its notices are written), writes nothing twice; a
 * learner added later still gets it on the next sweep.
 */
const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** NOTIFY_OPENS_SOON_HOURS (default 24): how long before a test opens its learners are told. */
export const opensSoonHours = (): number => positive(process.env.NOTIFY_OPENS_SOON_HOURS, 24);

/** LIVE_CLASS_REMINDER_MINUTES (default 15): how long before a live class its people are told. */
export const liveClassReminderMinutes = (): number =>
  positive(process.env.LIVE_CLASS_REMINDER_MINUTES, 15);

const lockRow = async (trx: Knex.Transaction, table: string, id: number): Promise<void> => {
  if (isPostgres(trx)) {
    await trx(table).where({ id }).forUpdate().first('id');
  }
};

/**
 * Tests whose start (ValidFrom) is in the next NOTIFY_OPENS_SOON_HOURS: their learners are told
 * once ('work-opens-soon'). Assignments have no start time, so only tests.
 */
export const notifyOpensSoon = async (strapi: Core.Strapi, now: Date): Promise<number> => {
  const knex = knexOf(strapi);
  const until = new Date(now.getTime() + opensSoonHours() * 3_600_000);
  const tests = (await knex('tests')
    .where('valid_from', '>', now)
    .where('valid_from', '<=', until)
    .select('id', 'document_id', 'test_name', 'valid_from')) as Array<{
    id: number;
    document_id: string;
    test_name: string | null;
    valid_from: unknown;
  }>;
  let written = 0;
  for (const test of tests) {
    written += await knex.transaction(async (trx) => {
      await lockRow(trx, 'tests', Number(test.id));
      const done = await notifiedUsers(trx, 'work-opens-soon', test.document_id);
      const learners = (await workLearnerUsers(trx, 'test', Number(test.id))).filter(
        (id) => !done.has(id),
      );
      return notify(trx, learners, {
        kind: 'work-opens-soon',
        message: `${test.test_name ?? 'A test'} opens on ${classTime(test.valid_from)}.`,
        link: workLink('test', test.document_id),
        about: { type: 'test', id: test.document_id },
      });
    });
  }
  return written;
};

/**
 * Live classes starting within LIVE_CLASS_REMINDER_MINUTES: their learners and faculty
 * are told once ('live-class'); whoever was told of the class within that window already (it was
 * scheduled a few minutes before it starts) is not told again.
 */
export const remindLiveClasses = async (strapi: Core.Strapi, now: Date): Promise<number> => {
  const knex = knexOf(strapi);
  const minutes = liveClassReminderMinutes();
  const until = new Date(now.getTime() + minutes * 60_000);
  const classes = (await knex('classes as c')
    .leftJoin('classes_course_lnk as cc', 'cc.class_id', 'c.id')
    .leftJoin('courses as co', 'co.id', 'cc.course_id')
    .where('c.date', '>', now)
    .where('c.date', '<=', until)
    .where((q) => {
      // A cancelled class (issue 21) reminds nobody.
      q.whereNull('c.cancelled').orWhere('c.cancelled', false);
    })
    .select('c.id', 'c.document_id', 'c.name', 'c.date', 'co.document_id as course')) as Array<{
    id: number;
    document_id: string;
    name: string | null;
    date: unknown;
    course: string | null;
  }>;
  let written = 0;
  for (const live of classes) {
    written += await knex.transaction(async (trx) => {
      await lockRow(trx, 'classes', Number(live.id));
      const startsAt = toDate(live.date) ?? until;
      const windowStart = new Date(startsAt.getTime() - minutes * 60_000);
      const done = await notifiedUsers(trx, 'live-class', live.document_id, windowStart);
      const { learners, staff } = await classAudience(trx, Number(live.id));
      return notify(
        trx,
        [...learners, ...staff].filter((id) => !done.has(id)),
        {
          kind: 'live-class',
          message: `Starting soon: the live class ${live.name ?? ''} at ${classTime(live.date)}.`,
          link: classLink(live.course),
          about: { type: 'class', id: live.document_id },
        },
      );
    });
  }
  return written;
};
