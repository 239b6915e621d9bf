/**
 * The result status of a Mains test or assignment for one learner (spec section 4), computed in
 * ONE place from the stored facts (the server never trusts a client's status):
 *
 * - Published: the result has is_published.
 * - Completed: every subject of the work has an evaluation with an end time. A work with no
 *   subjects is Completed when it has at least one evaluation and every evaluation has ended.
 * - In Progress: some evaluation has no end time.
 * - Pending: some evaluation has ended, but not every subject has an ended one; `pendingSubjects`
 *   lists the subjects not yet evaluated (names, in the work's subject order).
 * - Not Started: a result and no evaluation yet.
 * - Not - Available: no result exists.
 *
 * `pendingSubjects` is also filled for In Progress and Not Started (the subjects without an ended
 * evaluation), and empty for Published, Completed and Not - Available.
 */
export const MAINS_STATUSES = [
  'Published',
  'Completed',
  'In Progress',
  'Pending',
  'Not Started',
  'Not - Available',
] as const;

export type MainsStatus = (typeof MAINS_STATUSES)[number];

export interface StatusSubject {
  documentId: string;
  name: string;
}

export interface StatusEvaluation {
  /** The subject's documentId (null: an evaluation without a subject). */
  subject: string | null;
  ended: boolean;
}

export interface StatusInput {
  result: { is_published: boolean } | null;
  subjects: readonly StatusSubject[];
  evaluations: readonly StatusEvaluation[];
}

export interface StatusOutput {
  status: MainsStatus;
  pendingSubjects: string[];
}

export const mainsStatus = ({ result, subjects, evaluations }: StatusInput): StatusOutput => {
  if (!result) {
    return { status: 'Not - Available', pendingSubjects: [] };
  }
  if (result.is_published) {
    return { status: 'Published', pendingSubjects: [] };
  }
  const ended = new Set(evaluations.filter((e) => e.ended && e.subject).map((e) => e.subject));
  const pending = subjects.filter((s) => !ended.has(s.documentId)).map((s) => s.name);
  const complete =
    subjects.length > 0
      ? pending.length === 0
      : evaluations.length > 0 && evaluations.every((e) => e.ended);
  if (complete) {
    return { status: 'Completed', pendingSubjects: [] };
  }
  if (evaluations.some((e) => !e.ended)) {
    return { status: 'In Progress', pendingSubjects: pending };
  }
  if (evaluations.length > 0) {
    return { status: 'Pending', pendingSubjects: pending };
  }
  return { status: 'Not Started', pendingSubjects: pending };
};
