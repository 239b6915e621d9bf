/**
 * Accommodations (issue 23): a learner's (or their batch's) extra time, extra attempts and
 * personal window on one test, applied by the server where the attempt's expiry and the attempt
 * count are decided (start.ts) and in the learner's test list (my-tests.ts).
 *
 * Why one rule here: the start, the list and the start page must agree on "your time" and "your
 * window"; staff write the rows through accommodation-admin.ts.
 *
 * Which applies: the learner's own accommodation of the test wins over any of their batches'
 * (among several batch ones, the newest). Nothing is summed across rows.
 */
import type { Db } from '../../platform/db/sql';
import { sqlRows, toDate, toNumber } from '../../platform/db/sql';

export interface AccommodationRow {
  id: number;
  test_id: number;
  extra_minutes: number;
  extra_percent: number;
  extra_attempts: number;
  window_from: Date | null;
  window_to: Date | null;
  /** 'student': the learner's own; 'batch': one of their batches'. */
  source: 'student' | 'batch';
}

/** The test's own terms, as start.ts and my-tests.ts read them. */
export interface TestTerms {
  TestDuration: number | null;
  max_attempts: number | null;
  ValidFrom: unknown;
  ValidTo: unknown;
  /** 'closed' (staff closed it): the personal window no longer extends it. */
  status?: unknown;
}

/** The learner's terms of one test after their accommodation (if any). */
export interface LearnerTerms {
  /** Minutes of an attempt (null: the test has no duration; the window end alone limits it). */
  durationMinutes: number | null;
  /** Minutes added to the test's duration (0 without an accommodation). */
  extraMinutes: number;
  /** Scored attempts allowed (0: unlimited). */
  maxAttempts: number;
  from: Date | null;
  to: Date | null;
  accommodated: boolean;
}

const ACCOMMODATION_COLUMNS = `acc.id AS id, t.test_id AS test_id, acc.extra_minutes AS extra_minutes,
  acc.extra_percent AS extra_percent, acc.extra_attempts AS extra_attempts,
  acc.window_from AS window_from, acc.window_to AS window_to`;

type RawRow = Record<string, unknown>;

const rowOf = (raw: RawRow, source: 'student' | 'batch'): AccommodationRow => ({
  id: Number(raw.id),
  test_id: Number(raw.test_id),
  extra_minutes: Math.max(0, toNumber(raw.extra_minutes) ?? 0),
  extra_percent: Math.max(0, toNumber(raw.extra_percent) ?? 0),
  extra_attempts: Math.max(0, toNumber(raw.extra_attempts) ?? 0),
  window_from: toDate(raw.window_from),
  window_to: toDate(raw.window_to),
  source,
});

/** The accommodation that applies to the learner on each of `testIds` (test id → row). */
export const accommodationsOf = async (
  db: Db,
  studentId: number,
  testIds: number[],
): Promise<Map<number, AccommodationRow>> => {
  const found = new Map<number, AccommodationRow>();
  if (testIds.length === 0) {
    return found;
  }
  const marks = testIds.map(() => '?').join(', ');
  const own = await sqlRows<RawRow>(
    db,
    `SELECT ${ACCOMMODATION_COLUMNS} FROM accommodations acc
      JOIN accommodations_test_lnk t ON t.accommodation_id = acc.id
      JOIN accommodations_student_lnk s ON s.accommodation_id = acc.id
      WHERE s.student_id = ? AND t.test_id IN (${marks}) ORDER BY acc.id ASC`,
    [studentId, ...testIds],
  );
  const viaBatch = await sqlRows<RawRow>(
    db,
    `SELECT ${ACCOMMODATION_COLUMNS} FROM accommodations acc
      JOIN accommodations_test_lnk t ON t.accommodation_id = acc.id
      JOIN accommodations_batch_lnk b ON b.accommodation_id = acc.id
      JOIN batches_students_lnk bs ON bs.batch_id = b.batch_id
      WHERE bs.student_id = ? AND t.test_id IN (${marks}) ORDER BY acc.id ASC`,
    [studentId, ...testIds],
  );
  // Later rows overwrite earlier ones: the newest batch row, then the learner's own over it.
  for (const raw of viaBatch) {
    const row = rowOf(raw, 'batch');
    found.set(row.test_id, row);
  }
  for (const raw of own) {
    const row = rowOf(raw, 'student');
    found.set(row.test_id, row);
  }
  return found;
};

/**
 * Duration = TestDuration + extra_minutes + ceil(TestDuration × extra_percent / 100); attempts =
 * max_attempts + extra_attempts (unlimited stays unlimited); each bound of the personal window
 * that is set replaces the test's (ValidFrom/ValidTo).
 */
export const learnerTerms = (test: TestTerms, acc: AccommodationRow | undefined): LearnerTerms => {
  const base = toNumber(test.TestDuration);
  const hasDuration = base !== null && base > 0;
  const limit = test.max_attempts ?? 1;
  const extraMinutes =
    acc && hasDuration ? acc.extra_minutes + Math.ceil((base * acc.extra_percent) / 100) : 0;
  return {
    durationMinutes: hasDuration ? base + extraMinutes : null,
    extraMinutes,
    maxAttempts: limit > 0 && acc ? limit + acc.extra_attempts : limit,
    from: acc?.window_from ?? toDate(test.ValidFrom),
    // A test staff closed stays closed for everyone: the personal window's end is then ignored.
    to: test.status === 'closed' ? toDate(test.ValidTo) : (acc?.window_to ?? toDate(test.ValidTo)),
    accommodated: acc !== undefined,
  };
};

/** The learner's terms of one test (start.ts). */
export const termsForLearner = async (
  db: Db,
  studentId: number,
  test: TestTerms & { id: number },
): Promise<LearnerTerms> => {
  const acc = (await accommodationsOf(db, studentId, [test.id])).get(test.id);
  if (!acc) {
    return learnerTerms(test, undefined);
  }
  const row = (await db('tests').where('id', test.id).first('status')) as
    { status: unknown } | undefined;
  return learnerTerms({ ...test, status: row?.status ?? null }, acc);
};
