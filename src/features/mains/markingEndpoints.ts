// Issue 27's allocation, moderation, release check and re-check calls, injected like the other
// Mains endpoints (docs/architecture.md "One way to load data"). Allocating refetches the
// results and the progress (their tag); answering a re-check refetches the script and results.
import { api } from '../../store/api';
import { strapiQuery, type StrapiList, type StrapiOne } from '../../lib/strapi';
import { RESULTS, scriptTags } from './mainsEndpoints';
import type { WorkKind } from './mainsTypes';
import type {
  AllocateRequest,
  Allocations,
  AnswerRecheckRequest,
  ModerateRequest,
  ModerationRequest,
  Recheck,
  RechecksQuery,
  ReleaseCheck,
} from './markingTypes';

const byId = (documentId: string) => encodeURIComponent(documentId);
const ALLOCATIONS = { type: 'Mains', id: 'ALLOCATIONS' } as const;
const RECHECKS = { type: 'Mains', id: 'RECHECKS' } as const;

export const markingUrls = {
  allocations: (kind: WorkKind, documentId: string) =>
    `/mains/allocations?${strapiQuery([
      ['kind', kind],
      ['documentId', documentId],
    ])}`,
  allocate: '/mains/allocations',
  moderate: '/mains/allocations/moderation',
  releaseCheck: (kind: WorkKind, documentId: string) =>
    `/mains/release-check?${strapiQuery([
      ['kind', kind],
      ['documentId', documentId],
    ])}`,
  moderation: '/mains/moderations',
  rechecks: ({ status, resultId }: RechecksQuery) =>
    `/mains/rechecks?${strapiQuery([
      ['status', status ?? ''],
      ['resultId', resultId ?? ''],
      ['pageSize', 100],
    ])}`,
  requestRecheck: '/mains/rechecks',
  answerRecheck: (requestId: string) => `/mains/rechecks/${byId(requestId)}/answer`,
} as const;

export const markingEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    allocations: build.query<Allocations, { kind: WorkKind; documentId: string }>({
      query: ({ kind, documentId }) => markingUrls.allocations(kind, documentId),
      transformResponse: (answer: StrapiOne<Allocations>) => answer.data,
      providesTags: [ALLOCATIONS],
    }),
    allocate: build.mutation<Allocations, AllocateRequest>({
      query: (body) => ({ url: markingUrls.allocate, method: 'POST', body }),
      transformResponse: (answer: StrapiOne<Allocations>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [ALLOCATIONS, RESULTS]),
    }),
    moderate: build.mutation<Allocations, ModerateRequest>({
      query: (body) => ({ url: markingUrls.moderate, method: 'POST', body }),
      transformResponse: (answer: StrapiOne<Allocations>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [ALLOCATIONS, RESULTS]),
    }),
    releaseCheck: build.query<ReleaseCheck, { kind: WorkKind; documentId: string }>({
      query: ({ kind, documentId }) => markingUrls.releaseCheck(kind, documentId),
      transformResponse: (answer: StrapiOne<ReleaseCheck>) => answer.data,
      providesTags: [RESULTS],
    }),
    submitModeration: build.mutation<unknown, ModerationRequest>({
      query: (body) => ({ url: markingUrls.moderation, method: 'PUT', body }),
      invalidatesTags: (_answer, error, { resultId }) =>
        error ? [] : [ALLOCATIONS, ...scriptTags(resultId)],
    }),
    rechecks: build.query<Recheck[], RechecksQuery>({
      query: (query) => markingUrls.rechecks(query),
      transformResponse: (answer: StrapiList<Recheck>) => answer.data ?? [],
      providesTags: [RECHECKS],
    }),
    requestRecheck: build.mutation<
      Recheck,
      { resultId: string; questionId: string; reason: string }
    >({
      query: (body) => ({ url: markingUrls.requestRecheck, method: 'POST', body }),
      transformResponse: (answer: StrapiOne<Recheck>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [RECHECKS]),
    }),
    answerRecheck: build.mutation<Recheck, AnswerRecheckRequest>({
      query: ({ requestId, ...body }) => ({
        url: markingUrls.answerRecheck(requestId),
        method: 'POST',
        body,
      }),
      transformResponse: (answer: StrapiOne<Recheck>) => answer.data,
      invalidatesTags: (answer, error) =>
        error || !answer ? [] : [RECHECKS, ...scriptTags(answer.resultId)],
    }),
  }),
});

export const {
  useAllocationsQuery,
  useAllocateMutation,
  useModerateMutation,
  useReleaseCheckQuery,
  useSubmitModerationMutation,
  useRechecksQuery,
  useRequestRecheckMutation,
  useAnswerRecheckMutation,
} = markingEndpoints;
