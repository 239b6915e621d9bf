// Staff's "preview as a learner" calls (issue 26): a whole test, a test's (or an assignment's)
// question, or a pool question, as the learner's player gets them. The server writes nothing for
// them, so they are plain queries; the key comes only when staff turn "Show the key" on.
import { api } from '../../store/api';
import type { ExamQuestion } from './examTypes';

/** What staff may see to check a question (never part of the learner's view). */
export interface PreviewKey {
  correct_answer: string | null;
  explanation: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
  answer_tolerance: number | null;
  answer_min: number | null;
  answer_max: number | null;
}

export interface TestPreview {
  test: {
    documentId: string;
    TestName: string | null;
    TestDuration: number | null;
    mains: boolean;
    sections: Array<{ name: string; minutes: number }> | null;
  };
  /** `drawn`: a sample of a section's random draw from the pool (issue 26), new each preview. */
  questions: Array<ExamQuestion & { drawn?: boolean }>;
  /** question documentId → its key; null without `key=true`. */
  keys: Record<string, PreviewKey> | null;
}

export interface QuestionPreview {
  question: ExamQuestion;
  key: PreviewKey | null;
}

/** Where the previewed question lives: a test's or an assignment's questions, or the pool. */
export type PreviewSource = 'work' | 'pool';

const part = (id: string) => encodeURIComponent(id);

export const previewUrls = {
  test: (documentId: string, withKey: boolean) =>
    `/tests/${part(documentId)}/preview${withKey ? '?key=true' : ''}`,
  question: (source: PreviewSource, documentId: string, withKey: boolean) =>
    `/${source === 'pool' ? 'question-pools' : 'questions'}/${part(documentId)}/preview${
      withKey ? '?key=true' : ''
    }`,
};

/** Numbers as numbers (PostgreSQL sends decimals as text). */
const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export const keyOf = (raw: Record<string, unknown>): PreviewKey => ({
  correct_answer: typeof raw.correct_answer === 'string' ? raw.correct_answer : null,
  explanation: typeof raw.explanation === 'string' ? raw.explanation : null,
  points_correct_answer: numberOrNull(raw.points_correct_answer),
  points_incorrect_answer: numberOrNull(raw.points_incorrect_answer),
  answer_tolerance: numberOrNull(raw.answer_tolerance),
  answer_min: numberOrNull(raw.answer_min),
  answer_max: numberOrNull(raw.answer_max),
});

type RawKeys = Record<string, Record<string, unknown>> | null;

export const previewEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    testPreview: build.query<TestPreview, { documentId: string; withKey: boolean }>({
      query: ({ documentId, withKey }) => ({ url: previewUrls.test(documentId, withKey) }),
      transformResponse: (answer: { data: Omit<TestPreview, 'keys'> & { keys: RawKeys } }) => ({
        ...answer.data,
        keys: answer.data.keys
          ? Object.fromEntries(Object.entries(answer.data.keys).map(([id, k]) => [id, keyOf(k)]))
          : null,
      }),
      // Always the test as it is now: staff preview right after an edit.
      keepUnusedDataFor: 0,
    }),
    questionPreview: build.query<
      QuestionPreview,
      { source: PreviewSource; documentId: string; withKey: boolean }
    >({
      query: ({ source, documentId, withKey }) => ({
        url: previewUrls.question(source, documentId, withKey),
      }),
      transformResponse: (answer: {
        data: { question: ExamQuestion; key: Record<string, unknown> | null };
      }) => ({
        question: answer.data.question,
        key: answer.data.key ? keyOf(answer.data.key) : null,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTestPreviewQuery, useQuestionPreviewQuery } = previewEndpoints;
