// Issue 27's grading calls: the marking progress of a work (with a faculty member's queue) and an
// administrator reopening a completed evaluation. Injected like the other Mains endpoints; a
// reopen refetches the script and the results (their tags), a save refetches the progress.
import { api } from '../../store/api';
import { strapiQuery, toNumber, type StrapiOne } from '../../lib/strapi';
import { RESULTS, mapEvaluation, scriptTags } from './mainsEndpoints';
import type { Evaluation, WorkKind } from './mainsTypes';
import type { MarkingProgress } from './gradingTypes';

const byId = (documentId: string) => encodeURIComponent(documentId);

export const gradingUrls = {
  progress: (kind: WorkKind, documentId: string) =>
    `/mains/progress?${strapiQuery([
      ['kind', kind],
      ['documentId', documentId],
    ])}`,
  reopen: (evaluationId: string) => `/mains/evaluations/${byId(evaluationId)}/reopen`,
} as const;

const mapProgress = (raw: MarkingProgress): MarkingProgress => ({
  ...raw,
  totals: {
    scripts: toNumber(raw.totals.scripts) ?? 0,
    complete: toNumber(raw.totals.complete) ?? 0,
    percent: toNumber(raw.totals.percent) ?? 0,
  },
  subjects: raw.subjects ?? [],
  missing: raw.missing ?? [],
  queue: raw.queue ?? [],
  queueTotal: toNumber(raw.queueTotal) ?? 0,
});

export const gradingEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    markingProgress: build.query<MarkingProgress, { kind: WorkKind; documentId: string }>({
      query: ({ kind, documentId }) => gradingUrls.progress(kind, documentId),
      transformResponse: (answer: StrapiOne<MarkingProgress>) => mapProgress(answer.data),
      providesTags: [RESULTS],
    }),
    reopenEvaluation: build.mutation<
      Evaluation,
      { evaluationId: string; resultId: string; reason: string }
    >({
      query: ({ evaluationId, reason }) => ({
        url: gradingUrls.reopen(evaluationId),
        method: 'POST',
        body: { reason },
      }),
      transformResponse: (answer: StrapiOne<Evaluation>) => mapEvaluation(answer.data),
      invalidatesTags: (_evaluation, error, { resultId }) => (error ? [] : scriptTags(resultId)),
    }),
  }),
});

export const { useMarkingProgressQuery, useReopenEvaluationMutation } = gradingEndpoints;
