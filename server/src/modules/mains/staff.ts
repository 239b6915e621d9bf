// Who is asking, for Mains: the learner of a caller, a staff member and the work they may see.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller, UserCaller } from '../../access/caller';
import type { Data, Kind, Work } from './work';
import { workInScope } from './work';
import { documentIdOf, knexOf } from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { EMPTY_SCOPE, type AllocationScope } from '../../access/facts/allocations';

// ---------------------------------------------------------------------------------------------
// Who

export const learnerOf = (caller: Caller): UserCaller & { studentId: number } => {
  if (caller.kind !== 'user' || caller.role !== 'student' || caller.studentId === null) {
    throw new HttpError(403, 'Only a learner can submit Mains work.');
  }
  return caller as UserCaller & { studentId: number };
};

export interface Staff {
  role: 'administrator' | 'faculty';
  facultyId: number | null;
  /** Faculty: their batches and subjects (ids). */
  batchIds: Set<number>;
  subjectIds: Set<number>;
  userId: number;
  /** Faculty: the scripts allocated to them (issue 27; access/facts/allocations.ts). */
  allocation: AllocationScope;
}

export const staffOf = async (strapi: Core.Strapi, caller: Caller): Promise<Staff> => {
  if (caller.kind !== 'user' || (caller.role !== 'administrator' && caller.role !== 'faculty')) {
    throw new HttpError(403, 'Only staff can do this.');
  }
  if (caller.role === 'administrator') {
    return {
      role: 'administrator',
      facultyId: caller.facultyId,
      batchIds: new Set(),
      subjectIds: new Set(),
      userId: caller.userId,
      allocation: EMPTY_SCOPE,
    };
  }
  const knex = knexOf(strapi);
  const facultyId = caller.facultyId ?? -1;
  const [batches, subjects, allocation] = await Promise.all([
    knex('batches_faculties_lnk').where('faculty_id', facultyId).select('batch_id'),
    knex('faculties_subjects_lnk').where('faculty_id', facultyId).select('subject_id'),
    caller.allocation(),
  ]);
  return {
    role: 'faculty',
    facultyId: caller.facultyId,
    batchIds: new Set((batches as Array<{ batch_id: number }>).map((r) => Number(r.batch_id))),
    subjectIds: new Set(
      (subjects as Array<{ subject_id: number }>).map((r) => Number(r.subject_id)),
    ),
    userId: caller.userId,
    allocation,
  };
};

/** Faculty: works linked to them (faculties) or to one of their batches; administrators: all. */
export const staffWorkScope = (staff: Staff): Data | null =>
  staff.role === 'administrator'
    ? null
    : {
        $or: [
          { faculties: { id: staff.facultyId ?? -1 } },
          ...(staff.batchIds.size > 0 ? [{ batch: { id: { $in: [...staff.batchIds] } } }] : []),
        ],
      };

export const staffWork = async (
  strapi: Core.Strapi,
  staff: Staff,
  kind: Kind,
  documentIdInput: unknown,
): Promise<Work> => workInScope(strapi, kind, documentIdOf(documentIdInput), staffWorkScope(staff));

/** Batches (ids) of several students. */
export const batchesOfStudents = async (
  db: Knex,
  studentIds: number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> => {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  if (studentIds.length === 0) {
    return out;
  }
  const rows = (await db('batches_students_lnk as l')
    .join('batches as b', 'b.id', 'l.batch_id')
    .whereIn('l.student_id', studentIds)
    .orderBy('b.id', 'asc')
    .select('l.student_id', 'b.id', 'b.batch')) as Array<{
    student_id: number;
    id: number;
    batch: string | null;
  }>;
  for (const r of rows) {
    const list = out.get(Number(r.student_id)) ?? [];
    list.push({ id: Number(r.id), name: r.batch ?? '' });
    out.set(Number(r.student_id), list);
  }
  return out;
};
