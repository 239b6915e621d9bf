// Every URL of the learner's exam flow: the test list, a test's instructions, start (or resume),
// the attempt, answer saves, submit, practice checks and the result with its review.
import { apiClient } from '../../lib/apiClient';
import {
  listPairs,
  strapiQuery,
  toNumber,
  type StrapiList,
  type StrapiOne,
} from '../../lib/strapi';
import type {
  AttemptState,
  CheckOutcome,
  MyTest,
  OpenAttempt,
  ResultReview,
  ResultSummary,
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
];

export const examUrls = {
  myTests: (page: number, pageSize: number, courseId: string | null) =>
    `/test/prelims/my-tests?${strapiQuery([
      ['courseId', courseId],
      ['page', page],
      ['pageSize', pageSize],
    ])}`,
  testBrief: (testId: string) =>
    `/tests/${byId(testId)}?${strapiQuery(listPairs('fields', briefFields))}`,
  initialize: '/test/prelims/initialize',
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
    max_attempts: toNumber(raw.max_attempts) ?? 1,
    attemptsUsed: toNumber(raw.attemptsUsed) ?? 0,
    attemptsLeft: toNumber(raw.attemptsLeft),
  };
}

export async function getMyTests(
  page: number,
  courseId: string | null,
  pageSize = MY_TESTS_PAGE_SIZE,
): Promise<StrapiList<MyTest>> {
  const { data } = await apiClient.get<StrapiList<MyTest>>(
    examUrls.myTests(page, pageSize, courseId),
  );
  return { ...data, data: data.data.map(mapMyTest) };
}

export async function getTestBrief(testId: string): Promise<TestBrief> {
  const { data } = await apiClient.get<StrapiOne<TestBrief>>(examUrls.testBrief(testId));
  const raw = data.data;
  return {
    ...raw,
    TestDuration: toNumber(raw.TestDuration),
    MaximumMarks: toNumber(raw.MaximumMarks),
    PassMark: toNumber(raw.PassMark),
    max_attempts: toNumber(raw.max_attempts),
    enable_practice_test: raw.enable_practice_test === true,
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

/** Starts an attempt of a test, or resumes the one still open. */
export async function postInitialize(testId: string): Promise<OpenAttempt> {
  const { data } = await apiClient.post<StrapiOne<OpenAttempt>>(examUrls.initialize, { testId });
  return mapOpen(data.data);
}

export async function getAttempt(attemptId: string): Promise<AttemptState> {
  const { data } = await apiClient.get<StrapiOne<AttemptState>>(examUrls.attempt(attemptId));
  return isEnded(data.data) ? data.data : mapOpen(data.data);
}

export interface AnswerSave {
  answerId: string;
  selected_answer: StoredAnswer['selected_answer'];
  mark_as_important: boolean;
  revision: number;
}

/** Saves one answer; the server answers its stored state (newer revisions win). */
export async function putAnswer(save: AnswerSave): Promise<StoredAnswer> {
  const { data } = await apiClient.put<StrapiOne<StoredAnswer>>(examUrls.answer(save.answerId), {
    data: {
      selected_answer: save.selected_answer,
      mark_as_important: save.mark_as_important,
      revision: save.revision,
    },
  });
  return { ...data.data, revision: toNumber(data.data.revision) ?? 0 };
}

export async function postSubmit(attemptId: string): Promise<ResultSummary> {
  const { data } = await apiClient.post<StrapiOne<{ result: ResultSummary }>>(examUrls.submit, {
    attemptId,
  });
  return data.data.result;
}

export async function postCheck(answerId: string): Promise<CheckOutcome> {
  const { data } = await apiClient.post<StrapiOne<CheckOutcome>>(examUrls.check, { answerId });
  return { ...data.data, points: toNumber(data.data.points) };
}

export async function getResult(resultId: string): Promise<ResultReview> {
  const { data } = await apiClient.get<StrapiOne<ResultReview>>(examUrls.result(resultId));
  const raw = data.data;
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
    review: raw.review ?? { answerKeyShown: true, message: null },
    percentile: toNumber(raw.percentile),
    questions: raw.questions.map((q) => ({
      ...q,
      points: toNumber(q.points),
      points_correct_answer: toNumber(q.points_correct_answer),
      points_incorrect_answer: toNumber(q.points_incorrect_answer),
    })),
  };
}
