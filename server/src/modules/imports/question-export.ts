/**
 * Question export (issue 26): the pool (optionally narrowed by the pool list's search) or a
 * test's or assignment's questions as a Moodle XML, GIFT or Aiken file. The caller's right was
 * checked by the route (staff only); a test or assignment they cannot see is unknown (404). A
 * question the format cannot hold is left out and named with the reason, never changed.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { questionTypeOf } from '../catalogue';
import { aikenWriter } from './formats/aiken';
import type { ExportQuestion, FormatWriter } from './formats/export-types';
import { giftWriter } from './formats/gift';
import { moodleWriter } from './formats/moodle-xml';
import { resolveTarget, type ImportTarget } from './import-questions';

export const EXPORT_FORMATS = ['moodle', 'gift', 'aiken'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Most questions one export holds (as an import: a bigger one would not import back). */
export const MAX_EXPORT = 5000;

const WRITERS: Record<ExportFormat, FormatWriter> = {
  moodle: moodleWriter,
  gift: giftWriter,
  aiken: aikenWriter,
};

export const EXPORT_MESSAGES = {
  format: `Choose the export format (format): ${EXPORT_FORMATS.join(', ')}.`,
  tooMany: `The export has more than ${MAX_EXPORT.toLocaleString('en')} questions; narrow the search.`,
  empty: 'There are no questions to export.',
} as const;

export interface ExportFile {
  body: string;
  filename: string;
  contentType: string;
  count: number;
  skipped: Array<{ number: number; question: string; reason: string }>;
  notes: string[];
}

const FIELDS = [
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'correct_answer',
  'points_correct_answer',
  'points_incorrect_answer',
  'question_type',
  'explanation',
  'answer_tolerance',
  'answer_min',
  'answer_max',
  'answer_unit',
];
const SEARCHED = [
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'explanation',
  'question_type',
];

type Stored = Record<string, unknown> & { subject?: { SubjectName?: unknown } | null };

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

const tagsOf = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

const toExport = (row: Stored): ExportQuestion => ({
  question: typeof row.question === 'string' ? row.question : '',
  option_a: textOrNull(row.option_a),
  option_b: textOrNull(row.option_b),
  option_c: textOrNull(row.option_c),
  option_d: textOrNull(row.option_d),
  correct_answer: textOrNull(row.correct_answer),
  points_correct_answer: Number(row.points_correct_answer ?? 0) || 0,
  points_incorrect_answer: Number(row.points_incorrect_answer ?? 0) || 0,
  question_type:
    questionTypeOf(typeof row.question_type === 'string' ? row.question_type : '') ?? 'MCQ',
  explanation: textOrNull(row.explanation),
  answer_tolerance: numberOrNull(row.answer_tolerance),
  answer_min: numberOrNull(row.answer_min),
  answer_max: numberOrNull(row.answer_max),
  answer_unit: textOrNull(row.answer_unit),
  subject: textOrNull(row.subject?.SubjectName),
  tags: tagsOf(row.tags),
  difficulty: textOrNull(row.difficulty),
});

const formatOf = (value: unknown): ExportFormat => {
  const format = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = EXPORT_FORMATS.find((f) => f === format);
  if (!found) throw new errors.ValidationError(EXPORT_MESSAGES.format);
  return found;
};

/** The questions of the target as a file in the format. */
export const exportQuestions = async (
  strapi: Core.Strapi,
  target: ImportTarget,
  format: unknown,
  search: unknown,
): Promise<ExportFile> => {
  const chosen = formatOf(format);
  const owner = await resolveTarget(strapi, target);
  const where: Record<string, unknown> = {};
  if (owner) {
    where[owner.field] = { documentId: owner.documentId };
  } else if (typeof search === 'string' && search.trim()) {
    const q = search.trim().slice(0, 200);
    where.$or = [
      ...SEARCHED.map((field) => ({ [field]: { $containsi: q } })),
      { subject: { SubjectName: { $containsi: q } } },
    ];
  }
  const rows = (await strapi.db
    .query(owner ? 'api::question.question' : 'api::question-pool.question-pool')
    .findMany({
      // Issue 26: difficulty and tags are the pool's only.
      select: owner ? FIELDS : [...FIELDS, 'difficulty', 'tags'],
      where,
      populate: { subject: { select: ['SubjectName'] } },
      orderBy: { id: 'asc' },
      limit: MAX_EXPORT + 1,
    })) as Stored[];
  if (rows.length > MAX_EXPORT) throw new errors.ValidationError(EXPORT_MESSAGES.tooMany);
  if (rows.length === 0) throw new errors.ValidationError(EXPORT_MESSAGES.empty);
  const writer = WRITERS[chosen];
  const kept: ExportQuestion[] = [];
  const skipped: ExportFile['skipped'] = [];
  rows.map(toExport).forEach((question, index) => {
    const reason = writer.cannotHold(question);
    if (reason) {
      skipped.push({ number: index + 1, question: question.question.slice(0, 80), reason });
    } else {
      kept.push(question);
    }
  });
  const name = owner ? `${owner.field}-questions` : 'question-pool';
  return {
    body: kept.length > 0 ? writer.write(kept) : '',
    filename: `${name}.${chosen}.${writer.extension}`,
    contentType: writer.contentType,
    count: kept.length,
    skipped,
    notes: writer.notes,
  };
};
