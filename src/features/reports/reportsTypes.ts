// The shapes of the reports of a multiple-choice test (docs/api.md "Reports (issue 22)").
export type AttemptChoice = 'best' | 'last' | 'all';
export type ResultsSort = 'score:desc' | 'name:asc' | 'time:asc';

export interface NamedRef {
  documentId: string;
  name: string;
}

export interface TestResultRow {
  resultDocumentId: string;
  attemptDocumentId: string;
  learner: { documentId: string; name: string; rollNumber: string | null };
  batch: NamedRef | null;
  score: number;
  correct: number;
  wrong: number;
  skipped: number;
  timeTakenSeconds: number | null;
  attemptNumber: number;
  rank: number | null;
  percentile: number | null;
  passed: boolean | null;
  status: 'submitted' | 'timed-out';
  /** Events of the attempt's integrity log (issue 23), stored or only counted. */
  integrityEvents?: number;
}

export interface TestResultsQuery {
  documentId: string;
  page: number;
  sort: ResultsSort;
  search: string;
  batchId: string;
  attempt: AttemptChoice;
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

export interface Summary {
  count: number;
  mean: number | null;
  median: number | null;
  standardDeviation: number | null;
  highest: number | null;
  lowest: number | null;
  passRate: number | null;
  scoreDistribution: Bin[];
  timeDistribution: Bin[];
}

export type ItemFlag = 'negative-discrimination' | 'too-hard' | 'too-easy' | 'unused-distractor';

export interface ItemOption {
  option: string;
  text: string;
  correct: boolean;
  count: number;
  top: number;
  bottom: number;
}

export interface Item {
  questionDocumentId: string;
  number: number;
  question: string;
  subject: NamedRef | null;
  correctAnswer: string;
  takers: number;
  correct: number;
  blank: number;
  markedImportant: number;
  facility: number | null;
  discrimination: number | null;
  pointBiserial: number | null;
  options: ItemOption[];
  flags: ItemFlag[];
}

export interface TestData {
  test: {
    documentId: string;
    name: string;
    maxMarks: number;
    passMark: number | null;
    questions: number;
  };
  attempt: 'best' | 'last';
  statistics: Summary;
  perBatch: (Summary & { batch: NamedRef })[];
  groups: { learners: number; groupSize: number };
  items: Item[];
  notes: { statistics: Record<string, string>; items: Record<string, string> };
}

export interface TestDataQuery {
  documentId: string;
  batchId: string;
  attempt: 'best' | 'last';
}

/** A learner's progress (GET /api/reports/my-progress, …/learners/:id/progress). */
export interface ProgressResult {
  kind: 'test' | 'mains-test' | 'assignment';
  work: NamedRef;
  date: string | null;
  score: number | null;
  maxMarks: number | null;
  percent: number | null;
  rank: number | null;
  percentile: number | null;
}

export interface SubjectAverage {
  subject: NamedRef;
  average: number | null;
  results: number;
}

export interface LearnerProgress {
  learner: { documentId: string; name: string; rollNumber: string | null };
  results: ProgressResult[];
  subjects: SubjectAverage[];
  attendance: { present: number; total: number };
}

/** A test's scores by subject (GET /api/reports/tests/:id/subjects). */
export interface SubjectFigure {
  /** null: the questions without a subject. */
  subject: NamedRef | null;
  /** With random draws (issue 26) questions and maxMarks are means per learner. */
  questions: number;
  /** Of `questions`, drawn at random (mean per learner; 0 without draws). */
  drawnQuestions?: number;
  maxMarks: number;
  mean: number | null;
  facility: number | null;
}

export interface LearnerSubjects {
  learner: NamedRef;
  /** maxMarks: the learner's own (their drawn questions differ from others', issue 26). */
  subjects: { subjectDocumentId: string | null; score: number; maxMarks: number }[];
}

export interface TestSubjects {
  subjects: SubjectFigure[];
  /** The first 200 learners by name. */
  learners: LearnerSubjects[];
}

/** A series' standing (GET /api/reports/leaderboard). */
export interface Standing {
  rank: number;
  total: number;
  percentile: number;
  testsTaken: number;
}

export interface LeaderboardRow extends Standing {
  learner: NamedRef | null;
}

export interface Leaderboard {
  tests: NamedRef[];
  rows: LeaderboardRow[];
  /** The learner's own standing (learners only). */
  me: Standing | null;
  tieRule: string;
  total: number;
  /** Learners: tests of the series not counted yet (scores or ranks not shown to learners). */
  notCounted: number;
  /** Whether learners see the top 10 by name (the series' `publish_leaderboard`). */
  namesPublished: boolean;
}

export interface LeaderboardQuery {
  categoryId: string;
  page: number;
}
