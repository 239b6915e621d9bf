// Mains work through RTK Query (injected with the Mains and reports screens): the learner's work
// list, sittings, answer documents and submission; the staff's works, results, scripts,
// evaluations and publishing. Reports use the staff hooks through mains/index.ts.
import { api, type Fetch, type QueryError } from '../../store/api';
import { filesRequest } from '../../store/uploads';
import {
  isApiError,
  strapiQuery,
  toNumber,
  type Pagination,
  type StrapiList,
  type StrapiOne,
} from '../../lib/strapi';
import type { MediaFile, ProgressHandler } from '../media';
import type {
  Evaluation,
  PublishReport,
  ResultRow,
  ResultsQuery,
  ResultsWork,
  Script,
  StaffWork,
  SubmittedResult,
  WorkAnswer,
  WorkItem,
  WorkKind,
  WorkQuestion,
  WorkSession,
} from './mainsTypes';

export const MY_WORK_PAGE_SIZE = 25;
export const RESULTS_PAGE_SIZE = 50;
export const WORKS_PAGE_SIZE = 100;

const byId = (documentId: string) => encodeURIComponent(documentId);

export const mainsUrls = {
  myWork: (kind: WorkKind, page: number, pageSize: number) =>
    `/mains/my-work?${strapiQuery([
      ['kind', kind],
      ['page', page],
      ['pageSize', pageSize],
    ])}`,
  start: '/mains/start',
  attempt: (attemptId: string) => `/mains/attempts/${byId(attemptId)}`,
  answerDocuments: (answerId: string) => `/mains/answers/${byId(answerId)}/documents`,
  answerDocument: (answerId: string, fileId: number) =>
    `/mains/answers/${byId(answerId)}/documents/${fileId}`,
  submit: '/mains/submit',
  works: (kind: WorkKind, search = '') =>
    `/mains/works?${strapiQuery([
      ['kind', kind],
      ['search', search.trim()],
      ['page', 1],
      ['pageSize', WORKS_PAGE_SIZE],
    ])}`,
  results: ({ kind, documentId, batchId, subjectId, page }: ResultsQuery) =>
    `/mains/results?${strapiQuery([
      ['kind', kind],
      ['documentId', documentId],
      ['batchId', batchId],
      ['subjectId', subjectId],
      ['page', page],
      ['pageSize', RESULTS_PAGE_SIZE],
    ])}`,
  script: (resultId: string) => `/mains/scripts/${byId(resultId)}`,
  evaluations: '/mains/evaluations',
  evaluation: (evaluationId: string) => `/mains/evaluations/${byId(evaluationId)}`,
  evaluationDocument: (evaluationId: string) => `/mains/evaluations/${byId(evaluationId)}/document`,
  publish: '/result-bulk',
} as const;

// Numbers in one place: decimals may arrive as strings.
const files = (list: MediaFile[] | null | undefined): MediaFile[] =>
  (list ?? []).map((file) => ({ ...file, size: toNumber(file.size) }));

export function mapWorkItem(raw: WorkItem): WorkItem {
  return {
    ...raw,
    subjects: raw.subjects ?? [],
    durationMinutes: toNumber(raw.durationMinutes),
    maximumMarks: toNumber(raw.maximumMarks),
    totalMarks: toNumber(raw.totalMarks),
    attachments: files(raw.attachments),
    evaluations: (raw.evaluations ?? []).map((item) => ({
      ...item,
      total_marks: toNumber(item.total_marks),
      questions: (item.questions ?? []).map((q) => ({ ...q, marks: toNumber(q.marks) })),
    })),
  };
}

const mapQuestion = (raw: WorkQuestion): WorkQuestion => ({
  ...raw,
  points_correct_answer: toNumber(raw.points_correct_answer),
});

const mapAnswer = (raw: WorkAnswer): WorkAnswer => ({ ...raw, documents: files(raw.documents) });

function mapSession(raw: WorkSession): WorkSession {
  return {
    ...raw,
    work: mapWorkItem(raw.work),
    questions: (raw.questions ?? []).map(mapQuestion),
    answers: (raw.answers ?? []).map(mapAnswer),
  };
}

export function mapEvaluation(raw: Evaluation): Evaluation {
  return {
    ...raw,
    total_marks: toNumber(raw.total_marks),
    questions: (raw.questions ?? []).map((q) => ({ ...q, marks: toNumber(q.marks) })),
  };
}

const mapResultsWork = (raw: ResultsWork): ResultsWork => ({
  ...raw,
  maximumMarks: toNumber(raw.maximumMarks),
  subjects: raw.subjects ?? [],
});

function mapRow(raw: ResultRow): ResultRow {
  return {
    ...raw,
    result: raw.result ? { ...raw.result, total_marks: toNumber(raw.result.total_marks) } : null,
    pendingSubjects: raw.pendingSubjects ?? [],
    evaluations: (raw.evaluations ?? []).map(mapEvaluation),
    documentCount: toNumber(raw.documentCount) ?? 0,
    canEvaluate: raw.canEvaluate ?? [],
  };
}

function mapScript(raw: Script): Script {
  return {
    ...raw,
    work: mapResultsWork(raw.work),
    pendingSubjects: raw.pendingSubjects ?? [],
    questions: (raw.questions ?? []).map(mapQuestion),
    answers: (raw.answers ?? []).map(mapAnswer),
    evaluations: (raw.evaluations ?? []).map(mapEvaluation),
    canEvaluate: raw.canEvaluate ?? [],
  };
}

export interface MyWorkQuery {
  kind: WorkKind;
  page: number;
  pageSize?: number;
}

export interface MyWorkPage {
  items: WorkItem[];
  pagination: Pagination | null;
}

/** A sitting to open: the one named by `attemptId`, else the work started (or resumed). */
export interface OpenWork {
  kind: WorkKind;
  documentId: string;
  attemptId: string | null;
}

export interface AnswerUpload {
  answerId: string;
  files: readonly File[];
  onProgress?: ProgressHandler;
}

export interface ResultsAnswer {
  work: ResultsWork;
  rows: ResultRow[];
  pagination: Pagination | null;
}

export interface EvaluationSave {
  evaluationId: string;
  /** The script it belongs to (refetched after the save). */
  resultId: string;
  /** One total (an evaluation without questions), or per-question marks; complete confirms. */
  body:
    | { total_marks: number | null; complete?: true }
    | {
        questions: Array<
          | { questionId: string; marks: number | null; comment: string }
          /** A question with a rubric (issue 27): the chosen level per criterion. */
          | { questionId: string; levels: Array<number | null>; comment: string }
        >;
      }
    | { complete: true; confirmTotal: number };
}

const MY_WORK = { type: 'Mains', id: 'MY-WORK' } as const;
const WORKS = { type: 'Mains', id: 'WORKS' } as const;
export const RESULTS = { type: 'Result', id: 'MAINS-RESULTS' } as const;
/** A script and the results list it appears in; nothing on a failed write. */
export const scriptTags = (resultId: string) => [
  { type: 'Result' as const, id: resultId },
  RESULTS,
  WORKS,
];

async function fetchOne<T>(baseQuery: Fetch, request: Parameters<Fetch>[0]): Promise<T> {
  const answer = await baseQuery(request);
  if (answer.error) throw answer.error;
  return (answer.data as StrapiOne<T>).data;
}

/** The learner's attempt at a work, from their work list; null when none is listed. */
/** The learner's work item of this kind and documentId, from their work list (null: not there). */
async function findWorkItem(
  baseQuery: Fetch,
  kind: WorkKind,
  documentId: string,
): Promise<WorkItem | null> {
  const MAX_PAGES = 20;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await baseQuery(mainsUrls.myWork(kind, page, 100));
    if (answer.error) throw answer.error;
    const list = answer.data as StrapiList<WorkItem>;
    const item = list.data.find((entry) => entry.documentId === documentId);
    if (item) return mapWorkItem(item);
    if (page >= (list.meta.pagination?.pageCount ?? 1)) return null;
  }
  return null;
}

export const mainsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    // ---- Learner ----
    myWork: build.query<MyWorkPage, MyWorkQuery>({
      query: ({ kind, page, pageSize = MY_WORK_PAGE_SIZE }) =>
        mainsUrls.myWork(kind, page, pageSize),
      transformResponse: (answer: StrapiList<WorkItem>) => ({
        items: answer.data.map(mapWorkItem),
        pagination: answer.meta.pagination ?? null,
      }),
      providesTags: [MY_WORK],
    }),
    /**
     * Opens a sitting: the attempt named, else start (or resume) the work. A work already
     * submitted (start answers 409) opens at its attempt, found in the learner's work list.
     */
    /** One item of the learner's work list (whether opening it starts a clock, issue 23). */
    myWorkItem: build.query<WorkItem | null, { kind: WorkKind; documentId: string }>({
      async queryFn({ kind, documentId }, _api, _extra, baseQuery) {
        try {
          return { data: await findWorkItem(baseQuery, kind, documentId) };
        } catch (failure) {
          return { error: failure as QueryError };
        }
      },
      providesTags: [MY_WORK],
    }),
    openWork: build.mutation<WorkSession, OpenWork>({
      async queryFn({ kind, documentId, attemptId }, _api, _extra, baseQuery) {
        const read = (id: string) => fetchOne<WorkSession>(baseQuery, mainsUrls.attempt(id));
        try {
          if (attemptId) return { data: mapSession(await read(attemptId)) };
          try {
            const started = await fetchOne<WorkSession>(baseQuery, {
              url: mainsUrls.start,
              method: 'POST',
              body: { kind, documentId },
            });
            return { data: mapSession(started) };
          } catch (failure) {
            if (isApiError(failure) && failure.status === 409) {
              const found = (await findWorkItem(baseQuery, kind, documentId))?.attemptId;
              if (found) return { data: mapSession(await read(found)) };
            }
            throw failure;
          }
        } catch (failure) {
          return { error: failure as QueryError };
        }
      },
      invalidatesTags: (_session, error) => (error ? [] : [MY_WORK]),
    }),
    /** Uploads answer documents (field `files`) with progress; answers the answer's full list. */
    uploadAnswerDocuments: build.mutation<MediaFile[], AnswerUpload>({
      query: ({ answerId, files, onProgress }) =>
        filesRequest({ url: mainsUrls.answerDocuments(answerId), files, onProgress }),
      transformResponse: (answer: StrapiOne<{ documents: MediaFile[] }>) =>
        files(answer.data.documents),
    }),
    removeAnswerDocument: build.mutation<MediaFile[], { answerId: string; fileId: number }>({
      query: ({ answerId, fileId }) => ({
        url: mainsUrls.answerDocument(answerId, fileId),
        method: 'DELETE',
      }),
      transformResponse: (answer: StrapiOne<{ documents: MediaFile[] }>) =>
        files(answer.data.documents),
    }),
    submitWork: build.mutation<SubmittedResult, string>({
      query: (attemptId) => ({ url: mainsUrls.submit, method: 'POST', body: { attemptId } }),
      transformResponse: (answer: StrapiOne<{ result: SubmittedResult }>) => answer.data.result,
      invalidatesTags: (_result, error) => (error ? [] : [MY_WORK, RESULTS, WORKS]),
    }),

    // ---- Staff ----
    works: build.query<StaffWork[], WorkKind>({
      query: (kind) => mainsUrls.works(kind),
      transformResponse: (answer: StrapiList<StaffWork>) =>
        answer.data.map((work) => ({ ...work, subjects: work.subjects ?? [] })),
      providesTags: [WORKS],
    }),
    results: build.query<ResultsAnswer, ResultsQuery>({
      query: (query) => mainsUrls.results(query),
      transformResponse: (answer: {
        data: { work: ResultsWork; rows: ResultRow[] };
        meta?: { pagination?: Pagination };
      }) => ({
        work: mapResultsWork(answer.data.work),
        rows: answer.data.rows.map(mapRow),
        pagination: answer.meta?.pagination ?? null,
      }),
      providesTags: [RESULTS],
    }),
    script: build.query<Script, string>({
      query: (resultId) => mainsUrls.script(resultId),
      transformResponse: (answer: StrapiOne<Script>) => mapScript(answer.data),
      providesTags: (_script, _error, resultId) => [{ type: 'Result', id: resultId }],
    }),
    startEvaluation: build.mutation<Evaluation, { resultId: string; subjectId: string }>({
      query: (body) => ({ url: mainsUrls.evaluations, method: 'POST', body }),
      transformResponse: (answer: StrapiOne<Evaluation>) => mapEvaluation(answer.data),
      invalidatesTags: (_evaluation, error, { resultId }) => (error ? [] : scriptTags(resultId)),
    }),
    saveEvaluation: build.mutation<Evaluation, EvaluationSave>({
      query: ({ evaluationId, body }) => ({
        url: mainsUrls.evaluation(evaluationId),
        method: 'PUT',
        body,
      }),
      transformResponse: (answer: StrapiOne<Evaluation>) => mapEvaluation(answer.data),
      invalidatesTags: (_evaluation, error, { resultId }) => (error ? [] : scriptTags(resultId)),
    }),
    uploadEvaluationDocument: build.mutation<
      Evaluation,
      { evaluationId: string; resultId: string; file: File; onProgress?: ProgressHandler }
    >({
      query: ({ evaluationId, file, onProgress }) =>
        filesRequest({
          url: mainsUrls.evaluationDocument(evaluationId),
          files: [file],
          onProgress,
        }),
      transformResponse: (answer: StrapiOne<Evaluation>) => mapEvaluation(answer.data),
      invalidatesTags: (_evaluation, error, { resultId }) => (error ? [] : scriptTags(resultId)),
    }),
    publishResults: build.mutation<
      PublishReport,
      { resultIds: readonly string[]; isPublished: boolean; confirmFlags?: boolean }
    >({
      query: ({ resultIds, isPublished, confirmFlags }) => ({
        url: mainsUrls.publish,
        method: 'POST',
        // Issue 27: publishing past moderation flags is confirmed explicitly.
        body: { resultIds, is_published: isPublished, ...(confirmFlags ? { confirmFlags } : {}) },
      }),
      transformResponse: (answer: StrapiOne<PublishReport>) => ({
        updated: answer.data.updated ?? [],
        refused: answer.data.refused ?? [],
      }),
      invalidatesTags: (_report, error, { resultIds }) =>
        error ? [] : [RESULTS, WORKS, ...resultIds.map((id) => ({ type: 'Result' as const, id }))],
    }),
  }),
});

export const {
  useMyWorkQuery,
  useMyWorkItemQuery,
  useOpenWorkMutation,
  useUploadAnswerDocumentsMutation,
  useRemoveAnswerDocumentMutation,
  useSubmitWorkMutation,
  useWorksQuery,
  useResultsQuery,
  useScriptQuery,
  useStartEvaluationMutation,
  useSaveEvaluationMutation,
  useUploadEvaluationDocumentMutation,
  usePublishResultsMutation,
} = mainsEndpoints;

/**
 * The script request on its own, without a component subscribed (issue 27's cold open: started
 * as soon as the address is known; the script page then finds it in flight or cached).
 */
export const scriptRequest = (resultId: string) =>
  mainsEndpoints.endpoints.script.initiate(resultId, { subscribe: false });
