// Allocation of Mains scripts to faculty members (issue 27), an administrator's step: per subject
// of a work, evenly (round robin over the unallocated scripts), by batch (a batch's scripts to one
// faculty member) or by hand (chosen scripts to one faculty member); re-allocating is possible
// until the subject of that script is being marked (an evaluation exists). Optional moderation:
// a second marker for a share of the allocated scripts (moderation.ts). Who may then read and mark
// what is decided in one place, access/facts/allocations.ts.
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { ALLOCATIONS_TABLE } from '../../access/facts/allocations';
import {
  documentIdOf,
  insertReturningIds,
  iso,
  knexOf,
  systemColumns,
} from '../../platform/db/sql';
import { HttpError } from '../../platform/http/errors';
import { evaluationRows, resultRows, type EvaluationRow, type ResultRow } from './result-rows';
import { studentsOfBatches, studentsOfResults } from './staff-lists';
import { kindOf, workInScope, type Data, type Kind, type SubjectRef, type Work } from './work';
import { readQuestionMarks, type QuestionMark } from './question-marks';

export const MANUAL_MAX = 500;
export const FACULTY_MAX = 50;

export interface AllocationRow {
  id: number;
  resultId: number;
  subjectId: number;
  facultyId: number;
  role: 'marker' | 'moderator';
  moderationMarks: number | null;
  /** The moderator's per-question marks (empty when they gave one total). */
  moderationQuestions: QuestionMark[];
  moderationComment: string | null;
  moderatedAt: string | null;
}

export const adminOnly = (caller: Caller): void => {
  if (caller.kind !== 'user' || caller.role !== 'administrator') {
    throw new HttpError(403, 'Only an administrator allocates scripts.');
  }
};

/** The work (any Mains test or assignment) an administrator names. */
export const adminWork = async (strapi: Core.Strapi, body: Data): Promise<Work> => {
  const kind = kindOf(body.kind ?? 'test');
  return workInScope(strapi, kind, documentIdOf(body.documentId), null);
};

export const subjectOf = (work: Work, input: unknown): SubjectRef => {
  const documentId = documentIdOf(input);
  const subject = work.subjects.find((s) => s.documentId === documentId);
  if (!subject) {
    throw new HttpError(400, 'Name a subject of this work (subjectId).');
  }
  return subject;
};

/** The latest result of each learner of the work (newest first per learner). */
export const latestResults = async (db: Knex, kind: Kind, workId: number): Promise<ResultRow[]> => {
  const latest = new Map<number, ResultRow>();
  for (const r of await resultRows(db, kind, { workIds: [workId] })) {
    if (!latest.has(r.studentId)) latest.set(r.studentId, r);
  }
  return [...latest.values()].sort((a, b) => a.id - b.id);
};

export const allocationRows = async (
  db: Knex | Knex.Transaction,
  kind: Kind,
  workId: number,
  subjectId?: number,
): Promise<AllocationRow[]> => {
  let q = db(ALLOCATIONS_TABLE).where({ work_kind: kind, work_id: workId });
  if (subjectId !== undefined) q = q.andWhere('subject_id', subjectId);
  const rows = (await q.orderBy('id', 'asc')) as Data[];
  return rows.map((r) => ({
    id: Number(r.id),
    resultId: Number(r.result_id),
    subjectId: Number(r.subject_id),
    facultyId: Number(r.faculty_id),
    role: r.role === 'moderator' ? 'moderator' : 'marker',
    moderationMarks: r.moderation_marks === null ? null : Number(r.moderation_marks),
    moderationQuestions: readQuestionMarks(r.moderation_questions),
    moderationComment: (r.moderation_comment as string | null) ?? null,
    moderatedAt: iso(r.moderated_at),
  }));
};

/** Faculty members teaching a subject: id → name/documentId. */
export const subjectFaculty = async (
  db: Knex,
  subjectId: number,
): Promise<Map<number, { documentId: string; name: string }>> => {
  const rows = (await db('faculties_subjects_lnk as l')
    .join('faculties as f', 'f.id', 'l.faculty_id')
    .where('l.subject_id', subjectId)
    .orderBy('f.faculty_name', 'asc')
    .select('f.id', 'f.document_id', 'f.faculty_name')) as Data[];
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { documentId: String(r.document_id), name: String(r.faculty_name ?? '') },
    ]),
  );
};

const facultyIdsOf = (
  input: unknown,
  teaching: Map<number, { documentId: string; name: string }>,
): number[] => {
  const list = Array.isArray(input) ? input : input === undefined ? null : [input];
  if (list === null) {
    return [...teaching.keys()];
  }
  if (list.length === 0 || list.length > FACULTY_MAX) {
    throw new HttpError(400, `Name 1 to ${FACULTY_MAX} faculty members (facultyIds).`);
  }
  const byDocument = new Map([...teaching].map(([id, f]) => [f.documentId, id]));
  const ids = list.map((d) => byDocument.get(documentIdOf(d) ?? ''));
  if (ids.some((id) => id === undefined)) {
    throw new HttpError(400, 'Allocate only to faculty members who teach this subject.');
  }
  return [...new Set(ids as number[])];
};

/** GET /api/mains/allocations?kind&documentId (administrators): per subject, who marks what. */
export const allocations = async (strapi: Core.Strapi, caller: Caller, query: Data) => {
  adminOnly(caller);
  const work = await adminWork(strapi, query);
  const knex = knexOf(strapi);
  const results = await latestResults(knex, work.kind, work.id);
  const rows = await allocationRows(knex, work.kind, work.id);
  const evaluations = await evaluationRows(knex, { resultIds: results.map((r) => r.id) });
  const students = await studentsOfResults(knex, results);
  const subjects = [];
  for (const subject of work.subjects) {
    const teaching = await subjectFaculty(knex, subject.id);
    const name = (id: number | undefined) =>
      id === undefined
        ? null
        : { documentId: teaching.get(id)?.documentId ?? null, name: teaching.get(id)?.name ?? '' };
    const mine = rows.filter((r) => r.subjectId === subject.id);
    subjects.push({
      subject: { documentId: subject.documentId, name: subject.name },
      allocated: mine.some((r) => r.role === 'marker'),
      faculty: [...teaching].map(([id, f]) => ({
        documentId: f.documentId,
        name: f.name,
        scripts: mine.filter((r) => r.role === 'marker' && r.facultyId === id).length,
        moderating: mine.filter((r) => r.role === 'moderator' && r.facultyId === id).length,
      })),
      scripts: results.map((r) => {
        const marker = mine.find((a) => a.resultId === r.id && a.role === 'marker');
        const moderator = mine.find((a) => a.resultId === r.id && a.role === 'moderator');
        const e = evaluations.find((x) => x.resultId === r.id && x.subjectId === subject.id);
        return {
          resultId: r.documentId,
          student: {
            documentId: students.get(r.studentId)?.documentId ?? null,
            name: students.get(r.studentId)?.name ?? '',
          },
          published: r.is_published,
          state: !e ? 'waiting' : e.end_date_time ? 'done' : 'in-progress',
          marker: name(marker?.facultyId),
          moderator: moderator
            ? { ...name(moderator.facultyId), marks: moderator.moderationMarks }
            : null,
        };
      }),
    });
  }
  return {
    work: { kind: work.kind, documentId: work.documentId, name: work.name },
    subjects,
  };
};

const marked = (evaluations: EvaluationRow[], resultId: number, subjectId: number) =>
  evaluations.find((e) => e.resultId === resultId && e.subjectId === subjectId) ?? null;

/** Adds allocation rows of one role (marker or moderator) for a subject's scripts. */
export const insertAllocations = async (
  db: Knex | Knex.Transaction,
  work: Work,
  subjectId: number,
  role: AllocationRow['role'],
  plan: Array<{ resultId: number; facultyId: number }>,
  by: number,
): Promise<void> => {
  if (plan.length === 0) return;
  const now = new Date();
  await insertReturningIds(
    db,
    ALLOCATIONS_TABLE,
    plan.map((p) => ({
      ...systemColumns(now),
      work_kind: work.kind,
      work_id: work.id,
      result_id: p.resultId,
      subject_id: subjectId,
      faculty_id: p.facultyId,
      role,
      allocated_by: by,
    })),
  );
};

/** Replaces the marker of these scripts' subject (the caller checked they may change). */
const setMarkers = async (
  trx: Knex.Transaction,
  work: Work,
  subjectId: number,
  plan: Array<{ resultId: number; facultyId: number }>,
  by: number,
): Promise<void> => {
  if (plan.length === 0) return;
  const resultIds = plan.map((p) => p.resultId);
  await trx(ALLOCATIONS_TABLE)
    .where({ work_kind: work.kind, work_id: work.id, subject_id: subjectId, role: 'marker' })
    .whereIn('result_id', resultIds)
    .delete();
  await insertAllocations(trx, work, subjectId, 'marker', plan, by);
};

/**
 * Un-allocates scripts not yet started in a subject: their marker, and a moderator who has given
 * no moderation mark yet (a given moderation mark is kept with its row). `cleared`: how many
 * scripts lost their marker.
 */
const clearScripts = async (
  strapi: Core.Strapi,
  caller: Caller,
  work: Work,
  subjectId: number,
  chosen: ResultRow[],
) => {
  let cleared = 0;
  await knexOf(strapi).transaction(async (trx) => {
    for (let i = 0; i < chosen.length; i += 200) {
      const ids = chosen.slice(i, i + 200).map((r) => r.id);
      const scope = () =>
        trx(ALLOCATIONS_TABLE)
          .where({ work_kind: work.kind, work_id: work.id, subject_id: subjectId })
          .whereIn('result_id', ids);
      cleared += Number(await scope().andWhere('role', 'marker').delete());
      await scope()
        .andWhere('role', 'moderator')
        .whereNull('moderation_marks')
        .whereNull('moderation_questions')
        .delete();
    }
  });
  return {
    cleared,
    ...(await allocations(strapi, caller, { kind: work.kind, documentId: work.documentId })),
  };
};

/**
 * POST /api/mains/allocations {kind, documentId, subjectId, mode, facultyIds?, batchId?,
 * resultIds?} (administrators). mode: "even" | "batch" | "manual" | "clear". "clear" without
 * resultIds un-allocates every script of the subject not yet started; with them, those scripts
 * (409 when one is being marked).
 */
export const allocate = async (strapi: Core.Strapi, caller: Caller, body: Data) => {
  adminOnly(caller);
  if (caller.kind !== 'user') throw new HttpError(403, 'Only an administrator allocates scripts.');
  const work = await adminWork(strapi, body);
  const subject = subjectOf(work, body.subjectId);
  const mode = body.mode;
  if (mode !== 'even' && mode !== 'batch' && mode !== 'manual' && mode !== 'clear') {
    throw new HttpError(400, 'mode must be "even", "batch", "manual" or "clear".');
  }
  const knex = knexOf(strapi);
  const teaching = await subjectFaculty(knex, subject.id);
  const results = (await latestResults(knex, work.kind, work.id)).filter((r) => !r.is_published);
  const evaluations = await evaluationRows(knex, { resultIds: results.map((r) => r.id) });
  const current = (await allocationRows(knex, work.kind, work.id, subject.id)).filter(
    (a) => a.role === 'marker',
  );
  const isAllocated = (resultId: number) => current.some((a) => a.resultId === resultId);
  let plan: Array<{ resultId: number; facultyId: number }> = [];
  let chosen: ResultRow[] = [];
  if (mode === 'clear' && body.resultIds === undefined) {
    // Every script of the subject not yet started (no evaluation) loses its marker.
    chosen = results.filter((r) => !marked(evaluations, r.id, subject.id));
    return clearScripts(strapi, caller, work, subject.id, chosen);
  }
  if (mode === 'manual' || mode === 'clear') {
    const list = Array.isArray(body.resultIds) ? body.resultIds : [];
    if (list.length === 0 || list.length > MANUAL_MAX) {
      throw new HttpError(400, `Choose 1 to ${MANUAL_MAX} scripts (resultIds).`);
    }
    const docs = new Set(list.map((d) => documentIdOf(d)));
    chosen = results.filter((r) => docs.has(r.documentId));
    if (chosen.length !== docs.size) {
      throw new HttpError(400, 'Choose unpublished scripts of this work (resultIds).');
    }
    const busy = chosen.filter((r) => marked(evaluations, r.id, subject.id));
    if (busy.length > 0) {
      throw new HttpError(
        409,
        `${busy.length} of the chosen scripts are already being marked in ${subject.name}: they keep their faculty member.`,
      );
    }
  }
  if (mode === 'clear') {
    return clearScripts(strapi, caller, work, subject.id, chosen);
  }
  const facultyIds = facultyIdsOf(body.facultyIds, teaching);
  if (facultyIds.length === 0) {
    throw new HttpError(400, `Nobody teaches ${subject.name}: link faculty members to it first.`);
  }
  if (mode === 'manual' || mode === 'batch') {
    if (facultyIds.length !== 1) {
      throw new HttpError(400, 'Name exactly one faculty member (facultyIds).');
    }
  }
  if (mode === 'manual') {
    plan = chosen.map((r) => ({ resultId: r.id, facultyId: facultyIds[0] }));
  } else {
    let pool = results;
    if (mode === 'batch') {
      const batchDoc = documentIdOf(body.batchId);
      const batch = batchDoc
        ? ((await knex('batches').where('document_id', batchDoc).first('id')) as
            { id: number } | undefined)
        : undefined;
      if (!batch) {
        throw new HttpError(400, 'Name a batch (batchId).');
      }
      const members = await studentsOfBatches(knex, [Number(batch.id)]);
      pool = results.filter((r) => members.has(r.studentId));
    }
    // Scripts already being marked keep (and are allocated to) their evaluator.
    for (const r of pool) {
      const e = marked(evaluations, r.id, subject.id);
      if (e && e.facultyId !== null && !isAllocated(r.id)) {
        plan.push({ resultId: r.id, facultyId: e.facultyId });
      }
    }
    const open = pool.filter(
      (r) => !marked(evaluations, r.id, subject.id) && (mode === 'batch' || !isAllocated(r.id)),
    );
    // Round robin, starting with whoever has the fewest scripts of this subject now.
    const load = new Map(facultyIds.map((id) => [id, 0]));
    for (const a of current) {
      if (load.has(a.facultyId) && !open.some((r) => r.id === a.resultId)) {
        load.set(a.facultyId, (load.get(a.facultyId) ?? 0) + 1);
      }
    }
    for (const r of open) {
      const [next] = [...load].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      plan.push({ resultId: r.id, facultyId: next[0] });
      load.set(next[0], next[1] + 1);
    }
  }
  await knex.transaction((trx) => setMarkers(trx, work, subject.id, plan, caller.userId));
  return {
    allocated: plan.length,
    ...(await allocations(strapi, caller, { kind: work.kind, documentId: work.documentId })),
  };
};
