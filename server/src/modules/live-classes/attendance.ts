import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { HttpError } from '../../platform/http/errors';
import { ATTENDANCE_UID, visibleClass, type LiveClass } from './classes';

/**
 * Attendance (issue 21), read by staff per class and by learners for themselves. The rows are the
 * server's (recorded on a learner's signature or link join); the roll is the class's batches'
 * learners, else its course's own learners and those of its batches; a learner who joined
 * without being on the roll (a public class) is listed too.
 */
type QueryUid = Parameters<Core.Strapi['db']['query']>[0];

export interface AttendanceRow {
  studentDocumentId: string;
  name: string;
  email: string;
  rollNumber: string;
  present: boolean;
  firstJoinedAt: string | null;
  joins: number;
}

interface StudentRow {
  id: number;
  documentId: string;
  StudentName: string | null;
  student_email: string | null;
  Roll_Number: string | null;
}

const STUDENT_FIELDS = ['id', 'documentId', 'StudentName', 'student_email', 'Roll_Number'];

const staffOnly = (caller: Caller): void => {
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    throw new HttpError(403, 'Only staff see the attendance of a class.');
  }
};

const rollOf = async (strapi: Core.Strapi, live: LiveClass): Promise<StudentRow[]> => {
  const batchIds = (live.batches ?? []).map((b) => b.id);
  let where: Record<string, unknown> | null = null;
  if (batchIds.length > 0) {
    where = { batches: { id: { $in: batchIds } } };
  } else if (live.course) {
    const course = (await strapi.db.query('api::course.course' as QueryUid).findOne({
      where: { id: live.course.id },
      select: ['id'],
      populate: { students: { select: ['id'] }, batches: { select: ['id'] } },
    })) as { students?: Array<{ id: number }>; batches?: Array<{ id: number }> } | null;
    const own = (course?.students ?? []).map((s) => s.id);
    const batches = (course?.batches ?? []).map((b) => b.id);
    where = {
      $or: [
        ...(own.length ? [{ id: { $in: own } }] : []),
        ...(batches.length ? [{ batches: { id: { $in: batches } } }] : []),
      ],
    };
    if (!own.length && !batches.length) {
      where = null;
    }
  }
  return where
    ? ((await strapi.db.query('api::student.student' as QueryUid).findMany({
        where,
        select: STUDENT_FIELDS,
      })) as StudentRow[])
    : [];
};

interface Join {
  joined_at: string;
  student: StudentRow | null;
}

export const classAttendance = async (strapi: Core.Strapi, caller: Caller, documentId: unknown) => {
  staffOnly(caller);
  const live = await visibleClass(strapi, caller, documentId, true);
  const joins = (await strapi.db.query(ATTENDANCE_UID as QueryUid).findMany({
    where: { class: { id: live.id } },
    select: ['joined_at'],
    orderBy: { joined_at: 'asc' },
    populate: { student: { select: STUDENT_FIELDS } },
  })) as Join[];
  const students = new Map<number, StudentRow>();
  for (const s of await rollOf(strapi, live)) {
    students.set(s.id, s);
  }
  const seen = new Map<number, { first: string; joins: number }>();
  for (const join of joins) {
    if (!join.student) {
      continue;
    }
    students.set(join.student.id, students.get(join.student.id) ?? join.student);
    const entry = seen.get(join.student.id);
    if (entry) {
      entry.joins += 1;
    } else {
      seen.set(join.student.id, { first: new Date(join.joined_at).toISOString(), joins: 1 });
    }
  }
  const rows: AttendanceRow[] = [...students.values()]
    .map((s) => ({
      studentDocumentId: s.documentId,
      name: s.StudentName ?? '',
      email: s.student_email ?? '',
      rollNumber: s.Roll_Number ?? '',
      present: seen.has(s.id),
      firstJoinedAt: seen.get(s.id)?.first ?? null,
      joins: seen.get(s.id)?.joins ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  const present = rows.filter((r) => r.present).length;
  return {
    data: {
      class: {
        documentId: live.documentId,
        name: live.name,
        date: live.date ? new Date(live.date).toISOString() : null,
      },
      rows,
    },
    meta: { present, absent: rows.length - present, total: rows.length },
  };
};

const pageNumber = (value: unknown, fallback: number, max: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

interface MyJoin {
  joined_at: string;
  class: {
    documentId: string;
    name: string;
    date: string | null;
    duration_minutes: number | null;
  } | null;
}

/** GET /api/my-attendance: the caller's own joins, newest first, paged. */
export const myAttendance = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Record<string, unknown>,
) => {
  if (caller.kind !== 'user') {
    throw new HttpError(403, 'Sign in to see your attendance.');
  }
  const page = pageNumber(query.page, 1, 100_000);
  const pageSize = pageNumber(query.pageSize, 20, 100);
  const where = { user: { id: caller.userId } };
  const [total, rows] = await Promise.all([
    strapi.db.query(ATTENDANCE_UID as QueryUid).count({ where }) as Promise<number>,
    strapi.db.query(ATTENDANCE_UID as QueryUid).findMany({
      where,
      select: ['joined_at'],
      orderBy: [{ joined_at: 'desc' }, { id: 'desc' }],
      offset: (page - 1) * pageSize,
      limit: pageSize,
      populate: { class: { select: ['documentId', 'name', 'date', 'duration_minutes'] } },
    }) as Promise<MyJoin[]>,
  ]);
  return {
    data: rows
      .filter((row) => row.class)
      .map((row) => ({
        class: {
          documentId: row.class?.documentId ?? '',
          name: row.class?.name ?? '',
          date: row.class?.date ? new Date(row.class.date).toISOString() : null,
          duration_minutes: row.class?.duration_minutes ?? 60,
        },
        joinedAt: new Date(row.joined_at).toISOString(),
      })),
    meta: {
      pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
    },
  };
};
