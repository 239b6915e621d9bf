// The learner's test list.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { readScope, UID } from '../../access/rules';
import { closeExpiredAttempts } from './close';
import { mainsTestIds } from '../../access/facts/mains-tests';
import {
  iso,
  sqlRows,
  toBool,
  toDate,
  toNumber,
  documentIdOf,
  knexOf,
} from '../../platform/db/sql';
import type { AttemptRow, Data, QueryUid } from './attempt-rows';
import { STUDENT_ATTEMPTS_SQL, learner } from './attempt-rows';
import { accommodationsOf, learnerTerms } from './accommodations';

// ---------------------------------------------------------------------------------------------
// The learner's test list

interface ListedTest {
  id: number;
  documentId: string;
  TestName: string;
  Description: string | null;
  TestDuration: number | null;
  MaximumMarks: unknown;
  ValidFrom: string | null;
  ValidTo: string | null;
  enable_practice_test: boolean | null;
  max_attempts: number | null;
  max_practice_attempts: number | null;
  createdAt: string;
  status: string | null;
  course: { documentId: string; course_name: string } | null;
  test_category: { CategoryName: string } | null;
  test_sub_category: { TestSubCategory: string } | null;
}

const positiveInt = (value: unknown, fallback: number, max: number): number => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
};

export const myTests = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Data,
): Promise<{ data: Data[]; meta: Data }> => {
  const me = learner(caller);
  const knex = knexOf(strapi);
  const page = positiveInt(query.page, 1, 100_000);
  const pageSize = positiveInt(query.pageSize, 25, 100);
  // Lazily close this learner's abandoned attempts, so the list shows them as attempted.
  await closeExpiredAttempts(strapi, { graceMs: 0, studentId: me.studentId });

  const scope = await readScope(caller, UID.test);
  const courseId = documentIdOf(query.courseId);
  // One test of the list (the start page: the learner's own time and window, issue 23).
  const testId = documentIdOf(query.testId);
  const visibleIds = (
    (await strapi.db.query(UID.test as QueryUid).findMany({
      where: {
        $and: [
          scope ?? {},
          courseId ? { course: { documentId: courseId } } : {},
          testId ? { documentId: testId } : {},
        ],
      },
      select: ['id'],
    })) as Array<{ id: number }>
  ).map((t) => t.id);
  const mains = await mainsTestIds(knex, visibleIds);
  const listed = visibleIds.filter((id) => !mains.has(id));
  const total = listed.length;
  const tests = (await strapi.db.query(UID.test as QueryUid).findMany({
    where: { id: { $in: listed.length > 0 ? listed : [-1] } },
    select: [
      'id',
      'documentId',
      'TestName',
      'Description',
      'TestDuration',
      'MaximumMarks',
      'ValidFrom',
      'ValidTo',
      'enable_practice_test',
      'max_attempts',
      'max_practice_attempts',
      'createdAt',
      'status',
    ],
    populate: {
      course: { select: ['documentId', 'course_name'] },
      test_category: { select: ['CategoryName'] },
      test_sub_category: { select: ['TestSubCategory'] },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })) as ListedTest[];
  const ids = tests.map((t) => t.id);

  const attempts = (
    ids.length > 0
      ? await sqlRows<AttemptRow>(
          knex,
          `${STUDENT_ATTEMPTS_SQL} AND tl.test_id IN (${ids.map(() => '?').join(', ')})
            ORDER BY a.id ASC`,
          [me.studentId, ...ids],
        )
      : []
  ) as AttemptRow[];
  const results = (
    ids.length > 0
      ? await knex('results as r')
          .join('results_student_lnk as rs', 'rs.result_id', 'r.id')
          .join('results_test_lnk as rt', 'rt.result_id', 'r.id')
          .join('results_attempt_lnk as ra', 'ra.result_id', 'r.id')
          .join('attempts as a', 'a.id', 'ra.attempt_id')
          .where('rs.student_id', me.studentId)
          .whereIn('rt.test_id', ids)
          .whereNotNull('a.end_date_time')
          .orderBy('r.id', 'asc')
          .select('rt.test_id', 'r.document_id')
      : []
  ) as Array<{ test_id: number; document_id: string }>;
  const accommodations = await accommodationsOf(knex, me.studentId, ids);

  const now = Date.now();
  const data = tests.map((t) => {
    const mine = attempts.filter((a) => a.test_id === t.id);
    const practice = t.enable_practice_test === true;
    // Scored attempts count against max_attempts; practice ones only against their own optional
    // limit (issue 23).
    const counted = mine.filter((a) => !toBool(a.is_practice_test));
    const practised = mine.filter((a) => toBool(a.is_practice_test));
    const practiceLimit =
      t.max_practice_attempts && t.max_practice_attempts > 0 ? t.max_practice_attempts : null;
    const open = mine.find((a) => {
      const expires = toDate(a.expires_at);
      return !a.end_date_time && expires !== null && expires.getTime() > now;
    });
    const last = results.filter((r) => r.test_id === t.id).pop();
    // The learner's own terms (issue 23: accommodations): window, duration and attempts.
    const terms = learnerTerms(t, accommodations.get(t.id));
    const max = terms.maxAttempts;
    const { from, to } = terms;
    return {
      documentId: t.documentId,
      TestName: t.TestName,
      Description: t.Description ?? null,
      TestDuration: t.TestDuration ?? null,
      MaximumMarks: toNumber(t.MaximumMarks),
      ValidFrom: iso(from),
      ValidTo: iso(to),
      effectiveDuration: terms.durationMinutes,
      extraMinutes: terms.extraMinutes,
      accommodated: terms.accommodated,
      enable_practice_test: practice,
      max_attempts: max,
      attemptsUsed: counted.length,
      attemptsLeft: max === 0 ? null : Math.max(0, max - counted.length),
      practiceAttemptsUsed: practised.length,
      practiceAttemptsLeft: !practice
        ? 0
        : practiceLimit === null
          ? null
          : Math.max(0, practiceLimit - practised.length),
      openAttemptPractice: open ? toBool(open.is_practice_test) : null,
      status: last ? 'attempted' : 'unattempted',
      openAttemptId: open?.document_id ?? null,
      lastResultId: last?.document_id ?? null,
      isOpen: (!from || from.getTime() <= now) && (!to || to.getTime() >= now),
      course: t.course
        ? { documentId: t.course.documentId, course_name: t.course.course_name }
        : null,
      test_category: t.test_category?.CategoryName ?? null,
      test_sub_category: t.test_sub_category?.TestSubCategory ?? null,
    };
  });
  return {
    data,
    meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
  };
};
