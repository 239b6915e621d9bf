// Every URL and query shape of questions: a test's questions, the question pool, imports and the
// bulk copy from the pool; the numbers and the import answer read in one place.
import { strapiQuery, toNumber, type StrapiList } from '../../lib/strapi';
import type { ImportResult, Question, SkippedRow } from './questionTypes';

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

export function mapQuestionList(list: StrapiList<Question>): StrapiList<Question> {
  return { ...list, data: list.data.map(mapQuestion) };
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
  return { createdQuestions: created, skippedRows: skippedRowsOf(data), message };
}
