// The marking progress of one Mains work (issue 27): per subject, the scripts waiting (no
// evaluation yet) and, per faculty member, those in progress and done, with the oldest submission
// of each; what is still missing before the work can be published; and for a faculty member their
// own queue (their scripts in progress first, then the waiting ones, oldest submission first),
// whose first item is the "Next script". Administrators see every learner and subject; faculty
// the learners of their batches, their own subjects and only their own row.
import type { Core } from '@strapi/strapi';
import type { Caller } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { mainsStatus } from './status';
import { staffOf, staffWork } from './staff';
import { kindOf, type Data, type Kind } from './work';
import type { Knex } from 'knex';
import { ALLOCATIONS_TABLE } from '../../access/facts/allocations';
import { evaluationRows, resultRows, statusEvaluations, type ResultRow } from './result-rows';
import { readableResults, studentsOfBatches, studentsOfResults } from './staff-lists';
import { mayMarkAllocated } from '../../access/facts/allocations';

export const QUEUE_MAX = 100;

/** `${resultId}:${subjectId}` → the marker allocated (issue 27), with their name. */
const allocatedMarkers = async (knex: Knex, kind: Kind, workId: number) => {
  const rows = (await knex(`${ALLOCATIONS_TABLE} as a`)
    .join('faculties as f', 'f.id', 'a.faculty_id')
    .where({ 'a.work_kind': kind, 'a.work_id': workId, 'a.role': 'marker' })
    .select('a.result_id', 'a.subject_id', 'f.id', 'f.document_id', 'f.faculty_name')) as Data[];
  return new Map(
    rows.map((r) => [
      `${Number(r.result_id)}:${Number(r.subject_id)}`,
      { id: Number(r.id), documentId: String(r.document_id), name: String(r.faculty_name ?? '') },
    ]),
  );
};
export const MISSING_MAX = 200;

interface FacultyCounts {
  faculty: { documentId: string | null; name: string };
  /** Allocated to them and not started (issue 27: allocation). */
  waiting: number;
  oldestWaitingAt: string | null;
  inProgress: number;
  done: number;
  oldestInProgressAt: string | null;
}

const older = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** GET /api/mains/progress?kind&documentId */
export const progress = async (strapi: Core.Strapi, caller: Caller, query: Data): Promise<Data> => {
  const staff = await staffOf(strapi, caller);
  const kind = kindOf(query.kind ?? 'test');
  const work = await staffWork(strapi, staff, kind, query.documentId);
  const knex = knexOf(strapi);
  const latest = new Map<number, ResultRow>();
  for (const r of await resultRows(knex, kind, { workIds: [work.id] })) {
    if (!latest.has(r.studentId)) latest.set(r.studentId, r); // newest first
  }
  let results = [...latest.values()];
  const isFaculty = staff.role === 'faculty';
  if (isFaculty) {
    const mine = await studentsOfBatches(knex, staff.batchIds);
    results = readableResults(
      staff,
      work,
      results.filter((r) => mine.has(r.studentId)),
    );
  }
  const subjects = isFaculty
    ? work.subjects.filter((s) => staff.subjectIds.has(s.id))
    : work.subjects;
  const evaluations = await evaluationRows(knex, { resultIds: results.map((r) => r.id) });
  const students = await studentsOfResults(knex, results);
  const studentOf = (r: ResultRow) => {
    const s = students.get(r.studentId);
    return { documentId: s?.documentId ?? null, name: s?.name ?? '' };
  };

  const markers = await allocatedMarkers(knex, kind, work.id);
  const board = subjects.map((subject) => {
    let waiting = 0;
    let oldestWaitingAt: string | null = null;
    const byFaculty = new Map<string, FacultyCounts>();
    const rowOf = (documentId: string | null, name: string | null): FacultyCounts => {
      const key = documentId ?? '';
      const row = byFaculty.get(key) ?? {
        faculty: { documentId, name: name ?? '' },
        waiting: 0,
        oldestWaitingAt: null,
        inProgress: 0,
        done: 0,
        oldestInProgressAt: null,
      };
      byFaculty.set(key, row);
      return row;
    };
    for (const r of results) {
      const e = evaluations.find((x) => x.resultId === r.id && x.subjectId === subject.id);
      if (!e) {
        if (!r.is_published) {
          waiting += 1;
          oldestWaitingAt = older(oldestWaitingAt, r.submittedAt);
          const marker = markers.get(`${r.id}:${subject.id}`);
          if (marker && (!isFaculty || marker.id === staff.facultyId)) {
            const row = rowOf(marker.documentId, marker.name);
            row.waiting += 1;
            row.oldestWaitingAt = older(row.oldestWaitingAt, r.submittedAt);
          }
        }
        continue;
      }
      if (isFaculty && e.facultyId !== staff.facultyId) continue;
      const key = e.facultyDocumentId ?? '';
      const row = byFaculty.get(key) ?? {
        faculty: { documentId: e.facultyDocumentId, name: e.facultyName ?? '' },
        waiting: 0,
        oldestWaitingAt: null,
        inProgress: 0,
        done: 0,
        oldestInProgressAt: null,
      };
      if (e.end_date_time) {
        row.done += 1;
      } else {
        row.inProgress += 1;
        row.oldestInProgressAt = older(row.oldestInProgressAt, r.submittedAt);
      }
      byFaculty.set(key, row);
    }
    return {
      subject: { documentId: subject.documentId, name: subject.name },
      waiting,
      oldestWaitingAt,
      faculty: [...byFaculty.values()].sort((a, b) => a.faculty.name.localeCompare(b.faculty.name)),
    };
  });

  // Every subject of every submitted script must be complete before publishing (publish.ts).
  let complete = 0;
  const missing: Data[] = [];
  for (const r of results) {
    const { status, pendingSubjects } = mainsStatus({
      result: { is_published: r.is_published },
      subjects: work.subjects,
      evaluations: statusEvaluations(evaluations.filter((e) => e.resultId === r.id)),
    });
    if (status === 'Completed' || status === 'Published') {
      complete += 1;
    } else if (missing.length < MISSING_MAX) {
      missing.push({ resultId: r.documentId, student: studentOf(r), status, pendingSubjects });
    }
  }

  const queue: Data[] = [];
  if (isFaculty) {
    for (const r of results) {
      if (r.is_published) continue;
      for (const subject of subjects) {
        const e = evaluations.find((x) => x.resultId === r.id && x.subjectId === subject.id);
        if (!mayMarkAllocated(staff.allocation, kind, work.id, r.id, subject.id)) continue;
        const state = !e
          ? 'waiting'
          : e.facultyId === staff.facultyId && !e.end_date_time
            ? 'in-progress'
            : null;
        if (state) {
          queue.push({
            resultId: r.documentId,
            student: studentOf(r),
            subject: { documentId: subject.documentId, name: subject.name },
            state,
            submittedAt: r.submittedAt,
          });
        }
      }
    }
    queue.sort(
      (a, b) =>
        (a.state === 'in-progress' ? 0 : 1) - (b.state === 'in-progress' ? 0 : 1) ||
        String(a.submittedAt ?? '').localeCompare(String(b.submittedAt ?? '')),
    );
  }

  return {
    work: {
      kind,
      documentId: work.documentId,
      name: work.name,
      subjects: work.subjects.map((s) => ({ documentId: s.documentId, name: s.name })),
    },
    totals: {
      scripts: results.length,
      complete,
      percent: results.length === 0 ? 0 : Math.round((complete / results.length) * 100),
    },
    subjects: board,
    missing,
    queue: queue.slice(0, QUEUE_MAX),
    queueTotal: queue.length,
  };
};
