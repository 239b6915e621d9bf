// The marking progress of one Mains work as GET /api/mains/progress answers it (issue 27).
import type { MainsStatus, NamedRef, WorkKind } from './mainsTypes';

export interface FacultyProgress {
  faculty: { documentId: string | null; name: string };
  /** Allocated to them and not started (issue 27; absent from older servers). */
  waiting?: number;
  oldestWaitingAt?: string | null;
  inProgress: number;
  done: number;
  /** The submission time of their oldest script still in progress. */
  oldestInProgressAt: string | null;
}

export interface SubjectProgress {
  subject: NamedRef;
  /** Scripts nobody has started for this subject yet. */
  waiting: number;
  oldestWaitingAt: string | null;
  faculty: FacultyProgress[];
}

export interface MissingScript {
  resultId: string;
  student: { documentId: string | null; name: string };
  status: MainsStatus;
  pendingSubjects: string[];
}

export interface QueueItem {
  resultId: string;
  student: { documentId: string | null; name: string };
  subject: NamedRef;
  state: 'in-progress' | 'waiting';
  submittedAt: string | null;
}

export interface MarkingProgress {
  work: { kind: WorkKind; documentId: string; name: string; subjects: NamedRef[] };
  totals: { scripts: number; complete: number; percent: number };
  subjects: SubjectProgress[];
  /** Scripts not yet complete (what publishing still waits for). */
  missing: MissingScript[];
  /** Faculty: their scripts in progress, then the waiting ones (oldest first). */
  queue: QueueItem[];
  queueTotal: number;
}
