// Issue 27's annotation calls, injected like every area's (docs/architecture.md "One way to load
// data"): read all annotations of an evaluation; save one page (only the changed page travels).
// The save is sent by the annotation outbox (useAnnotationSaves), which keeps the page's version,
// so it invalidates nothing: the screen already shows what it saved.
import { api } from '../../../store/api';
import type { StrapiOne } from '../../../lib/strapi';
import type { AnnotationPage, EvaluationAnnotations, SavePageArgs } from './annotateTypes';

const byId = (id: string) => encodeURIComponent(id);

export const annotateUrls = {
  annotations: (evaluationId: string) => `/mains/evaluations/${byId(evaluationId)}/annotations`,
  page: (evaluationId: string, fileId: number, page: number) =>
    `/mains/evaluations/${byId(evaluationId)}/annotations/${fileId}/${page}`,
} as const;

export const annotateEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    evaluationAnnotations: build.query<EvaluationAnnotations, string>({
      query: (evaluationId) => annotateUrls.annotations(evaluationId),
      transformResponse: (answer: StrapiOne<EvaluationAnnotations>) => answer.data,
      // Always the server's latest when the workspace opens (another tab may have saved).
      keepUnusedDataFor: 0,
    }),
    saveAnnotationPage: build.mutation<AnnotationPage, SavePageArgs>({
      query: ({ evaluationId, fileId, page, baseVersion, items }) => ({
        url: annotateUrls.page(evaluationId, fileId, page),
        method: 'PUT',
        body: { baseVersion, items },
      }),
      transformResponse: (answer: StrapiOne<AnnotationPage>) => answer.data,
    }),
  }),
});

export const { useEvaluationAnnotationsQuery } = annotateEndpoints;
