// The question bank's calls through the one API (store/api.ts): a test's questions and their
// writes, the question pool (a searched page and its writes), imports with progress, and the copy
// of pool questions into a test or an assignment. Test authoring and assignments use the hooks
// through questions/index.ts.
import { api, type Fetch, type QueryError } from '../../store/api';
import { fetchAllPages, mapBounded } from '../../lib/bounded';
import { errorMessage, toNumber, type StrapiList, type StrapiOne } from '../../lib/strapi';
import { filesRequest } from '../../store/uploads';
import type { ProgressHandler } from '../media';
import {
  PARALLEL_CALLS,
  importPreviewOf,
  importResultOf,
  mapQuestion,
  mapQuestionList,
  questionsUrls,
} from './questionsUrls';
import type {
  DeleteReport,
  ImportPreview,
  ImportResult,
  PoolBulkEdit,
  PoolFilters,
  Question,
  QuestionPayload,
  TopicRef,
} from './questionTypes';

/** One call through the base query (an endpoint's `baseQuery`). */

/** Where copied or imported questions go: a test or an assignment. */
export type QuestionTarget = { testId: string } | { assignmentId: string };

export interface TestQuestionSave {
  /** Absent for a new question. */
  documentId?: string;
  testId: string;
  payload: QuestionPayload;
}

export interface PoolQuestionSave {
  documentId?: string;
  payload: QuestionPayload;
}

export interface PoolQuery {
  search: string;
  page: number;
  /** Issue 26: the pool screen's filters (the picker of a test sends none). */
  filters?: PoolFilters;
}

export interface PoolCopy {
  target: QuestionTarget;
  questionPoolIds: readonly string[];
}

export interface QuestionImport {
  /** Where the file is posted (see importEndpoints). */
  endpoint: string;
  file: File;
  /** The form field naming the target (`testId`, `assignmentId`); none for the pool. */
  extraField: { name: string; value: string } | null;
  onProgress?: ProgressHandler;
  /** Import rows that duplicate a question already there (left out otherwise). */
  importDuplicates?: boolean;
}

const POOL = { type: 'Question', id: 'POOL' } as const;
/** A test's questions; an assignment's are `assignment:<id>` (assignmentsEndpoints.ts). */
const testTag = (testId: string) => ({ type: 'Question' as const, id: `test:${testId}` });
const targetTag = (target: QuestionTarget) =>
  'testId' in target
    ? testTag(target.testId)
    : { type: 'Question' as const, id: `assignment:${target.assignmentId}` };

/** Every question of a test in id order: page 1, then the other pages a few at a time. */
function readTestQuestions(fetch: Fetch, testId: string): Promise<Question[]> {
  return fetchAllPages(async (page) => {
    const answer = await fetch(questionsUrls.testQuestions(testId, page));
    if (answer.error) throw answer.error;
    return mapQuestionList(answer.data as StrapiList<Question>);
  }, PARALLEL_CALLS);
}

/** One DELETE per record, a few at a time; reports which went and which did not. */
async function deleteEach(
  fetch: Fetch,
  ids: readonly string[],
  url: (documentId: string) => string,
): Promise<DeleteReport> {
  const results = await mapBounded(ids, PARALLEL_CALLS, async (documentId) => {
    const answer = await fetch({ url: url(documentId), method: 'DELETE' });
    if (answer.error) throw answer.error;
  });
  const report: DeleteReport = { deleted: [], failed: [] };
  results.forEach((result, index) => {
    const documentId = ids[index] as string;
    if (result.ok) report.deleted.push(documentId);
    else report.failed.push({ documentId, message: errorMessage(result.error) });
  });
  return report;
}

const updateQuestionRequest = (documentId: string, payload: QuestionPayload) => ({
  url: questionsUrls.question(documentId),
  method: 'PUT' as const,
  body: { data: payload },
});

const copyFromPoolRequest = ({ target, questionPoolIds }: PoolCopy) => ({
  url: questionsUrls.bulk,
  method: 'POST' as const,
  body: { ...target, questionPoolIds },
});

/** How many questions a copy from the pool made. */
const copiedCount = (answer: StrapiList<Question> & { meta: { created?: unknown } }) =>
  toNumber(answer.meta.created) ?? answer.data.length;

const oneQuestion = (answer: StrapiOne<Question>) => mapQuestion(answer.data);

/** The reads first, so the writes can update their cache. */
const questionReads = api.injectEndpoints({
  endpoints: (build) => ({
    testQuestions: build.query<Question[], string>({
      async queryFn(testId, _api, _extra, baseQuery) {
        try {
          return { data: await readTestQuestions(baseQuery, testId) };
        } catch (error: unknown) {
          return { error: error as QueryError };
        }
      },
      providesTags: (_result, _error, testId) => [testTag(testId)],
    }),
    poolPage: build.query<StrapiList<Question>, PoolQuery>({
      query: ({ search, page, filters }) => questionsUrls.poolSearch(search, page, filters),
      transformResponse: mapQuestionList,
      providesTags: [POOL],
    }),
    /** A subject's topics (the pool's filter, form and bulk edit). */
    subjectTopics: build.query<TopicRef[], string>({
      query: (subjectId) => questionsUrls.subjectTopics(subjectId),
      transformResponse: (answer: StrapiList<TopicRef>) => answer.data,
    }),
  }),
});

export const questionsEndpoints = questionReads.injectEndpoints({
  endpoints: (build) => ({
    /** Creates (with the test) or updates a test's question. */
    saveTestQuestion: build.mutation<Question, TestQuestionSave>({
      query: ({ documentId, testId, payload }) =>
        documentId
          ? updateQuestionRequest(documentId, payload)
          : {
              url: questionsUrls.questions,
              method: 'POST',
              body: { data: { ...payload, test: testId } },
            },
      transformResponse: oneQuestion,
      invalidatesTags: (_result, error, { testId }) => (error ? [] : [testTag(testId)]),
    }),
    /** Updates a question of a test or an assignment. */
    updateQuestion: build.mutation<Question, { documentId: string; payload: QuestionPayload }>({
      query: ({ documentId, payload }) => updateQuestionRequest(documentId, payload),
      transformResponse: oneQuestion,
      invalidatesTags: (_result, error) => (error ? [] : ['Question']),
    }),
    /**
     * One DELETE per question; never fails, the report says what did. The deleted questions leave
     * the tests' lists in the cache at once (an assignment's page reads its list again).
     */
    deleteQuestions: build.mutation<DeleteReport, readonly string[]>({
      queryFn: async (ids, _api, _extra, baseQuery) => ({
        data: await deleteEach(baseQuery, ids, questionsUrls.question),
      }),
      async onQueryStarted(_ids, { dispatch, getState, queryFulfilled }) {
        const { data: report } = await queryFulfilled;
        const gone = new Set(report.deleted);
        if (gone.size === 0) return;
        const state = getState();
        for (const testId of questionReads.util.selectCachedArgsForQuery(state, 'testQuestions')) {
          dispatch(
            questionReads.util.updateQueryData('testQuestions', testId, (items) =>
              items.filter((item) => !gone.has(item.documentId)),
            ),
          );
        }
      },
    }),
    /** Copies pool questions into a test or an assignment; answers how many were made. */
    copyFromPool: build.mutation<number, PoolCopy>({
      query: copyFromPoolRequest,
      transformResponse: copiedCount,
      invalidatesTags: (_count, error, { target }) => (error ? [] : [targetTag(target)]),
    }),
    savePoolQuestion: build.mutation<Question, PoolQuestionSave>({
      query: ({ documentId, payload }) =>
        documentId
          ? { url: questionsUrls.poolItem(documentId), method: 'PUT', body: { data: payload } }
          : { url: questionsUrls.pool, method: 'POST', body: { data: payload } },
      transformResponse: oneQuestion,
      invalidatesTags: (_result, error) => (error ? [] : [POOL]),
    }),
    /** Sets subject, topic, difficulty or tags of selected pool questions in one call. */
    bulkEditPool: build.mutation<number, PoolBulkEdit>({
      query: (body) => ({ url: questionsUrls.poolBulkEdit, method: 'POST', body }),
      transformResponse: (answer: { updated?: unknown }) => toNumber(answer.updated) ?? 0,
      invalidatesTags: (_count, error) => (error ? [] : [POOL]),
    }),
    deletePoolQuestions: build.mutation<DeleteReport, readonly string[]>({
      queryFn: async (ids, _api, _extra, baseQuery) => ({
        data: await deleteEach(baseQuery, ids, questionsUrls.poolItem),
      }),
      invalidatesTags: (report) => (report && report.deleted.length > 0 ? [POOL] : []),
    }),
    /**
     * Uploads a question file (multipart `file`, plus `testId` or `assignmentId` when given) with
     * progress; answers the created questions, the skipped rows and the message.
     */
    importQuestions: build.mutation<ImportResult, QuestionImport>({
      async queryFn(
        { endpoint, file, extraField, onProgress, importDuplicates },
        _api,
        _extra,
        baseQuery,
      ) {
        const fields: Record<string, string> = extraField
          ? { [extraField.name]: extraField.value }
          : {};
        if (importDuplicates) fields.duplicates = 'import';
        const answer = await baseQuery(
          filesRequest({ url: endpoint, field: 'file', files: [file], fields, onProgress }),
        );
        if (answer.error) return { error: answer.error };
        onProgress?.(100);
        return { data: importResultOf(answer.data) };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Question']),
    }),
    /** The same upload with `preview=true`: what would be imported; nothing is written. */
    previewQuestionImport: build.mutation<ImportPreview, QuestionImport>({
      async queryFn({ endpoint, file, extraField, onProgress }, _api, _extra, baseQuery) {
        const fields: Record<string, string> = { preview: 'true' };
        if (extraField) fields[extraField.name] = extraField.value;
        const answer = await baseQuery(
          filesRequest({ url: endpoint, field: 'file', files: [file], fields, onProgress }),
        );
        if (answer.error) return { error: answer.error };
        return { data: importPreviewOf(answer.data) };
      },
    }),
    /** Issue 26: an image for a question's text; answers the `src` to place in it. */
    uploadQuestionImage: build.mutation<string, File>({
      query: (file) => filesRequest({ url: questionsUrls.images, field: 'file', files: [file] }),
      transformResponse: (answer: { data: { src: string } }) => answer.data.src,
    }),
  }),
});

export const {
  useTestQuestionsQuery,
  useSaveTestQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionsMutation,
  useCopyFromPoolMutation,
  usePoolPageQuery,
  useSubjectTopicsQuery,
  useBulkEditPoolMutation,
  useSavePoolQuestionMutation,
  useDeletePoolQuestionsMutation,
  useImportQuestionsMutation,
  usePreviewQuestionImportMutation,
  useUploadQuestionImageMutation,
} = questionsEndpoints;
