// The learner's side of a test (issue 7): the test list, an attempt being taken, a result with
// its review. Shapes of the server's exam endpoints (server/src/modules/exam/index.ts).
import type { PassMarkUnit } from '../test-authoring';

export type Choice = 'a' | 'b' | 'c' | 'd';
export const CHOICES: readonly Choice[] = ['a', 'b', 'c', 'd'];

/** One test of the learner's list, with what they may do with it (the server decides). */
export interface MyTest {
  documentId: string;
  TestName: string;
  Description: string | null;
  TestDuration: number | null;
  MaximumMarks: number | null;
  /** The learner's own window (a personal window replaces the test's, issue 23). */
  ValidFrom: string | null;
  ValidTo: string | null;
  /** The learner's own minutes (TestDuration + extraMinutes; null: no duration). */
  effectiveDuration?: number | null;
  /** Minutes an accommodation adds for this learner (0: none). */
  extraMinutes?: number;
  accommodated?: boolean;
  enable_practice_test: boolean;
  /** The learner's own maximum (with an accommodation's extra attempts). */
  max_attempts: number;
  attemptsUsed: number;
  /** Scored attempts left (null: unlimited); practice never counts against them (issue 23). */
  attemptsLeft: number | null;
  /** Practice attempts used and left (null: unlimited; 0 where the test has no practice). */
  practiceAttemptsUsed?: number;
  practiceAttemptsLeft?: number | null;
  /** Whether the open attempt (openAttemptId) is a practice one. */
  openAttemptPractice?: boolean | null;
  status: 'attempted' | 'unattempted';
  openAttemptId: string | null;
  lastResultId: string | null;
  isOpen: boolean;
  course: { documentId: string; course_name: string } | null;
  test_category?: string | null;
  test_sub_category?: string | null;
}

/** What the instructions page shows before a start. */
export interface TestBrief {
  documentId: string;
  TestName: string;
  Description: string | null;
  instructions: string | null;
  TestDuration: number | null;
  MaximumMarks: number | null;
  PassMark: number | null;
  pass_mark_unit: PassMarkUnit | null;
  enable_practice_test: boolean;
  ValidFrom: string | null;
  ValidTo: string | null;
  max_attempts: number | null;
  /** null: unlimited practice attempts. */
  max_practice_attempts: number | null;
  /** The integrity log asks for fullscreen and records its exits (issue 23). */
  require_fullscreen?: boolean | null;
  /** Sections with their own timers (issue 23), as staff defined them; null: none. */
  sections?: Array<{ name: string; minutes: number }> | null;
  /** Only the next section opens; a closed one never again. */
  sections_fixed_order?: boolean | null;
}

/** Which attempt the learner starts: practice (checked per question, not counted) or scored. */
export type AttemptMode = 'practice' | 'scored';

export interface ExamTest {
  documentId: string;
  TestName: string;
  instructions: string | null;
  TestDuration: number | null;
  MaximumMarks: number | null;
  PassMark: number | null;
  pass_mark_unit: PassMarkUnit;
  enable_practice_test: boolean;
  require_fullscreen?: boolean;
}

export interface ExamAttempt {
  documentId: string;
  start_date_time: string | null;
  expires_at: string | null;
  is_practice_test: boolean;
}

export interface ExamQuestion {
  documentId: string;
  question: string;
  option_a: string | null;
  option_b: string | null;
  option_c: string | null;
  option_d: string | null;
  question_type: string | null;
  /** A numeric question's unit (issue 26), shown beside the number field. */
  answer_unit?: string | null;
  subject: { SubjectName: string } | null;
  /**
   * Shuffled options (issue 23): the ORIGINAL letters in the order to show them, labelled A, B, C,
   * D by position; the answer saved is still the original letter. Absent: today's order.
   */
  option_order?: Choice[];
  /** Sections (issue 23): the index of the question's section; absent without sections. */
  section?: number;
}

export interface ExamAnswer {
  documentId: string;
  /** The question's documentId. */
  question: string | null;
  /** As stored: 'a', 'a,c' (multiple), 'true'/'false', '9.81' (numeric); null: none. */
  selected_answer: string | null;
  mark_as_important: boolean;
  revision: number;
  /** Practice: the answer was checked and is locked. */
  checked?: boolean;
}

/** A section's state for the learner (issue 23): closed ones cannot be opened again. */
export type SectionState = 'current' | 'closed' | 'available' | 'upcoming';

export interface ExamSection {
  name: string;
  /** Its whole time for this learner (with their extra time). */
  minutes: number;
  state: SectionState;
  /** Its unused time when the attempt was read (the current one: until currentEndsAt). */
  leftSeconds: number;
}

/** Sections with their own timers (issue 23): the server's clock moves them on. */
export interface ExamSections {
  /** Fixed order: only the next section opens, a closed one never again. */
  fixedOrder: boolean;
  current: number;
  currentEndsAt: string;
  list: ExamSection[];
}

/** An attempt still running: everything the player needs. */
export interface OpenAttempt {
  test: ExamTest;
  attempt: ExamAttempt;
  questions: ExamQuestion[];
  answers: ExamAnswer[];
  /** null (or absent from an older server): the test has no sections. */
  sections?: ExamSections | null;
  serverTime: string;
  resumed: boolean;
}

/**
 * The open section's part of an attempt (issue 23): what a section move, or the question asked
 * at a section's end, answers: that section's questions and answers and the section tabs; the
 * player keeps the other sections it has (sectionPart.ts lays it into the attempt).
 */
export interface SectionPart {
  attempt: ExamAttempt;
  questions: ExamQuestion[];
  answers: ExamAnswer[];
  sections: ExamSections;
  serverTime: string;
}

export interface EndedAttempt {
  attempt: ExamAttempt & { end_date_time: string | null; closed_by: string | null };
  ended: true;
  resultId: string | null;
}

export type AttemptState = OpenAttempt | EndedAttempt;

export function isEnded(state: AttemptState): state is EndedAttempt {
  return 'ended' in state && state.ended === true;
}

/** The server's stored state of one answer after a save. */
export interface StoredAnswer {
  documentId: string;
  selected_answer: string | null;
  mark_as_important: boolean;
  revision: number;
}

/** A practice answer's check. */
export interface CheckOutcome {
  correct_answer: string | null;
  /** A numeric key's tolerance or range (issue 26). */
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
  /** Issue 26: sent for types other than MCQ; 'partial' for a partly right multiple answer. */
  outcome?: 'correct' | 'partial' | 'incorrect' | 'unanswered';
  explanation: string | null;
  is_correct: boolean;
  points: number | null;
}

export interface ResultSummary {
  documentId: string;
  total_marks: number | null;
  passed: boolean | null;
  correct_count: number | null;
  incorrect_count: number | null;
  unanswered_count: number | null;
  time_taken_seconds: number | null;
  createdAt: string | null;
}

export interface ReviewQuestion extends ExamQuestion {
  correct_answer: string | null;
  explanation: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
  selected_answer: string | null;
  mark_as_important: boolean;
  points: number | null;
}

export interface ResultReview {
  result: ResultSummary;
  /** Whose result it is (staff open learners' reviews from the reports). */
  learner: { documentId: string; name: string; rollNumber: string | null } | null;
  test: {
    TestName: string;
    MaximumMarks: number | null;
    PassMark: number | null;
    pass_mark_unit: PassMarkUnit | null;
  };
  attempt: {
    start_date_time: string | null;
    end_date_time: string | null;
    closed_by: string | null;
    is_practice_test: boolean;
    /** Issue 23: shown to the learner in a shuffled order (absent from older servers). */
    shuffled?: boolean;
    /** Issue 23: the attempt's sections (each question's `section` indexes them); null: none. */
    sections?: Array<{
      name: string;
      minutes: number;
      opened: string | null;
      closed: string | null;
    }> | null;
  };
  rank: number | null;
  outOf: number | null;
  percentile: number | null;
  /**
   * Whether this review shows the answer key (the test's review option, issue 18). When it does
   * not, correct_answer, explanation and each question's points are null, and `message` says when
   * the key will be shown.
   */
  review: {
    answerKeyShown: boolean;
    message: string | null;
    /** Issue 23: the score (totals, pass, counts, points) and the learner's own answers may be
     * withheld until later too; the messages say when. */
    scoreShown: boolean;
    scoreMessage: string | null;
    answersShown: boolean;
    answersMessage: string | null;
  };
  questions: ReviewQuestion[];
}

/** The options of a question as shown: original letter, display label (by position), text. */
export function displayedOptions(
  question: ExamQuestion,
): Array<{ choice: Choice; label: string; text: string }> {
  const order = question.option_order?.filter((c) => CHOICES.includes(c)) ?? CHOICES;
  const shown: Array<{ choice: Choice; label: string; text: string }> = [];
  for (const choice of order) {
    const text = optionOf(question, choice);
    if (text === null || text === '') continue;
    shown.push({ choice, label: String.fromCharCode(65 + shown.length), text });
  }
  return shown;
}

/** The label the learner saw for an original letter (its letter when it is not shown). */
export function displayLabelOf(question: ExamQuestion, choice: string): string {
  return displayedOptions(question).find((o) => o.choice === choice)?.label ?? choice.toUpperCase();
}

export function optionOf(question: ExamQuestion, choice: Choice): string | null {
  switch (choice) {
    case 'a':
      return question.option_a;
    case 'b':
      return question.option_b;
    case 'c':
      return question.option_c;
    default:
      return question.option_d;
  }
}
