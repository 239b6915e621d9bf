// Which Mains scripts a faculty member may read and mark once scripts are allocated (issue 27).
// THE rule, used by the row scopes (rules.ts: REST, GraphQL, populate, files) and by the Mains
// module (script, evaluation, progress), so every path agrees:
// - a subject of a work is "allocated" as soon as one of its scripts has a marker allocation;
// - a faculty member marks subject S of a script only if S is not allocated in that work (today's
//   rule: their subject, their batches) or the script's S is allocated to them as marker;
// - a faculty member reads a script of a work in which every subject they teach is allocated only
//   when the script is allocated to them (as marker or moderator); while one of their subjects of
//   the work is unallocated, today's rule applies to reading.
// Without any allocation nothing changes (no query beyond one small lookup).
import type { Knex } from 'knex';

export type AllocationRole = 'marker' | 'moderator';
export const ALLOCATIONS_TABLE = 'mains_allocations';

export interface AllocationScope {
  /** Tests and assignments (ids) whose scripts this faculty member reads only when allocated. */
  lockedTestIds: number[];
  lockedAssignmentIds: number[];
  /** Scripts (result ids) allocated to them, as marker or moderator, and their answers/attempts. */
  resultIds: number[];
  answerIds: number[];
  attemptIds: number[];
  /** `${kind}:${workId}:${subjectId}` of allocated subjects they teach. */
  allocatedSubjects: Set<string>;
  /** `${resultId}:${subjectId}` they mark, and those they moderate. */
  marks: Set<string>;
  moderates: Set<string>;
}

export const EMPTY_SCOPE: AllocationScope = Object.freeze({
  lockedTestIds: [],
  lockedAssignmentIds: [],
  resultIds: [],
  answerIds: [],
  attemptIds: [],
  allocatedSubjects: new Set<string>(),
  marks: new Set<string>(),
  moderates: new Set<string>(),
});

interface Row {
  work_kind: string;
  work_id: number;
  result_id: number;
  subject_id: number;
  faculty_id: number;
  role: string;
}

/** The allocation facts of one faculty member (loaded once per request, see caller.ts). */
export const allocationScope = async (
  db: Knex,
  facultyId: number | null,
): Promise<AllocationScope> => {
  if (facultyId === null) {
    return EMPTY_SCOPE;
  }
  const mySubjects = (
    (await db('faculties_subjects_lnk')
      .where('faculty_id', facultyId)
      .select('subject_id')) as Array<{ subject_id: number }>
  ).map((r) => Number(r.subject_id));
  const rows = (await db(ALLOCATIONS_TABLE)
    .where((q) => {
      q.where('faculty_id', facultyId);
      if (mySubjects.length > 0) {
        q.orWhere((w) => w.whereIn('subject_id', mySubjects).andWhere('role', 'marker'));
      }
    })
    .distinct('work_kind', 'work_id', 'result_id', 'subject_id', 'faculty_id', 'role')) as Row[];
  if (rows.length === 0) {
    return EMPTY_SCOPE;
  }
  const allocatedSubjects = new Set<string>();
  const marks = new Set<string>();
  const moderates = new Set<string>();
  const resultIds = new Set<number>();
  for (const r of rows) {
    const mine = Number(r.faculty_id) === facultyId;
    if (r.role === 'marker' && mySubjects.includes(Number(r.subject_id))) {
      allocatedSubjects.add(`${r.work_kind}:${Number(r.work_id)}:${Number(r.subject_id)}`);
    }
    if (mine) {
      resultIds.add(Number(r.result_id));
      (r.role === 'marker' ? marks : moderates).add(
        `${Number(r.result_id)}:${Number(r.subject_id)}`,
      );
    }
  }
  // A work is locked for reading when every subject of it that they teach is allocated.
  const locked: Record<'test' | 'assignment', number[]> = { test: [], assignment: [] };
  for (const kind of ['test', 'assignment'] as const) {
    const workIds = [
      ...new Set(
        [...allocatedSubjects]
          .filter((key) => key.startsWith(`${kind}:`))
          .map((key) => Number(key.split(':')[1])),
      ),
    ];
    if (workIds.length === 0) continue;
    const links = (await db(`${kind === 'test' ? 'tests' : 'assignments'}_subjects_lnk`)
      .whereIn(`${kind}_id`, workIds)
      .whereIn('subject_id', mySubjects)
      .select(`${kind}_id as work_id`, 'subject_id')) as Array<{
      work_id: number;
      subject_id: number;
    }>;
    for (const workId of workIds) {
      const taught = links.filter((l) => Number(l.work_id) === workId);
      if (taught.every((l) => allocatedSubjects.has(`${kind}:${workId}:${Number(l.subject_id)}`))) {
        locked[kind].push(workId);
      }
    }
  }
  const ids = [...resultIds];
  const [answers, attempts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db('results_answers_lnk').whereIn('result_id', ids).select('answer_id'),
          db('results_attempt_lnk').whereIn('result_id', ids).select('attempt_id'),
        ]);
  return {
    lockedTestIds: locked.test,
    lockedAssignmentIds: locked.assignment,
    resultIds: ids,
    answerIds: (answers as Array<{ answer_id: number }>).map((r) => Number(r.answer_id)),
    attemptIds: (attempts as Array<{ attempt_id: number }>).map((r) => Number(r.attempt_id)),
    allocatedSubjects,
    marks,
    moderates,
  };
};

/** May this faculty member mark subject `subjectId` of this script (allocation-wise)? */
export const mayMarkAllocated = (
  scope: AllocationScope,
  kind: 'test' | 'assignment',
  workId: number,
  resultId: number,
  subjectId: number,
): boolean =>
  !scope.allocatedSubjects.has(`${kind}:${workId}:${subjectId}`) ||
  scope.marks.has(`${resultId}:${subjectId}`);

/** May this faculty member read this script (allocation-wise)? */
export const mayReadAllocated = (
  scope: AllocationScope,
  kind: 'test' | 'assignment',
  workId: number,
  resultId: number,
): boolean =>
  !(kind === 'test' ? scope.lockedTestIds : scope.lockedAssignmentIds).includes(workId) ||
  scope.resultIds.includes(resultId);

type Filters = Record<string, unknown>;

const outside = (relation: string, ids: number[]): Filters[] =>
  ids.length === 0
    ? []
    : [{ $or: [{ [relation]: { id: { $null: true } } }, { [relation]: { id: { $notIn: ids } } }] }];

/**
 * The row filter that narrows a faculty member's learners' work (results, answers, attempts) to
 * their allocation; null when no work of theirs is allocated (today's scope unchanged).
 */
export const allocationFilter = (
  scope: AllocationScope,
  kind: 'result' | 'answer' | 'attempt',
): Filters | null => {
  if (scope.lockedTestIds.length === 0 && scope.lockedAssignmentIds.length === 0) {
    return null;
  }
  const own =
    kind === 'result' ? scope.resultIds : kind === 'answer' ? scope.answerIds : scope.attemptIds;
  return {
    $or: [
      ...(own.length > 0 ? [{ id: { $in: own } }] : []),
      {
        $and: [
          ...outside('test', scope.lockedTestIds),
          ...outside('assignment', scope.lockedAssignmentIds),
        ],
      },
    ],
  };
};
