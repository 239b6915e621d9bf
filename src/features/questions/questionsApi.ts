// Transitional: the question calls as plain functions, for the screens not yet on the hooks of
// questionsEndpoints.ts. This file goes when nothing imports it.
import { apiClient } from '../../lib/apiClient';
import { fetchAllPages, mapBounded } from '../../lib/bounded';
import { errorMessage, toNumber, type StrapiList, type StrapiOne } from '../../lib/strapi';
import type { ProgressHandler } from '../media';
import type { DeleteReport, ImportResult, Question, QuestionPayload } from './questionTypes';
import { importResultOf, mapQuestion, PARALLEL_CALLS, questionsUrls } from './questionsUrls';

function mapList(list: StrapiList<Question>): StrapiList<Question> {
  return { ...list, data: list.data.map(mapQuestion) };
}

/** Every question of a test in id order: page 1, then the other pages a few at a time. */
export async function getTestQuestions(testId: string): Promise<Question[]> {
  return fetchAllPages(async (page) => {
    const { data } = await apiClient.get<StrapiList<Question>>(
      questionsUrls.testQuestions(testId, page),
    );
    return mapList(data);
  }, PARALLEL_CALLS);
}

export async function postQuestion(payload: QuestionPayload, testId: string): Promise<Question> {
  const { data } = await apiClient.post<StrapiOne<Question>>(questionsUrls.questions, {
    data: { ...payload, test: testId },
  });
  return mapQuestion(data.data);
}

export async function putQuestion(documentId: string, payload: QuestionPayload): Promise<Question> {
  const { data } = await apiClient.put<StrapiOne<Question>>(questionsUrls.question(documentId), {
    data: payload,
  });
  return mapQuestion(data.data);
}

async function deleteEach(
  ids: readonly string[],
  url: (documentId: string) => string,
): Promise<DeleteReport> {
  const results = await mapBounded(ids, PARALLEL_CALLS, (documentId) =>
    apiClient.delete(url(documentId)),
  );
  const report: DeleteReport = { deleted: [], failed: [] };
  results.forEach((result, index) => {
    const documentId = ids[index] as string;
    if (result.ok) report.deleted.push(documentId);
    else report.failed.push({ documentId, message: errorMessage(result.error) });
  });
  return report;
}

/** One DELETE per question, a few at a time; reports which went and which did not. */
export function deleteQuestions(ids: readonly string[]): Promise<DeleteReport> {
  return deleteEach(ids, questionsUrls.question);
}

export async function getPoolPage(search: string, page: number): Promise<StrapiList<Question>> {
  const { data } = await apiClient.get<StrapiList<Question>>(
    questionsUrls.poolSearch(search, page),
  );
  return mapList(data);
}

export async function postPoolQuestion(payload: QuestionPayload): Promise<Question> {
  const { data } = await apiClient.post<StrapiOne<Question>>(questionsUrls.pool, { data: payload });
  return mapQuestion(data.data);
}

export async function putPoolQuestion(
  documentId: string,
  payload: QuestionPayload,
): Promise<Question> {
  const { data } = await apiClient.put<StrapiOne<Question>>(questionsUrls.poolItem(documentId), {
    data: payload,
  });
  return mapQuestion(data.data);
}

export function deletePoolQuestions(ids: readonly string[]): Promise<DeleteReport> {
  return deleteEach(ids, questionsUrls.poolItem);
}

/** Copies pool questions into a test or an assignment; answers how many were made. */
export async function postQuestionsFromPool(
  target: { testId: string } | { assignmentId: string },
  questionPoolIds: readonly string[],
): Promise<number> {
  const { data } = await apiClient.post<StrapiList<Question> & { meta: { created?: unknown } }>(
    questionsUrls.bulk,
    { ...target, questionPoolIds },
  );
  return toNumber(data.meta.created) ?? data.data.length;
}

/**
 * Uploads a question file (multipart `file`, plus `testId` or `assignmentId` when given) with
 * progress; answers the created questions, the skipped rows and the message.
 */
export async function importQuestions(
  endpoint: string,
  file: File,
  extraField: { name: string; value: string } | null,
  onProgress?: ProgressHandler,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (extraField) form.append(extraField.name, extraField.value);
  const { data } = await apiClient.post<unknown>(endpoint, form, {
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total) onProgress?.(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  onProgress?.(100);
  return importResultOf(data);
}
