// Mains work (assignments and Mains tests) as the mains endpoints answer it: the learner's work
// items and sittings, and the staff's results, scripts and evaluations.
import type { MediaFile } from '../media';

export type WorkKind = 'test' | 'assignment';

/** Result status for Mains work (spec section 4), exactly as the server names it. */
export type MainsStatus =
  'Published' | 'Completed' | 'In Progress' | 'Pending' | 'Not Started' | 'Not - Available';

/** 'time-ended': the server closed it at its deadline with nothing uploaded (no result). */
export type WorkState = 'not-started' | 'in-progress' | 'submitted' | 'time-ended';

export interface NamedRef {
  documentId: string;
  name: string;
}

/** One question's mark and comment in an evaluation (issue 27). */
export interface QuestionMark {
  /** The question's documentId. */
  question: string;
  marks: number | null;
  comment: string | null;
  /** With a rubric (issue 27): the chosen level's index per criterion (null: none yet). */
  levels?: Array<number | null>;
  /** With a rubric: the level reached per criterion, as marked (learners: after publication). */
  rubric?: ReachedLevel[];
}

/** A question's rubric (staff only): criteria with levels that carry marks. */
export interface Rubric {
  criteria: Array<{ name: string; levels: Array<{ label: string; marks: number }> }>;
}

/** The level reached on one criterion. */
export interface ReachedLevel {
  criterion: string;
  level: string;
  marks: number;
}

/** An administrator reopened a completed evaluation (staff only). */
export interface Reopening {
  by: string | null;
  at: string | null;
  reason: string;
}

export interface PublishedEvaluation {
  subject: NamedRef;
  total_marks: number | null;
  /** Per-question marks and comments (published results only; empty: one total). */
  questions?: QuestionMark[];
  evaluation_document: MediaFile | null;
}

/** One item of the learner's Mains work. */
export interface WorkItem {
  kind: WorkKind;
  documentId: string;
  name: string;
  description: string | null;
  courseName: string | null;
  subjects: NamedRef[];
  opensAt: string | null;
  closesAt: string | null;
  durationMinutes: number | null;
  maximumMarks: number | null;
  attachments: MediaFile[];
  attemptId: string | null;
  state: WorkState;
  submittedAt: string | null;
  status: MainsStatus;
  canStart: boolean;
  reason: string | null;
  resultId: string | null;
  /** Only when Published. */
  totalMarks: number | null;
  /** Only when Published. */
  evaluations: PublishedEvaluation[];
  instructions?: string | null;
}

export interface WorkQuestion {
  documentId: string;
  question: string;
  question_type: string | null;
  subject: NamedRef | null;
  points_correct_answer: number | null;
  /** Staff only (issue 27). */
  rubric?: Rubric | null;
}

export interface WorkAnswer {
  documentId: string;
  /** The question's documentId. */
  question: string;
  documents: MediaFile[];
}

/** A learner's sitting of a work: what start and the attempt endpoint answer. */
export interface WorkSession {
  work: WorkItem;
  attempt: { documentId: string; start_date_time: string; expires_at: string | null };
  questions: WorkQuestion[];
  answers: WorkAnswer[];
  serverTime: string;
  resumed?: boolean;
  submitted?: boolean;
  resultId?: string | null;
}

export interface SubmittedResult {
  documentId: string;
  status: MainsStatus;
  submittedAt: string | null;
}

/** A work in the staff's list of Mains works. */
export interface StaffWork {
  kind: WorkKind;
  documentId: string;
  name: string;
  courseName: string | null;
  batchName: string | null;
  subjects: NamedRef[];
  submitted: number;
  completed: number;
  published: number;
}

export interface Evaluation {
  documentId: string;
  subject: NamedRef;
  faculty: NamedRef | null;
  total_marks: number | null;
  start_date_time: string | null;
  end_date_time: string | null;
  evaluation_document: MediaFile | null;
  /** Per-question marks (empty: marked with one total). */
  questions?: QuestionMark[];
  /** Staff only. */
  reopenings?: Reopening[];
}

export interface ResultRow {
  student: { documentId: string; name: string; email: string | null; batchNames: string[] };
  result: {
    documentId: string;
    total_marks: number | null;
    is_published: boolean;
    submittedAt: string | null;
  } | null;
  status: MainsStatus;
  pendingSubjects: string[];
  evaluations: Evaluation[];
  documentCount: number;
  canEvaluate: string[];
}

export interface ResultsWork {
  kind: WorkKind;
  documentId: string;
  name: string;
  maximumMarks: number | null;
  subjects: NamedRef[];
  /** Per-question marks may be halves (tests only). */
  allowHalfMarks?: boolean;
}

export interface ResultsQuery {
  kind: WorkKind;
  documentId: string;
  batchId: string | null;
  subjectId: string | null;
  page: number;
}

export interface Script {
  work: ResultsWork;
  student: { documentId: string; name: string; email?: string | null };
  submittedAt: string | null;
  status: MainsStatus;
  pendingSubjects: string[];
  questions: WorkQuestion[];
  answers: WorkAnswer[];
  evaluations: Evaluation[];
  canEvaluate: string[];
  /** Issue 27: the subjects the faculty caller moderates here (a second marking, kept apart). */
  moderating?: Array<{
    subject: NamedRef;
    marks: number | null;
    comment: string | null;
    /** The moderator's marks per question (their total is then the sum). */
    questions?: QuestionMark[];
  }>;
}

export interface PublishReport {
  updated: string[];
  /** `missing`: the subjects without a completed evaluation (issue 27). */
  refused: { resultId: string; reason: string; missing?: string[] }[];
}
