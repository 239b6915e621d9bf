// Issue 27's allocation, moderation, release check and re-check shapes, as the server answers
// them (server/src/modules/mains: allocation.ts, moderation.ts, release.ts, recheck.ts).
import type { NamedRef, WorkKind } from './mainsTypes';

export interface Person {
  documentId: string | null;
  name: string;
}

export interface AllocatedScript {
  resultId: string;
  student: Person;
  published: boolean;
  state: 'waiting' | 'in-progress' | 'done';
  marker: Person | null;
  moderator: (Person & { marks: number | null }) | null;
}

export interface SubjectAllocation {
  subject: NamedRef;
  allocated: boolean;
  faculty: Array<{ documentId: string; name: string; scripts: number; moderating: number }>;
  scripts: AllocatedScript[];
}

export interface Allocations {
  work: { kind: WorkKind; documentId: string; name: string };
  subjects: SubjectAllocation[];
  allocated?: number;
  moderated?: number;
  /** A "clear": how many scripts lost their marker. */
  cleared?: number;
}

export type AllocationMode = 'even' | 'batch' | 'manual' | 'clear';

export interface AllocateRequest {
  kind: WorkKind;
  documentId: string;
  subjectId: string;
  mode: AllocationMode;
  facultyIds?: string[];
  batchId?: string;
  resultIds?: string[];
}

export interface ModerateRequest {
  kind: WorkKind;
  documentId: string;
  subjectId: string;
  percent: number;
}

export interface ScoreBand {
  from: number;
  to: number;
  count: number;
}

/** A moderator's marks: per question (some or all), or one total for a subject without questions. */
export type ModerationRequest = { resultId: string; subjectId: string; comment: string } & (
  { questions: Array<{ questionId: string; marks: number }> } | { marks: number }
);

export interface ModerationFlag {
  resultId: string;
  student: string;
  subject: NamedRef;
  /** The question whose marks differ (issue 27); null for the subject total. */
  question?: { documentId: string; number: number; maximum: number | null } | null;
  marks: number | null;
  moderationMarks: number;
  difference: number;
  margin: number;
}

export interface ReleaseCheck {
  work: {
    kind: WorkKind;
    documentId: string;
    name: string;
    maximumMarks: number | null;
    moderationMargin: number | null;
  };
  scripts: number;
  complete: number;
  published: number;
  missing: Array<{ resultId: string; student: string; status: string; pendingSubjects: string[] }>;
  distribution: {
    count: number;
    maximum: number;
    mean: number | null;
    median: number | null;
    bands: ScoreBand[];
  };
  moderation: { allocated: number; given: number };
  flags: ModerationFlag[];
  readyToPublish: boolean;
}

export type RecheckStatus = 'open' | 'kept' | 'changed';

export interface RecheckEntry {
  at: string;
  by: string;
  role: string;
  action: 'requested' | 'kept' | 'changed';
  old?: number | null;
  new?: number | null;
  comment?: string;
  reason?: string;
}

export interface Recheck {
  documentId: string;
  resultId: string;
  question: { documentId: string | null; question: string };
  subject: NamedRef | null;
  marks: number | null;
  reason: string;
  status: RecheckStatus;
  createdAt: string | null;
  history: RecheckEntry[];
  faculty?: string | null;
}

export interface RechecksQuery {
  status?: RecheckStatus;
  resultId?: string;
}

export interface AnswerRecheckRequest {
  requestId: string;
  decision: 'keep' | 'change';
  marks?: number;
  comment: string;
}
