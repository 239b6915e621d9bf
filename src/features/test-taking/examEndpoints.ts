// The learner's exam calls (RTK Query, injected with the learner's test screens): the test list,
// a test's instructions, start (or resume), the attempt, answer saves (sent by the outbox,
// useAnswerOutbox), submit, practice checks and the result with its review.
import { toWire, type QuestionKind } from './answerKinds';
import { api } from '../../store/api';
import type { SentEvent } from './integrityLog';
import type { AppDispatch, RootState } from '../../store/store';
import {
  listPairs,
  strapiQuery,
  toNumber,
  type Pagination,
  type StrapiList,
  type StrapiOne,
} from '../../lib/strapi';
import type {
  AttemptMode,
  AttemptState,
  CheckOutcome,
  MyTest,
  OpenAttempt,
  ResultReview,
  ResultSummary,
  SectionPart,
  StoredAnswer,
  TestBrief,
} from './examTypes';
import { isEnded } from './examTypes';

export const MY_TESTS_PAGE_SIZE = 25;

const byId = (documentId: string) => encodeURIComponent(documentId);

const briefFields = [
  'TestName',
  'Description',
  'instructions',
  'TestDuration',
  'MaximumMarks',
  'PassMark',
  'pass_mark_unit',
  'enable_practice_test',
  'ValidFrom',
  'ValidTo',
  'max_attempts',
  'max_practice_attempts',
  'require_fullscreen',
  'sections',
  'sections_fixed_order',
];

export const examUrls = {
  myTests: (page: number, pageSize: number, courseId: string | null, testId?: string) =>
    `/test/prelims/my-tests?${strapiQuery([
      ['courseId', courseId],
      ['testId', testId ?? null],
      ['page', page],
      ['pageSize', pageSize],
    ])}`,
  testBrief: (testId: string) =>
    `/tests/${byId(testId)}?${strapiQuery(listPairs('fields', briefFields))}`,
  initialize: '/test/prelims/initialize',
  section: '/test/prelims/section',
  attempt: (attemptId: string) => `/test/prelims/attempts/${byId(attemptId)}`,
  answer: (answerId: string) => `/answers/${byId(answerId)}`,
  submit: '/test/prelims/submit',
  check: '/test/prelims/check',
  result: (resultId: string) => `/test/prelims/results/${byId(resultId)}`,
} as const;

function mapMyTest(raw: MyTest): MyTest {
  return {
    ...raw,
    TestDuration: toNumber(raw.TestDuration),
    MaximumMarks: toNumber(raw.MaximumMarks),
    effectiveDuration: toNumber(raw.effectiveDuration),
    extraMinutes: toNumber(raw.extraMinutes) ?? 0,
    max_attempts: toNumber(raw.max_attempts) ?? 1,
    attemptsUsed: toNumber(raw.attemptsUsed) ?? 0,
    attemptsLeft: toNumber(raw.attemptsLeft),
    practiceAttemptsUsed: toNumber(raw.practiceAttemptsUsed) ?? 0,
    practiceAttemptsLeft: toNumber(raw.practiceAttemptsLeft),
  };
}

function mapBrief(raw: TestBrief): TestBrief {
  return {
    ...raw,
    TestDuration: toNumber(raw.TestDuration),
    MaximumMarks: toNumber(raw.MaximumMarks),
    PassMark: toNumber(raw.PassMark),
    max_attempts: toNumber(raw.max_attempts),
    max_practice_attempts: toNumber(raw.max_practice_attempts),
    enable_practice_test: raw.enable_practice_test === true,
    sections: Array.isArray(raw.sections)
      ? raw.sections.map((section) => ({
          name: String(section.name),
          minutes: Number(section.minutes),
        }))
      : null,
    sections_fixed_order: raw.sections_fixed_order === true,
  };
}

function mapOpen(raw: OpenAttempt): OpenAttempt {
  return {
    ...raw,
    test: {
      ...raw.test,
      TestDuration: toNumber(raw.test.TestDuration),
      MaximumMarks: toNumber(raw.test.MaximumMarks),
      PassMark: toNumber(raw.test.PassMark),
    },
    answers: raw.answers.map((answer) => ({ ...answer, revision: toNumber(answer.revision) ?? 0 })),
  };
}

function mapResult(raw: ResultReview): ResultReview {
  return {
    ...raw,
    result: {
      ...raw.result,
      total_marks: toNumber(raw.result.total_marks),
      time_taken_seconds: toNumber(raw.result.time_taken_seconds),
    },
    test: {
      ...raw.test,
      MaximumMarks: toNumber(raw.test.MaximumMarks),
      PassMark: toNumber(raw.test.PassMark),
    },
    rank: toNumber(raw.rank),
    outOf: toNumber(raw.outOf),
    // A server before issue 18 sent the key always.
    review: {
      answerKeyShown: raw.review?.answerKeyShown ?? true,
      message: raw.review?.message ?? null,
      scoreShown: raw.review?.scoreShown ?? true,
      scoreMessage: raw.review?.scoreMessage ?? null,
      answersShown: raw.review?.answersShown ?? true,
      answersMessage: raw.review?.answersMessage ?? null,
    },
    percentile: toNumber(raw.percentile),
    questions: raw.questions.map((q) => ({
      ...q,
      points: toNumber(q.points),
      points_correct_answer: toNumber(q.points_correct_answer),
      points_incorrect_answer: toNumber(q.points_incorrect_answer),
    })),
  };
}

export interface MyTestsQuery {
  page: number;
  courseId: string | null;
  pageSize: number;
  /** One test only (the start page's own terms of the learner, issue 23). */
  testId?: string;
}

export interface MyTestsPage {
  items: MyTest[];
  pagination: Pagination | null;
}

export interface AnswerSave {
  answerId: string;
  selected_answer: StoredAnswer['selected_answer'];
  /** The question's type (issue 26): selected_answer is sent in its shape. */
  kind?: QuestionKind;
  mark_as_important: boolean;
  revision: number;
  /** The integrity log's waiting events (integrityLog.ts), sent only when there are some. */
  events?: SentEvent[];
}

/** The submit: the attempt, with the integrity log's last events. */
export type SubmitArgs = string | { attemptId: string; events: SentEvent[] };

/** A submit's answer: the result, or that the server is still marking (ask again after). */
export type SubmitOutcome = { result: ResultSummary } | { marking: true; retryAfterMs: number };

const MY_TESTS = { type: 'Exam', id: 'MY-TESTS' } as const;

export const examEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    myTests: build.query<MyTestsPage, MyTestsQuery>({
      query: ({ page, pageSize, courseId, testId }) =>
        examUrls.myTests(page, pageSize, courseId, testId),
      transformResponse: (answer: StrapiList<MyTest>) => ({
        items: answer.data.map(mapMyTest),
        pagination: answer.meta.pagination ?? null,
      }),
      providesTags: [MY_TESTS],
    }),
    testBrief: build.query<TestBrief, string>({
      query: (testId) => examUrls.testBrief(testId),
      transformResponse: (answer: StrapiOne<TestBrief>) => mapBrief(answer.data),
      providesTags: (_brief, _error, testId) => [{ type: 'Test', id: testId }],
    }),
    /** Starts an attempt of a test, or resumes the one still open. */
    startTest: build.mutation<OpenAttempt, { testId: string; mode: AttemptMode }>({
      query: ({ testId, mode }) => ({
        url: examUrls.initialize,
        method: 'POST',
        body: { testId, mode },
      }),
      transformResponse: (answer: StrapiOne<OpenAttempt>) => mapOpen(answer.data),
      invalidatesTags: (_attempt, error) => (error ? [] : [MY_TESTS]),
    }),
    /**
     * The attempt as the server holds it (ended ones name their result). Read by the player when
     * it opens and after a 409, never kept: the attempt in progress lives in examSlice.
     */
    attempt: build.query<AttemptState, string>({
      query: (attemptId) => examUrls.attempt(attemptId),
      transformResponse: (answer: StrapiOne<AttemptState>) =>
        isEnded(answer.data) ? answer.data : mapOpen(answer.data),
      keepUnusedDataFor: 0,
    }),
    /**
     * Opens another section (issue 23): fixed order only the next one, free order any with time
     * left; without `section`, the sections as the server's clock has them (asked when a
     * section's time ends). Answers the open section's part only (SectionPart).
     */
    moveSection: build.mutation<SectionPart, { attemptId: string; section?: number }>({
      query: ({ attemptId, section }) => ({
        url: examUrls.section,
        method: 'POST',
        body: section === undefined ? { attemptId } : { attemptId, section },
      }),
      transformResponse: (answer: StrapiOne<SectionPart>) => ({
        ...answer.data,
        answers: answer.data.answers.map((a) => ({ ...a, revision: toNumber(a.revision) ?? 0 })),
      }),
    }),
    /** Saves one answer; the server answers its stored state (newer revisions win). */
    saveAnswer: build.mutation<StoredAnswer, AnswerSave>({
      query: ({ answerId, selected_answer, kind, mark_as_important, revision, events }) => ({
        url: examUrls.answer(answerId),
        method: 'PUT',
        body: {
          data: {
            selected_answer: toWire(kind, selected_answer),
            mark_as_important,
            revision,
            ...(events && events.length > 0 ? { events } : {}),
          },
        },
      }),
      transformResponse: (answer: StrapiOne<StoredAnswer>) => ({
        ...answer.data,
        revision: toNumber(answer.data.revision) ?? 0,
      }),
    }),
    /**
     * Submits the attempt (the server closes and marks it): its result, or "marking" (202) when
     * the server marks it a little later; the same call then answers the result (useMarkingWait).
     */
    submitAttempt: build.mutation<SubmitOutcome, SubmitArgs>({
      query: (args) => ({
        url: examUrls.submit,
        method: 'POST',
        body:
          typeof args === 'string'
            ? { attemptId: args }
            : {
                attemptId: args.attemptId,
                ...(args.events.length > 0 ? { events: args.events } : {}),
              },
      }),
      transformResponse: (
        answer: StrapiOne<{ result: ResultSummary | null; retryAfterMs?: number }>,
      ): SubmitOutcome =>
        answer.data.result
          ? { result: answer.data.result }
          : { marking: true, retryAfterMs: answer.data.retryAfterMs ?? 2_000 },
      invalidatesTags: (_result, error) => (error ? [] : [MY_TESTS]),
    }),
    checkAnswer: build.mutation<CheckOutcome, string>({
      query: (answerId) => ({ url: examUrls.check, method: 'POST', body: { answerId } }),
      transformResponse: (answer: StrapiOne<CheckOutcome>) => ({
        ...answer.data,
        points: toNumber(answer.data.points),
      }),
    }),
    result: build.query<ResultReview, string>({
      query: (resultId) => examUrls.result(resultId),
      transformResponse: (answer: StrapiOne<ResultReview>) => mapResult(answer.data),
      providesTags: (_review, _error, resultId) => [{ type: 'Result', id: resultId }],
    }),
  }),
});

export const { useMyTestsQuery, useTestBriefQuery, useStartTestMutation, useResultQuery } =
  examEndpoints;

/** A test as the learner's list showed it (attempts used and left), if a list page holds it. */
export function selectListedTest(state: RootState, testId: string): MyTest | undefined {
  for (const arg of examEndpoints.util.selectCachedArgsForQuery(state, 'myTests')) {
    const page = examEndpoints.endpoints.myTests.select(arg)(state).data;
    const found = page?.items.find((test) => test.documentId === testId);
    if (found) return found;
  }
  return undefined;
}

/** The server's word on an attempt, read afresh (never from the cache). */
export const readAttemptAfresh = (
  dispatch: AppDispatch,
  attemptId: string,
): Promise<AttemptState> =>
  dispatch(
    examEndpoints.endpoints.attempt.initiate(attemptId, { subscribe: false, forceRefetch: true }),
  ).unwrap();
