// Every URL and query shape of questions: a test's questions, the question pool, imports and the
// bulk copy from the pool.
import { apiClient } from '../../lib/apiClient';
import { fetchAllPages, mapBounded } from '../../lib/bounded';
import {
  errorMessage,
  strapiQuery,
  toNumber,
  type StrapiList,
  type StrapiOne,
} from '../../lib/strapi';
import type { ProgressHandler } from '../media';
import type {
  DeleteReport,
  ImportResult,
  Question,
  QuestionPayload,
  SkippedRow,
} from './questionTypes';

export const QUESTIONS_PAGE_SIZE = 100;
export const POOL_PAGE_SIZE = 25;
/** Deletes and page loads run this many at a time. */
export const PARALLEL_CALLS = 4;

/** Where the question imports are posted. */
export const importEndpoints = {
  test: '/questions-import',
  assignment: '/assignmentQuestions-import',
  pool: '/questionPool-import',
} as const;

export const questionTemplates = {
  xlsx: '/uploads/templates/questions-template.xlsx',
  docx: '/uploads/templates/questions-template.docx',
} as const;

const byId = (documentId: string) => encodeURIComponent(documentId);

export const questionsUrls = {
  questions: '/questions',
  question: (documentId: string) => `/questions/${byId(documentId)}`,
  testQuestions: (testId: string, page: number) =>
    `/questions?${strapiQuery([
      ['filters[test][documentId][$eq]', testId],
      ['populate', 'subject'],
      ['sort', 'id:asc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', QUESTIONS_PAGE_SIZE],
    ])}`,
  pool: '/question-pools',
  poolItem: (documentId: string) => `/question-pools/${byId(documentId)}`,
  poolSearch: (search: string, page: number) => {
    const q = search.trim();
    const fields = [
      'question',
      'option_a',
      'option_b',
      'option_c',
      'option_d',
      'explanation',
      'question_type',
      'subject][SubjectName',
    ];
    return `/question-pools?${strapiQuery([
      ...fields.map((field, index) => [`filters[$or][${index}][${field}][$containsi]`, q] as const),
      ['populate', 'subject'],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', POOL_PAGE_SIZE],
    ])}`;
  },
  bulk: '/questions-bulk',
} as const;

/** Numbers in one place: Strapi may send decimals as strings. */
export function mapQuestion(raw: Question): Question {
  return {
    ...raw,
    points_correct_answer: toNumber(raw.points_correct_answer),
    points_incorrect_answer: toNumber(raw.points_incorrect_answer),
  };
}

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The skipped rows of an import answer or of its error details, whatever else they hold. */
export function skippedRowsOf(value: unknown): SkippedRow[] {
  const rows = isRecord(value) ? value.skippedRows : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((row) => ({
    row: toNumber(row.row) ?? 0,
    reasons: Array.isArray(row.reasons)
      ? row.reasons.filter((reason): reason is string => typeof reason === 'string')
      : [],
  }));
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
  const created =
    isRecord(data) && Array.isArray(data.createdQuestions)
      ? (data.createdQuestions as ImportResult['createdQuestions'])
      : [];
  const message =
    isRecord(data) && typeof data.message === 'string' && data.message
      ? data.message
      : `${created.length} Questions imported succesfully`;
  return { createdQuestions: created, skippedRows: skippedRowsOf(data), message };
}
