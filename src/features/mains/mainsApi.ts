// Every URL of Mains work: the learner's work list, sittings, answer documents and submission;
// the staff's works, results, scripts, evaluations and publishing.
import { apiClient } from '../../lib/apiClient';
import { strapiQuery, toNumber, type StrapiList, type StrapiOne } from '../../lib/strapi';
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

function mapEvaluation(raw: Evaluation): Evaluation {
  return { ...raw, total_marks: toNumber(raw.total_marks) };
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

function percentOf(loaded: number, total: number | undefined, fallback: number): number {
  const whole = total ?? fallback;
  if (!whole) return 0;
  return Math.min(100, Math.round((loaded / whole) * 100));
}

// ---- Learner ----

export async function getMyWork(
  kind: WorkKind,
  page: number,
  pageSize = MY_WORK_PAGE_SIZE,
): Promise<StrapiList<WorkItem>> {
  const { data } = await apiClient.get<StrapiList<WorkItem>>(
    mainsUrls.myWork(kind, page, pageSize),
  );
  return { ...data, data: data.data.map(mapWorkItem) };
}

/**
 * The learner's attempt at a work, from their work list (for a submitted work opened without
 * its attempt, which start refuses); null when none is listed.
 */
export async function findAttemptId(kind: WorkKind, documentId: string): Promise<string | null> {
  const MAX_PAGES = 20;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await getMyWork(kind, page, 100);
    const item = answer.data.find((entry) => entry.documentId === documentId);
    if (item) return item.attemptId;
    if (page >= (answer.meta.pagination?.pageCount ?? 1)) return null;
  }
  return null;
}

/** Starts the work, or resumes the open sitting. */
export async function postStart(kind: WorkKind, documentId: string): Promise<WorkSession> {
  const { data } = await apiClient.post<StrapiOne<WorkSession>>(mainsUrls.start, {
    kind,
    documentId,
  });
  return mapSession(data.data);
}

export async function getAttempt(attemptId: string): Promise<WorkSession> {
  const { data } = await apiClient.get<StrapiOne<WorkSession>>(mainsUrls.attempt(attemptId));
  return mapSession(data.data);
}

/** Uploads answer documents (field `files`) with progress; answers the answer's full list. */
export async function postAnswerDocuments(
  answerId: string,
  chosen: readonly File[],
  onProgress?: ProgressHandler,
  signal?: AbortSignal,
): Promise<WorkAnswer> {
  const form = new FormData();
  for (const file of chosen) form.append('files', file, file.name);
  const total = chosen.reduce((sum, file) => sum + file.size, 0);
  const { data } = await apiClient.post<StrapiOne<{ documentId: string; documents: MediaFile[] }>>(
    mainsUrls.answerDocuments(answerId),
    form,
    {
      signal,
      onUploadProgress: (event) => onProgress?.(percentOf(event.loaded, event.total, total)),
    },
  );
  onProgress?.(100);
  return { documentId: data.data.documentId, question: '', documents: files(data.data.documents) };
}

export async function deleteAnswerDocument(answerId: string, fileId: number): Promise<MediaFile[]> {
  const { data } = await apiClient.delete<StrapiOne<{ documents: MediaFile[] }>>(
    mainsUrls.answerDocument(answerId, fileId),
  );
  return files(data.data.documents);
}

export async function postSubmit(attemptId: string): Promise<SubmittedResult> {
  const { data } = await apiClient.post<StrapiOne<{ result: SubmittedResult }>>(mainsUrls.submit, {
    attemptId,
  });
  return data.data.result;
}

// ---- Staff ----

export async function getWorks(kind: WorkKind, search = ''): Promise<StaffWork[]> {
  const { data } = await apiClient.get<StrapiList<StaffWork>>(mainsUrls.works(kind, search));
  return data.data.map((work) => ({ ...work, subjects: work.subjects ?? [] }));
}

export interface ResultsAnswer {
  work: ResultsWork;
  rows: ResultRow[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number } | null;
}

export async function getResults(query: ResultsQuery): Promise<ResultsAnswer> {
  const { data } = await apiClient.get<{
    data: { work: ResultsWork; rows: ResultRow[] };
    meta?: { pagination?: ResultsAnswer['pagination'] };
  }>(mainsUrls.results(query));
  return {
    work: mapResultsWork(data.data.work),
    rows: data.data.rows.map(mapRow),
    pagination: data.meta?.pagination ?? null,
  };
}

export async function getScript(resultId: string): Promise<Script> {
  const { data } = await apiClient.get<StrapiOne<Script>>(mainsUrls.script(resultId));
  const raw = data.data;
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

export async function postEvaluation(resultId: string, subjectId: string): Promise<Evaluation> {
  const { data } = await apiClient.post<StrapiOne<Evaluation>>(mainsUrls.evaluations, {
    resultId,
    subjectId,
  });
  return mapEvaluation(data.data);
}

export async function putEvaluation(
  evaluationId: string,
  body: { total_marks: number | null; complete?: true },
): Promise<Evaluation> {
  const { data } = await apiClient.put<StrapiOne<Evaluation>>(
    mainsUrls.evaluation(evaluationId),
    body,
  );
  return mapEvaluation(data.data);
}

export async function postEvaluationDocument(
  evaluationId: string,
  file: File,
  onProgress?: ProgressHandler,
): Promise<Evaluation> {
  const form = new FormData();
  form.append('files', file, file.name);
  const { data } = await apiClient.post<StrapiOne<Evaluation>>(
    mainsUrls.evaluationDocument(evaluationId),
    form,
    { onUploadProgress: (event) => onProgress?.(percentOf(event.loaded, event.total, file.size)) },
  );
  onProgress?.(100);
  return mapEvaluation(data.data);
}

export async function postPublish(
  resultIds: readonly string[],
  isPublished: boolean,
): Promise<PublishReport> {
  const { data } = await apiClient.post<StrapiOne<PublishReport>>(mainsUrls.publish, {
    resultIds,
    is_published: isPublished,
  });
  return { updated: data.data.updated ?? [], refused: data.data.refused ?? [] };
}
