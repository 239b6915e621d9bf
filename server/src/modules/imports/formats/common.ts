/**
 * What the three question file formats (Moodle XML, GIFT, Aiken) share: the candidate row each
 * parser hands to the question rules (question-rows.ts checks it like a spreadsheet row), the
 * limits every parser keeps, HTML turned into the plain text questions are stored as (the SPA
 * renders question text as text, never as HTML), and the numbers of the answer key. Formats are
 * told apart here by their content, with the file name's extension as a hint.
 */
import type { QuestionInput } from '../../catalogue';

export type FileFormat = 'moodle' | 'gift' | 'aiken';

/** One question of a format file, before the question rules check it. */
export interface Candidate {
  /** 1-based line where the question starts in the file. */
  row: number;
  /** The format's own name of the question's type (for the preview's counts). */
  type: string;
  input: QuestionInput;
  /** The format's category (matched to a subject when one has that name or code). */
  category: string | null;
  /** What the format held that is not kept (shown in the preview; never silent). */
  notes: string[];
  /** Images the file carries (Moodle XML's base64 `<file>`), marked in the text (imageMark). */
  images?: ImportImage[];
}

/**
 * An image carried inside a question file (issue 26). The parser (in the worker, which has no
 * storage) leaves a mark in the text where it stood; the import stores it and puts an `<img>` with
 * the stored source in its place (import-images.ts).
 */
export interface ImportImage {
  /** Its name in the file. */
  name: string;
  /** Base64 content. */
  data: string;
  alt: string;
}

/** The mark of the row's image `index` in a field's text (private-use characters, never typed). */
export const imageMark = (index: number): string => `\uE002${index}\uE003`;
export const IMAGE_MARK = /\uE002(\d+)\uE003/g;

export interface FormatSkip {
  row: number;
  reasons: string[];
  type?: string;
}

export interface ParsedFormat {
  format: FileFormat;
  candidates: Candidate[];
  skipped: FormatSkip[];
}

/** A problem with the whole file (the client's 400 message). */
export class FormatError extends Error {}

/** Most questions one file may hold (as the spreadsheet import). */
export const MAX_QUESTIONS = 5000;
/** Longest text of one field, in characters. */
export const MAX_TEXT = 20_000;

export const tooManyQuestions = (count: number): FormatError =>
  new FormatError(
    `The file has ${count} questions; import at most ${MAX_QUESTIONS.toLocaleString('en')} at a time.`,
  );

/** The reason a text field is too long, or null. */
export const tooLong = (label: string, text: string | null | undefined): string | null =>
  text && text.length > MAX_TEXT
    ? `${label} is longer than ${MAX_TEXT.toLocaleString('en')} characters`
    : null;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  pi: 'π',
  rarr: '→',
};

/** Decodes HTML character references (named ones above, decimal and hex). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** True when HTML refers to an image or an embedded file (which this import cannot carry). */
export const hasImage = (html: string): boolean => /@@PLUGINFILE@@|<img\b|data:image\//i.test(html);

/**
 * HTML as the plain text questions are stored as: scripts and styles dropped with their content,
 * line breaks and paragraph ends as new lines, every other tag removed, entities decoded.
 * `formatted` tells whether any markup was removed (a note in the preview).
 */
export const htmlToText = (html: string): { text: string; formatted: boolean } => {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const lines = withoutCode
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  const text = decodeEntities(lines)
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, formatted: /<[a-z!/]/i.test(html) };
};

/** Rounds a mark to 4 decimals (a percentage of the points back to points). */
export const mark = (n: number): number => Math.round(n * 10_000) / 10_000;

/** The file's text (UTF-8, a byte-order mark removed), or a FormatError. */
export const textOfBytes = (bytes: Uint8Array): string => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FormatError('The file is not UTF-8 text; save it as UTF-8 and try again.');
  }
  return text.replace(/^\uFEFF/, '');
};

/** Which format a text file is written in: the extension's hint when given, else its content. */
export const formatOf = (text: string, hint: FileFormat | null): FileFormat => {
  if (hint) return hint;
  const head = text.trimStart();
  if (head.startsWith('<')) return 'moodle';
  if (/^ANSWER\s*:\s*[A-Z]\s*$/im.test(text)) return 'aiken';
  if (/[{}]/.test(text)) return 'gift';
  throw new FormatError(
    'This file is not a question file: use .xlsx, .docx, Moodle XML (.xml), GIFT (.gift) or Aiken (.txt).',
  );
};

/** The last part of a Moodle category path (`$course$/top/Physics` → Physics; `//` is a slash). */
export const categoryName = (path: string): string | null => {
  const parts = path
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter((p) => p && !/^\$[a-z0-9]+\$$/i.test(p) && p.toLowerCase() !== 'top');
  return parts.length > 0 ? parts[parts.length - 1] : null;
};

/** The option letters of a four-answer question, in order (option_a … option_d). */
export const LETTERS = ['a', 'b', 'c', 'd'] as const;

/**
 * The options, type and key of a four-answer choice question as the readers map it: `texts` are
 * the answers' texts in order, `right` says which are right; several right ones (or a format that
 * says so) make it Multiple, else MCQ.
 */
export const choiceFields = (
  texts: readonly string[],
  right: readonly boolean[],
  several: boolean,
): Partial<QuestionInput> => {
  const input: Partial<QuestionInput> = {};
  texts.forEach((text, i) => {
    input[`option_${LETTERS[i]}`] = text;
  });
  input.question_type = several ? 'Multiple' : 'MCQ';
  input.correct_answer = LETTERS.filter((_, i) => right[i]).join(',');
  return input;
};

/** Whether the wrong answers all carry one mark (here one mark applies); else says why not. */
export const oneWrongMark = (wrong: readonly number[], reasons: string[]): boolean => {
  if (new Set(wrong).size <= 1) return true;
  reasons.push(
    `Wrong answers carry different marks (${wrong.join('%, ')}%); here one mark applies`,
  );
  return false;
};

/** A stored question's wrong-answer mark as a percent of its right-answer mark (0 when free). */
export const wrongPercent = (q: {
  points_correct_answer: number;
  points_incorrect_answer: number;
}): number =>
  q.points_correct_answer > 0
    ? mark((q.points_incorrect_answer / q.points_correct_answer) * 100)
    : 0;

/** Each right option's share in percent when `count` options are right (thirds: 33.33333). */
export const keyShare = (count: number): number => Math.round((100 / count) * 1e5) / 1e5;
