// The test area's records as the SPA uses them (Strapi 5 flat records, numbers mapped).
import type {
  BatchRef,
  FacultyRef,
  Ref,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from '../courses';
import type { MediaFile } from '../media';

export type PassMarkUnit = 'marks' | 'percent';

/** Whether a test's total below zero stands ('keep', the default) or is floored at zero. */
export type NegativeTotal = 'keep' | 'floor';
/** Issue 26: how a multiple-correct question is marked (docs/decisions.md). */
export type MultipleMarking = 'all_or_nothing' | 'partial';

/**
 * When a learner's review shows the answer key (correct answer and explanation) of a test
 * (issue 18): the server's default is after_last_attempt. The same choices say when learners see
 * their score and their answers (issue 23; default after_each_attempt).
 */
export type ReviewAnswerKey = 'after_each_attempt' | 'after_last_attempt' | 'after_close' | 'never';

export interface TestSubCategory extends Ref {
  TestSubCategory: string;
}

export interface TestSubCategory2 extends Ref {
  test_sub_category_2: string;
  type?: string | null;
  test_sub_category?: TestSubCategory | null;
  createdAt?: string;
}

export interface CourseRef extends Ref {
  course_name: string;
}

/** Draft → published → closed (issue 23); a record without one is published. */
export type WorkStatus = 'draft' | 'published' | 'closed';

/**
 * What a test and an assignment share in a list: maximum marks, the three categories, the
 * course and the status.
 */
export interface WorkListed extends Ref {
  status?: WorkStatus | null;
  MaximumMarks?: number | null;
  test_category?: TestCategory | null;
  test_sub_category?: TestSubCategory | null;
  test_sub_category_2?: TestSubCategory2 | null;
  course?: CourseRef | null;
  createdAt?: string;
}

/** The relations a test's or an assignment's page and form read besides the list's. */
export interface WorkRelated {
  Attachments?: MediaFile[] | null;
  faculties?: FacultyRef[] | null;
  batch?: BatchRef | null;
  students?: StudentRef[] | null;
  test_language?: TestLanguage | null;
  subjects?: Subject[] | null;
}

/** What a test's or an assignment's save sends of its links: documentIds, attachments by file id. */
export interface WorkLinksPayload {
  test_category: string | null;
  test_sub_category: string | null;
  test_sub_category_2: string | null;
  Attachments: number[];
  faculties: string[];
  batch: string | null;
  students: string[];
  test_language: string | null;
  subjects: string[];
  course: string | null;
}

/** A test as the list shows it. */
export interface Test extends WorkListed {
  TestName: string;
  Description?: string | null;
  TestDuration?: number | null;
  enable_practice_test?: boolean | null;
  instructions?: string | null;
  Attempts?: number | null;
  /** Attempts allowed per learner; 0 = unlimited (server default 1). */
  max_attempts?: number | null;
  ValidFrom?: string | null;
  ValidTo?: string | null;
  PassMark?: number | null;
  pass_mark_unit?: PassMarkUnit | null;
  review_answer_key?: ReviewAnswerKey | null;
  /** Issue 23: practice limit (null: unlimited), when learners see their score and answers, rank
   * and percentile shown, and whether a total below zero stands or is floored at zero. */
  max_practice_attempts?: number | null;
  review_score?: ReviewAnswerKey | null;
  review_answers?: ReviewAnswerKey | null;
  show_rank?: boolean | null;
  negative_total?: NegativeTotal | null;
  multiple_marking?: MultipleMarking | null;
  require_fullscreen?: boolean | null;
  /** Shuffled delivery (issue 23): questions and/or options in a per-learner order. */
  shuffle_questions?: boolean | null;
  shuffle_options?: boolean | null;
  /** Mains marking (issue 27): per-question marks may be halves. */
  allow_half_marks?: boolean | null;
  /** Sections with their own timers (issue 23); null: none (one clock). */
  sections?: TestSectionDef[] | null;
  sections_fixed_order?: boolean | null;
}

/** A section of a test (issue 23): its questions are those of its subjects. */
export interface TestSectionDef {
  name: string;
  minutes: number;
  subjects: string[];
  /** Issue 26: questions drawn at random from the pool for each learner. */
  draw?: TestSectionDraw | null;
}

/** The pool filters a draw may use (the pool list's names; absent or null: any). */
export interface TestDrawFilters {
  type?: string | null;
  subject?: string | null;
  topic?: string | null;
  difficulty?: string | null;
  tag?: string | null;
}

/** "count questions drawn at random from the pool where filters", each worth `marks`. */
export interface TestSectionDraw {
  count: number;
  marks: number;
  /** Taken for a wrong answer (0: none). */
  negative: number;
  filters: TestDrawFilters;
}

/** A test with every relation (its page and its form). */
export interface TestDetail extends Test, WorkRelated {}

/** What a create or update sends: relations by documentId, attachments by file id. */
export interface TestPayload extends WorkLinksPayload {
  /** Sent on create only: a new test is a draft (issue 23). */
  status?: 'draft';
  TestName: string;
  Description: string;
  TestDuration: number | null;
  enable_practice_test: boolean;
  instructions: string;
  max_attempts: number;
  ValidFrom: string | null;
  ValidTo: string | null;
  MaximumMarks: number | null;
  PassMark: number | null;
  pass_mark_unit: PassMarkUnit;
  review_answer_key: ReviewAnswerKey;
  max_practice_attempts: number | null;
  review_score: ReviewAnswerKey;
  review_answers: ReviewAnswerKey;
  show_rank: boolean;
  negative_total: NegativeTotal;
  multiple_marking: MultipleMarking;
  require_fullscreen: boolean;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  allow_half_marks: boolean;
  sections: TestSectionDef[] | null;
  sections_fixed_order: boolean;
}

export interface TestSubCategory2Payload {
  test_sub_category_2: string;
  type: string;
  test_sub_category: string | null;
}
