// Questions of a test or assignment and of the question pool (the same fields).
import type { Ref, Subject } from '../courses';

/** Issue 26, "Organising": a pool question's difficulty (none: unrated). */
export type Difficulty = 'easy' | 'medium' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};
/** The server's limits on a question's tags (modules/catalogue/pool-organising.ts). */
export const TAG_LIMITS = { count: 20, length: 40 } as const;

/** A topic of a subject, as the pool names it. */
export interface TopicRef extends Ref {
  topic_name: string;
}

/** How a pool question performed: answers of ended attempts to its copies. */
export interface Facility {
  answers: number;
  correct: number;
  facility: number | null;
}

export type AnswerKey = 'a' | 'b' | 'c' | 'd';
/** Issue 26: Multiple (several correct options), TrueFalse and Numeric beside MCQ (one correct). */
export type QuestionType = 'MCQ' | 'Multiple' | 'TrueFalse' | 'Numeric' | 'Descriptive';

export const ANSWER_KEYS: readonly AnswerKey[] = ['a', 'b', 'c', 'd'];
export const QUESTION_TYPES: readonly QuestionType[] = [
  'MCQ',
  'Multiple',
  'TrueFalse',
  'Numeric',
  'Descriptive',
];

/** How the authoring screens name each type. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  MCQ: 'Multiple choice, one correct (MCQ)',
  Multiple: 'Multiple choice, several correct',
  TrueFalse: 'True / false',
  Numeric: 'Numeric answer',
  Descriptive: 'Descriptive',
};

export interface QuestionFields {
  question: string;
  option_a?: string | null;
  option_b?: string | null;
  option_c?: string | null;
  option_d?: string | null;
  /** MCQ 'a'; Multiple 'a,c'; TrueFalse 'true'/'false'; Numeric the value (e.g. '9.8'). */
  correct_answer?: string | null;
  /** Numeric only (issue 26): the accepted distance from the value, or a range; staff data. */
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
  /** Numeric only: the unit shown beside the learner's number field. */
  answer_unit?: string | null;
  points_correct_answer?: number | null;
  points_incorrect_answer?: number | null;
  question_type?: QuestionType | null;
  explanation?: string | null;
  /** Test and assignment questions only (issue 27): staff data, marked level by level. */
  rubric?: QuestionRubric | null;
}

/** A descriptive question's rubric: criteria with levels that carry marks. */
export interface QuestionRubric {
  criteria: Array<{ name: string; levels: Array<{ label: string; marks: number }> }>;
}

export interface Question extends Ref, QuestionFields {
  subject?: Subject | null;
  createdAt?: string;
  /** Pool questions only (issue 26). */
  topic?: TopicRef | null;
  difficulty?: Difficulty | null;
  tags?: string[];
  /** Pool list only: how many test/assignment questions were copied from it. */
  usedIn?: number;
  facility?: Facility | null;
}

/** What a create or update sends (the subject by documentId). */
export interface QuestionPayload {
  question: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: string | null;
  points_correct_answer: number;
  points_incorrect_answer: number;
  question_type: QuestionType;
  /** Sent for a numeric question only. */
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
  answer_unit?: string | null;
  explanation: string;
  subject: string | null;
  /** Sent only by forms of test/assignment questions (the pool has no rubric). */
  rubric?: QuestionRubric | null;
  /** Sent only by the pool's form (issue 26). */
  topic?: string | null;
  difficulty?: Difficulty | null;
  tags?: string[];
}

/** The pool list's filters (issue 26); '' is "any". */
export interface PoolFilters {
  type: QuestionType | '';
  subject: string;
  topic: string;
  difficulty: Difficulty | 'none' | '';
  tag: string;
  used: 'used' | 'unused' | '';
}

export const NO_POOL_FILTERS: PoolFilters = {
  type: '',
  subject: '',
  topic: '',
  difficulty: '',
  tag: '',
  used: '',
};

/** A bulk edit of pool questions: a field left out is not changed; null clears it. */
export interface PoolBulkEdit {
  ids: readonly string[];
  subject?: string | null;
  topic?: string | null;
  difficulty?: Difficulty | null;
  addTags?: string[];
  removeTags?: string[];
}

export interface SkippedRow {
  row: number;
  reasons: string[];
  /** The file format's name of the question's type (Moodle XML, GIFT, Aiken). */
  type?: string;
}

/** A row left out because the same question (text and options) is there already. */
export interface DuplicateRow {
  row: number;
  question: string;
  reason: string;
}

export interface ImportResult {
  createdQuestions: Array<{ id: number; documentId: string; question: string }>;
  skippedRows: SkippedRow[];
  duplicateRows: DuplicateRow[];
  message: string;
}

/** One row of an import preview. */
export interface PreviewRow {
  row: number;
  question: string;
  question_type: string;
  correct_answer: string | null;
  points_correct_answer: number;
  points_incorrect_answer: number;
  subject: string | null;
  notes: string[];
}

/** What an import would do (issue 26): nothing is written yet. */
export interface ImportPreview {
  format: string;
  /** Rows that would be imported, by question type. */
  counts: Record<string, number>;
  /** Skipped rows by the file format's type name. */
  skippedCounts: Record<string, number>;
  acceptedCount: number;
  rows: PreviewRow[];
  skippedRows: SkippedRow[];
  duplicateRows: DuplicateRow[];
  notedRows: Array<{ row: number; notes: string[] }>;
  /** Images the import would store (issue 26: embedded and `data:` images) and their bytes. */
  imageCount: number;
  imageBytes: number;
}

export type ExportFormat = 'xlsx' | 'moodle' | 'gift' | 'aiken';

/** The outcome of deleting several records one call each. */
export interface DeleteReport {
  deleted: string[];
  failed: Array<{ documentId: string; message: string }>;
}
