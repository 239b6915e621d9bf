/**
 * Question export (issue 26): the pool (narrowed by the pool list's own filters and search) or a
 * test's or assignment's questions as a template spreadsheet, Moodle XML, GIFT or Aiken file. The
 * caller's right was checked by the route (staff only); a test or assignment they cannot see is
 * unknown (404). A question the format cannot hold is left out and named with the reason, never
 * changed (GIFT and Aiken cannot carry images; Moodle XML embeds them).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { QUESTION_FIELDS, poolFiltersOf, poolIdsOf, questionTypeOf } from '../catalogue';
import { knexOf } from '../../platform/db/sql';
import { questionImageSources } from '../../platform/files/question-images';
import { aikenWriter } from './formats/aiken';
import type { ExportQuestion, FormatWriter } from './formats/export-types';
import { giftWriter } from './formats/gift';
import { moodleWriter } from './formats/moodle-xml';
import { xlsxWriter } from './formats/xlsx-export';
import { resolveTarget, type ImportTarget } from './import-questions';

export const EXPORT_FORMATS = ['xlsx', 'moodle', 'gift', 'aiken'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Most questions one export holds (as an import: a bigger one would not import back). */
export const MAX_EXPORT = 5000;

const WRITERS: Record<ExportFormat, FormatWriter> = {
  xlsx: xlsxWriter,
  moodle: moodleWriter,
  gift: giftWriter,
  aiken: aikenWriter,
};

export const EXPORT_MESSAGES = {
  format: `Choose the export format (format): ${EXPORT_FORMATS.join(', ')}.`,
  tooMany: `The export has more than ${MAX_EXPORT.toLocaleString('en')} questions; narrow the search or the filters.`,
  empty: 'There are no questions to export.',
} as const;

export interface ExportFile {
  body: string | Buffer;
  filename: string;
  contentType: string;
  count: number;
  skipped: Array<{ number: number; question: string; reason: string }>;
  notes: string[];
}

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

const RICH = ['question', 'option_a', 'option_b', 'option_c', 'option_d', 'explanation'] as const;

const imagesOf = (q: ExportQuestion): string[] => RICH.flatMap((k) => questionImageSources(q[k]));

/** The stored bytes of the questions' images (their sources are checked paths under uploads). */
const loadImages = async (
  strapi: Core.Strapi,
  questions: readonly ExportQuestion[],
): Promise<Map<string, Buffer | null>> => {
  const out = new Map<string, Buffer | null>();
  const root = path.resolve(strapi.dirs.static.public);
  for (const src of new Set(questions.flatMap(imagesOf))) {
    out.set(src, await readFile(path.join(root, ...src.split('/'))).catch(() => null));
  }
  return out;
};

/** The `where` of the pool's rows: the list's own filters (checked: a bad one is a 400). */
const poolWhere = async (
  strapi: Core.Strapi,
  query: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  const filters = poolFiltersOf({ ...query, page: undefined, pageSize: undefined });
  const ids = await poolIdsOf(knexOf(strapi), filters, MAX_EXPORT + 1);
  if (ids.length > MAX_EXPORT) throw new errors.ValidationError(EXPORT_MESSAGES.tooMany);
  return { id: { $in: ids } };
};

/** The questions of the target as a file in the format (`query`: the pool list's filters). */
export const exportQuestions = async (
  strapi: Core.Strapi,
  target: ImportTarget,
  format: unknown,
  query: Record<string, unknown>,
): Promise<ExportFile> => {
  const chosen = formatOf(format);
  const owner = await resolveTarget(strapi, target);
  const where = owner
    ? { [owner.field]: { documentId: owner.documentId } }
    : await poolWhere(strapi, query);
  const rows = (await strapi.db
    .query(owner ? 'api::question.question' : 'api::question-pool.question-pool')
    .findMany({
      // Issue 26: difficulty and tags are the pool's only.
      select: owner ? [...QUESTION_FIELDS] : [...QUESTION_FIELDS, 'difficulty', 'tags'],
      where,
      populate: { subject: { select: ['SubjectName'] } },
      orderBy: { id: 'asc' },
      limit: MAX_EXPORT + 1,
    })) as Stored[];
  if (rows.length > MAX_EXPORT) throw new errors.ValidationError(EXPORT_MESSAGES.tooMany);
  if (rows.length === 0) throw new errors.ValidationError(EXPORT_MESSAGES.empty);
  const writer = WRITERS[chosen];
  const questions = rows.map(toExport);
  const images = writer.images === 'embedded' ? await loadImages(strapi, questions) : new Map();
  const kept: ExportQuestion[] = [];
  const skipped: ExportFile['skipped'] = [];
  questions.forEach((question, index) => {
    const sources = imagesOf(question);
    const reason =
      sources.length > 0 && writer.images === 'none'
        ? `${chosen === 'gift' ? 'GIFT' : 'Aiken'} cannot carry images`
        : sources.some((src) => images.has(src) && !images.get(src))
          ? 'An image of the question is missing from storage'
          : writer.cannotHold(question);
    if (reason) {
      skipped.push({ number: index + 1, question: question.question.slice(0, 80), reason });
    } else {
      kept.push(question);
    }
  });
  const name = owner ? `${owner.field}-questions` : 'question-pool';
  const embedded = new Map([...images].filter((e): e is [string, Buffer] => e[1] !== null));
  return {
    body: kept.length > 0 ? await writer.write(kept, embedded) : '',
    filename: chosen === 'xlsx' ? `${name}.xlsx` : `${name}.${chosen}.${writer.extension}`,
    contentType: writer.contentType,
    count: kept.length,
    skipped,
    notes: writer.notes,
  };
};
