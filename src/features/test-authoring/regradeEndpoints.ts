// The regrade calls (issue 23): what a regrade of a test would change, and the regrade itself.
// Results, ranks and statistics are read from the server again afterwards (the 'Result' tag).
import { api } from '../../store/api';

export interface RegradeSample {
  result: string;
  learner: string;
  old_total: number | null;
  new_total: number | null;
  old_passed: boolean | null;
  new_passed: boolean | null;
}

export interface RegradeQuestion {
  documentId: string;
  question: string;
  key: string | null;
  points_correct_answer: number | null;
  points_incorrect_answer: number | null;
  answers_changed: number;
  attempts_affected: number;
  marks_change: number;
}

export interface RegradeSummary {
  test: { documentId: string; name: string };
  results: number;
  attempts_affected: number;
  results_changed: number;
  totals_changed: number;
  passed_changed: number;
  marks_change: number;
  questions: RegradeQuestion[];
  sample: RegradeSample[];
}

export interface RegradeOutcome extends RegradeSummary {
  audit: string;
  notified: number;
}

const regradeUrl = (testId: string) => `/tests/${encodeURIComponent(testId)}/regrade`;

export const regradeEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    /** What a regrade would change (changes nothing). Never cached: each opening asks again. */
    regradePreview: build.query<RegradeSummary, string>({
      query: (testId) => ({ url: regradeUrl(testId) }),
      transformResponse: (answer: { data: RegradeSummary }) => answer.data,
      keepUnusedDataFor: 0,
    }),
    /** Re-marks every affected attempt in one transaction on the server. */
    regradeTest: build.mutation<RegradeOutcome, string>({
      // A large test's regrade may take a while: wait up to 2 minutes.
      query: (testId) => ({ url: regradeUrl(testId), method: 'POST', timeout: 120_000 }),
      transformResponse: (answer: { data: RegradeOutcome }) => answer.data,
      invalidatesTags: ['Result'],
    }),
  }),
});

export const { useRegradePreviewQuery, useRegradeTestMutation } = regradeEndpoints;
