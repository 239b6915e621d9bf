// Every URL and query shape of questions: a test's questions, the question pool, imports and the
// bulk copy from the pool; the numbers and the import answer read in one place.
import { strapiQuery, toNumber, type StrapiList } from '../../lib/strapi';
import type {
  DuplicateRow,
  ExportFormat,
  ImportPreview,
  ImportResult,
  PreviewRow,
  PoolFilters,
  Question,
  SkippedRow,
} from './questionTypes';
import { NO_POOL_FILTERS } from './questionTypes';

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

/** Where the question exports are read (issue 26), with the format's file extension. */
export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'xlsx', label: 'Spreadsheet (.xlsx)' },
  { format: 'moodle', label: 'Moodle XML (.xml)' },
  { format: 'gift', label: 'GIFT (.gift)' },
  { format: 'aiken', label: 'Aiken (.txt)' },
];

const EXTENSION: Record<ExportFormat, string> = {
  xlsx: 'xlsx',
  moodle: 'xml',
  gift: 'gift',
  aiken: 'txt',
};

/** Most questions one export holds (the server's limit, as an import's). */
export const MAX_EXPORT = 5000;

export type ExportTarget =
  | { kind: 'pool'; search: string; filters?: PoolFilters }
  | { kind: 'test'; id: string }
  | { kind: 'assignment'; id: string };

/** The export call of a target in a format, and the name its file is saved under. */
export function exportRequest(target: ExportTarget, format: ExportFormat) {
  const query: Array<readonly [string, string]> = [['format', format]];
  let url = '/questionPool-export';
  let name = 'question-pool';
  if (target.kind === 'pool') {
    // Issue 26: the list's own filters, so the file holds what the list shows.
    if (target.search.trim()) query.push(['search', target.search.trim()]);
    for (const [key, value] of Object.entries(target.filters ?? {})) {
      if (String(value).trim()) query.push([key, String(value).trim()]);
    }
  } else if (target.kind === 'test') {
    url = '/questions-export';
    name = 'test-questions';
    query.push(['testId', target.id]);
  } else {
    url = '/assignmentQuestions-export';
    name = 'assignment-questions';
    query.push(['assignmentId', target.id]);
  }
  return {
    url: `${url}?${strapiQuery(query)}`,
    fileName: format === 'xlsx' ? `${name}.xlsx` : `${name}.${format}.${EXTENSION[format]}`,
  };
}

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
  /** The pool's list (issue 26): searched, filtered, newest first, with facility and use. */
  poolSearch: (search: string, page: number, filters: PoolFilters = NO_POOL_FILTERS) => {
    const q = search.trim();
    const set = Object.entries(filters)
      .map(([key, value]) => [key, String(value).trim()] as const)
      .filter(([, value]) => value !== '');
    return `/questionPool-search?${strapiQuery([
      ...(q ? [['search', q] as const] : []),
      ...set,
      ['page', page],
      ['pageSize', POOL_PAGE_SIZE],
    ])}`;
  },
  poolBulkEdit: '/questionPool-bulk-edit',
  /** The topics of a subject, by name (the pool's topic pickers). */
  subjectTopics: (subjectId: string) =>
    `/topics?${strapiQuery([
      ['filters[subject][documentId][$eq]', subjectId],
      ['fields[0]', 'topic_name'],
      ['sort', 'topic_name:asc'],
      ['pagination[pageSize]', 100],
    ])}`,
  bulk: '/questions-bulk',
  /** Issue 26: images uploaded with a question. */
  images: '/question-images',
} as const;

/** Numbers in one place: Strapi may send decimals as strings. */
export function mapQuestion(raw: Question): Question {
  return {
    ...raw,
    points_correct_answer: toNumber(raw.points_correct_answer),
    points_incorrect_answer: toNumber(raw.points_incorrect_answer),
    answer_tolerance: toNumber(raw.answer_tolerance),
    answer_min: toNumber(raw.answer_min),
    answer_max: toNumber(raw.answer_max),
  };
}

export function mapQuestionList(list: StrapiList<Question>): StrapiList<Question> {
  return { ...list, data: list.data.map(mapQuestion) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const numbers = (value: unknown): Record<string, number> =>
  isRecord(value)
    ? Object.fromEntries(Object.entries(value).map(([key, n]) => [key, toNumber(n) ?? 0]))
    : {};

/** The skipped rows of an import answer or of its error details, whatever else they hold. */
export function skippedRowsOf(value: unknown): SkippedRow[] {
  const rows = isRecord(value) ? value.skippedRows : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((row) => ({
    row: toNumber(row.row) ?? 0,
    reasons: strings(row.reasons),
    ...(typeof row.type === 'string' ? { type: row.type } : {}),
  }));
}

/** The duplicate rows of an import answer, a preview or an error's details. */
export function duplicateRowsOf(value: unknown): DuplicateRow[] {
  const rows = isRecord(value) ? value.duplicateRows : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((row) => ({
    row: toNumber(row.row) ?? 0,
    question: textOf(row.question),
    reason: textOf(row.reason),
  }));
}

/** An import preview's answer. */
export function importPreviewOf(data: unknown): ImportPreview {
  const value = isRecord(data) ? data : {};
  const rows: PreviewRow[] = (Array.isArray(value.rows) ? value.rows : [])
    .filter(isRecord)
    .map((row) => ({
      row: toNumber(row.row) ?? 0,
      question: textOf(row.question),
      question_type: textOf(row.question_type),
      correct_answer: typeof row.correct_answer === 'string' ? row.correct_answer : null,
      points_correct_answer: toNumber(row.points_correct_answer) ?? 0,
      points_incorrect_answer: toNumber(row.points_incorrect_answer) ?? 0,
      subject: typeof row.subject === 'string' ? row.subject : null,
      notes: strings(row.notes),
    }));
  return {
    format: textOf(value.format),
    counts: numbers(value.counts),
    skippedCounts: numbers(value.skippedCounts),
    acceptedCount: toNumber(value.acceptedCount) ?? 0,
    rows,
    skippedRows: skippedRowsOf(value),
    duplicateRows: duplicateRowsOf(value),
    notedRows: (Array.isArray(value.notedRows) ? value.notedRows : [])
      .filter(isRecord)
      .map((row) => ({ row: toNumber(row.row) ?? 0, notes: strings(row.notes) })),
    imageCount: toNumber(value.imageCount) ?? 0,
    imageBytes: toNumber(value.imageBytes) ?? 0,
  };
}

/** An import's answer: the created questions, the skipped rows and the message. */
export function importResultOf(data: unknown): ImportResult {
  const created =
    isRecord(data) && Array.isArray(data.createdQuestions)
      ? (data.createdQuestions as ImportResult['createdQuestions'])
      : [];
  const message =
    isRecord(data) && typeof data.message === 'string' && data.message
      ? data.message
      : `${created.length} Questions imported succesfully`;
  return {
    createdQuestions: created,
    skippedRows: skippedRowsOf(data),
    duplicateRows: duplicateRowsOf(data),
    message,
  };
}
