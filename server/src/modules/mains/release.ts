// The release check of a Mains work (issue 27), before an administrator publishes: what is still
// missing, a preview of the score distribution (counts per band of 10 % of the maximum, mean,
// median) of the complete scripts, and the moderation differences above the work's margin
// (`moderation_margin` on the test; by default 10 % of the subject's maximum), per subject total
// and, where the moderator marked per question, per question (by default 10 % of the question's
// points). Publishing while such a flag is open needs `confirmFlags: true` (publish.ts asks
// moderationFlags).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Caller } from '../../access/caller';
import { round2 } from '../exam';
import { knexOf, toNumber } from '../../platform/db/sql';
import { adminOnly, adminWork, allocationRows, latestResults } from './allocation';
import { subjectMaximum, subjectQuestions, type SubjectQuestion } from './question-marks';
import { evaluationRows, statusEvaluations } from './result-rows';
import { mainsStatus } from './status';
import { studentsOfResults } from './staff-lists';
import type { Data, Work } from './work';

export const DEFAULT_MARGIN_SHARE = 0.1;
export const BANDS = 10;

export interface ModerationFlag {
  resultId: string;
  studentId: number;
  subject: { documentId: string; name: string };
  /** The question whose marks differ; null for the subject total. */
  question: { documentId: string; number: number; maximum: number | null } | null;
  marks: number | null;
  moderationMarks: number;
  difference: number;
  margin: number;
}

/** The margin set on the test (marks), or null for the default share of each subject's maximum. */
const marginOf = async (db: Knex, work: Work): Promise<number | null> => {
  if (work.kind !== 'test') return null;
  const row = (await db('tests').where('id', work.id).first('moderation_margin')) as
    { moderation_margin: unknown } | undefined;
  return toNumber(row?.moderation_margin ?? null);
};

/** Moderation differences above the margin, for the work's scripts (or only `resultIds`). */
export const moderationFlags = async (
  db: Knex,
  work: Work,
  resultIds?: number[],
): Promise<ModerationFlag[]> => {
  const moderated = (await allocationRows(db, work.kind, work.id)).filter(
    (a) =>
      a.role === 'moderator' &&
      (a.moderationMarks !== null || a.moderationQuestions.some((q) => q.marks !== null)) &&
      (!resultIds || resultIds.includes(a.resultId)),
  );
  if (moderated.length === 0) return [];
  const set = await marginOf(db, work);
  const evaluations = await evaluationRows(db, {
    resultIds: [...new Set(moderated.map((a) => a.resultId))],
  });
  const docs = (await db('results as r')
    .join('results_student_lnk as s', 's.result_id', 'r.id')
    .whereIn('r.id', [...new Set(moderated.map((a) => a.resultId))])
    .select('r.id', 'r.document_id', 's.student_id')) as Data[];
  const flags: ModerationFlag[] = [];
  const questionsOf = new Map<number, SubjectQuestion[]>();
  for (const a of moderated) {
    const subject = work.subjects.find((s) => s.id === a.subjectId);
    if (!subject) continue;
    if (!questionsOf.has(subject.id)) {
      questionsOf.set(subject.id, await subjectQuestions(db, work, subject.id));
    }
    const questions = questionsOf.get(subject.id) ?? [];
    const max = subjectMaximum(work, questions);
    const e = evaluations.find((x) => x.resultId === a.resultId && x.subjectId === a.subjectId);
    const row = docs.find((d) => Number(d.id) === a.resultId);
    const flag = (f: Pick<ModerationFlag, 'question' | 'marks' | 'moderationMarks' | 'margin'>) =>
      flags.push({
        resultId: String(row?.document_id ?? ''),
        studentId: Number(row?.student_id ?? 0),
        subject: { documentId: subject.documentId, name: subject.name },
        ...f,
        difference: round2(Math.abs((f.marks ?? 0) - f.moderationMarks)),
      });
    // Per question: where both markers gave that question a mark (an evaluation marked with one
    // total has none; its subject total is compared below).
    for (const m of a.moderationQuestions) {
      const q = questions.find((x) => x.documentId === m.question);
      const first = e?.questionMarks.find((x) => x.question === m.question)?.marks ?? null;
      if (!q || m.marks === null || first === null) continue;
      const margin = set ?? round2((q.maximum ?? max ?? 0) * DEFAULT_MARGIN_SHARE);
      if (round2(Math.abs(first - m.marks)) > margin) {
        flag({
          question: { documentId: q.documentId, number: q.number, maximum: q.maximum },
          marks: first,
          moderationMarks: m.marks,
          margin,
        });
      }
    }
    if (a.moderationMarks === null) continue;
    const margin = set ?? round2((max ?? 0) * DEFAULT_MARGIN_SHARE);
    const marks = e?.total_marks ?? null;
    if (marks === null || round2(Math.abs(marks - a.moderationMarks)) > margin) {
      flag({ question: null, marks, moderationMarks: a.moderationMarks, margin });
    }
  }
  return flags;
};

const median = (sorted: number[]): number | null => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : round2((sorted[mid - 1] + sorted[mid]) / 2);
};

/** The score distribution of totals: BANDS bands of the maximum, with the mean and median. */
export const distribution = (totals: number[], maximum: number | null): Data => {
  const sorted = [...totals].sort((a, b) => a - b);
  const top = maximum && maximum > 0 ? maximum : Math.max(1, ...sorted);
  const width = top / BANDS;
  const bands = Array.from({ length: BANDS }, (_, i) => ({
    from: round2(i * width),
    to: round2((i + 1) * width),
    count: 0,
  }));
  for (const t of sorted) {
    const i = Math.min(BANDS - 1, Math.max(0, Math.floor(t / width)));
    bands[i].count += 1;
  }
  return {
    count: sorted.length,
    maximum: top,
    mean: sorted.length === 0 ? null : round2(sorted.reduce((s, t) => s + t, 0) / sorted.length),
    median: median(sorted),
    bands,
  };
};

/** GET /api/mains/release-check?kind&documentId (administrators). */
export const releaseCheck = async (strapi: Core.Strapi, caller: Caller, query: Data) => {
  adminOnly(caller);
  const work = await adminWork(strapi, query);
  const knex = knexOf(strapi);
  const results = await latestResults(knex, work.kind, work.id);
  const evaluations = await evaluationRows(knex, { resultIds: results.map((r) => r.id) });
  const students = await studentsOfResults(knex, results);
  const totals: number[] = [];
  const missing: Data[] = [];
  let published = 0;
  for (const r of results) {
    const { status, pendingSubjects } = mainsStatus({
      result: { is_published: r.is_published },
      subjects: work.subjects,
      evaluations: statusEvaluations(evaluations.filter((e) => e.resultId === r.id)),
    });
    if (status === 'Published') published += 1;
    if (status === 'Completed' || status === 'Published') {
      totals.push(r.total_marks ?? 0);
    } else {
      missing.push({
        resultId: r.documentId,
        student: students.get(r.studentId)?.name ?? '',
        status,
        pendingSubjects,
      });
    }
  }
  const flags = await moderationFlags(knex, work);
  const moderation = (await allocationRows(knex, work.kind, work.id)).filter(
    (a) => a.role === 'moderator',
  );
  return {
    work: {
      kind: work.kind,
      documentId: work.documentId,
      name: work.name,
      maximumMarks: work.maximumMarks,
      moderationMargin: await marginOf(knex, work),
    },
    scripts: results.length,
    complete: totals.length,
    published,
    missing,
    distribution: distribution(totals, work.maximumMarks),
    moderation: {
      allocated: moderation.length,
      given: moderation.filter((a) => a.moderationMarks !== null).length,
    },
    flags: flags.map(({ studentId, ...f }) => ({
      ...f,
      student: students.get(studentId)?.name ?? '',
    })),
    readyToPublish: missing.length === 0 && results.length > 0,
  };
};
