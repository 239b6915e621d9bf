/**
 * Sections with their own timers (issue 23): the learner's move to another section
 * (POST /api/test/prelims/section) and why a save for a section was refused. Every decision is
 * taken on the server's clock after the sections have moved on by it (sections.ts).
 */
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { GRACE_MS } from '../../access/facts/attempt-deadlines';
import { type Db, knexOf, toDate } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { type AttemptRow, attemptQuery, type Data, sectionShape } from './attempt-rows';
import { closeAttempt } from './close';
import { byLearner } from './section-plan';
import { sectionsOf, settleSections, writeMove } from './sections';
import { myAttempt } from './submit';

/**
 * Why a save for an answer of `section` is refused now, or null when its section accepts it (the
 * refusal then has another cause: the stored revision is newer).
 */
export const sectionRefusal = async (
  db: Db,
  attemptId: number,
  section: number,
  now: Date,
): Promise<string | null> => {
  const row = (await attemptQuery(db).where('a.id', attemptId).first()) as AttemptRow | undefined;
  if (!row) return null;
  const sections = sectionsOf(await settleSections(db, row, now));
  if (!sections) return null;
  const { plan, cursor } = sections;
  const graceCut = now.getTime() - GRACE_MS;
  if (section === cursor.index && cursor.endsAt.getTime() >= graceCut) return null;
  if (
    section === cursor.index - 1 &&
    cursor.graceUntil &&
    cursor.graceUntil.getTime() >= now.getTime()
  ) {
    return null;
  }
  if (plan.fixed && section < cursor.index) {
    return 'This section is closed: a closed section cannot be reopened.';
  }
  const left = plan.list[section]?.left ?? 0;
  if (section === cursor.index || left <= 0) return "This section's time is over.";
  if (plan.fixed) return 'This section has not opened yet.';
  return 'This section is not the one open: switch to its tab first.';
};

/**
 * POST /api/test/prelims/section { attemptId, section? }: the learner opens section `section`
 * (0-based). Fixed order: only the next one, and the section left is closed for good. Free order:
 * any section with time left. Without `section`: no move by the learner, the sections as the
 * server's clock has them (what the player asks when a section's time is over). Answers the open
 * section's part (attempt-rows.ts sectionShape: its questions and answers and the section tabs,
 * not the whole attempt); 409 with the reason otherwise, and nothing changes.
 */
export const moveSection = async (
  strapi: Core.Strapi,
  caller: Caller,
  attemptId: unknown,
  sectionInput: unknown,
): Promise<Data> => {
  const attempt = await myAttempt(strapi, caller, attemptId);
  const follow = sectionInput === undefined || sectionInput === null;
  if (!follow && (typeof sectionInput !== 'number' || !Number.isInteger(sectionInput))) {
    throw new HttpError(400, 'section must be the number of the section to open (0 is the first).');
  }
  const knex = knexOf(strapi);
  const now = new Date();
  const expires = toDate(attempt.expires_at);
  if (attempt.end_date_time || !expires || attempt.test_id === null) {
    throw new HttpError(409, 'This attempt is over.');
  }
  if (expires.getTime() <= now.getTime()) {
    await closeAttempt(strapi, attempt.id, 'expiry', expires);
    throw new HttpError(409, 'This attempt is over.');
  }
  const settled = await settleSections(knex, attempt, now);
  const sections = sectionsOf(settled);
  if (!sections) {
    throw new HttpError(409, 'This test has no sections.');
  }
  let current = settled;
  if (!follow && sectionInput !== sections.cursor.index) {
    const moved = byLearner(sections.plan, sections.cursor, sectionInput as number, now);
    const written = await writeMove(knex, settled, moved);
    if (!written) {
      throw new HttpError(409, 'The sections changed meanwhile: reload the test.');
    }
    current = written;
  }
  return sectionShape(knex, current, attempt.test_id);
};
