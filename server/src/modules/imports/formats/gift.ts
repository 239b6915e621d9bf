/**
 * GIFT question files (Moodle's GIFT format), read with the gift-pegjs grammar and written here.
 * The file is cut into questions at blank lines (as Moodle's own GIFT import does), so each
 * question is parsed alone: a syntax error skips that question with its line, not the file.
 * What maps:
 * - multiple choice with exactly four answers and one right one (`=`), the wrong ones all at the
 *   same weight ≤ 0 (`~` or `~%-25%`) → MCQ; the wrong weight × points → points for a wrong answer;
 * - essay (`{}`) → Descriptive; general feedback (`####…`) → explanation;
 * - `$CATEGORY:` → the subject of the questions after it (when a subject has that name or code);
 * - points: GIFT has none, so a comment line `// points: 4, -1` before the question carries them
 *   (Moodle ignores comments); without it a question is worth 1.
 * - several right answers at equal positive weights adding up to 100 (`~%50%…`), the wrong ones
 *   at one weight ≤ 0 → Multiple (issue 26);
 * - true/false (`{T}` / `{F}`) → TrueFalse; numeric (`{#9.8:0.1}` or `{#1.5..2.5}`) with one
 *   accepted answer → Numeric (value and tolerance, or range); a unit has no place in GIFT: a
 *   comment line `// unit: m/s` carries it, as the points do.
 * Images: an `<img>` with a `data:` source is stored as a question image (data-images.ts); any
 * other image skips the question.
 * Short answer, matching, missing-word (answers inside the text) and description items are
 * skipped with their GIFT name.
 */
import {
  parse,
  type GIFTQuestion,
  type NumericalChoice,
  type NumericalFormat,
  type TextChoice,
  type TextFormat,
} from 'gift-pegjs';
import type { QuestionInput } from '../../catalogue';
import {
  categoryName,
  choiceFields,
  hasImage,
  htmlToText,
  keyShare,
  LETTERS,
  mark,
  MAX_QUESTIONS,
  tooLong,
  tooManyQuestions,
  oneWrongMark,
  wrongPercent,
  type Candidate,
  type FormatSkip,
  type ImportImage,
  type ParsedFormat,
} from './common';
import { carryDataImages } from './data-images';
import type { ExportQuestion, FormatWriter } from './export-types';

const REASON_OF_TYPE: Record<string, string> = {
  Short: 'GIFT short-answer questions (only = answers) are not supported',
  Matching: 'GIFT matching questions (-> pairs) are not supported',
  Description: 'A GIFT description (text with no answers) is not a question',
};

interface Block {
  line: number;
  text: string;
  points: { correct: number; incorrect: number | null } | null;
  unit: string | null;
}

const UNIT = /^\s*\/\/\s*unit\s*:\s*(\S.{0,40}?)\s*$/i;

const POINTS = /^\s*\/\/\s*points\s*:\s*([+-]?\d+(?:\.\d+)?)\s*(?:,\s*([+-]?\d+(?:\.\d+)?))?\s*$/i;

/** The questions of the file: runs of non-blank lines, with the line each starts on. */
const blocksOf = (text: string): Block[] => {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, text: '', points: null, unit: null };
      blocks.push(current);
    }
    const points = POINTS.exec(line);
    if (points) {
      current.points = {
        correct: Number(points[1]),
        incorrect: points[2] ? Number(points[2]) : null,
      };
    }
    const unit = UNIT.exec(line);
    if (unit) current.unit = unit[1] ?? null;
    current.text += `${line}\n`;
  });
  // A block of comments only holds no question.
  return blocks.filter((b) =>
    b.text.split('\n').some((l) => l.trim() && !l.trim().startsWith('//')),
  );
};

const plain = (
  label: string,
  field: TextFormat | null,
  notes: Set<string>,
  images: ImportImage[],
): { text: string; reason: string | null } => {
  // Issue 26: `data:` images are stored as uploads are (data-images.ts); no other image can come.
  const carried = carryDataImages(label, field?.text ?? '', images);
  if (carried.reason) return { text: '', reason: carried.reason };
  const raw = carried.html;
  if (hasImage(raw)) {
    return {
      text: '',
      reason: `${label} shows an image (@@PLUGINFILE@@ or a linked <img>), which cannot be imported (only data: images are)`,
    };
  }
  if (raw !== (field?.text ?? '')) notes.add('Images are stored with the question');
  let text = raw.trim();
  if (field?.format === 'html') {
    const converted = htmlToText(raw);
    text = converted.text;
    if (converted.formatted) notes.add('HTML formatting removed; the text is kept');
  } else if (field?.format === 'markdown') {
    notes.add('Markdown is kept as written (shown as plain text)');
  }
  return { text, reason: tooLong(label, text) };
};

const multipleChoice = (
  choices: TextChoice[],
  points: Block['points'],
  notes: Set<string>,
  reasons: string[],
  images: ImportImage[],
): Partial<QuestionInput> => {
  const right = choices.filter((c) => c.isCorrect || (c.weight !== null && c.weight > 0));
  const several = right.length > 1 || right.some((c) => !c.isCorrect && c.weight !== 100);
  const shares = right.map((c) => c.weight ?? 100);
  if (
    several &&
    (new Set(shares).size > 1 || Math.abs(shares.reduce((a, b) => a + b, 0) - 100) > 0.1)
  ) {
    reasons.push(
      'Several right answers need equal positive weights adding up to 100% (each right option earns its share)',
    );
    return {};
  }
  if (right.length === 0) {
    reasons.push('No right answer (=) is given');
    return {};
  }
  if (choices.length !== 4) {
    reasons.push(`It has ${choices.length} answers; multiple choice here has exactly 4 (A–D)`);
    return {};
  }
  const wrong = choices.filter((c) => !right.includes(c)).map((c) => c.weight ?? 0);
  if (!oneWrongMark(wrong, reasons)) return {};
  const texts = choices.map((choice, i) => {
    const { text, reason } = plain(`Answer ${'ABCD'[i]}`, choice.text, notes, images);
    if (reason) reasons.push(reason);
    if (choice.feedback?.text.trim()) notes.add('Answer feedback is not kept');
    return text;
  });
  const input = choiceFields(
    texts,
    choices.map((c) => right.includes(c)),
    several,
  );
  const correct = points?.correct ?? 1;
  input.points_correct_answer = correct;
  input.points_incorrect_answer = points?.incorrect ?? mark((correct * (wrong[0] ?? 0)) / 100);
  return input;
};

/** A GIFT numeric question with one accepted answer: a value ± tolerance, or a range. */
const numericOf = (
  choices: NumericalChoice[] | NumericalFormat,
  reasons: string[],
): Partial<QuestionInput> => {
  const list = Array.isArray(choices)
    ? choices
    : [{ isCorrect: true, weight: null, text: choices }];
  const right = list.filter((c) => c.isCorrect || c.weight === 100);
  if (list.length !== 1 || right.length !== 1) {
    reasons.push('GIFT numeric questions with several accepted answers are not supported');
    return {};
  }
  const format = (right[0] as NumericalChoice).text;
  if (format.type === 'high-low') {
    return { answer_min: format.numberLow, answer_max: format.numberHigh };
  }
  return {
    correct_answer: format.number,
    answer_tolerance: format.type === 'range' && format.range ? format.range : null,
  };
};

/** Reads a GIFT file into candidate rows and skipped questions. */
export const parseGift = (text: string): ParsedFormat => {
  const blocks = blocksOf(text);
  if (blocks.length > MAX_QUESTIONS + 1000) throw tooManyQuestions(blocks.length);
  const candidates: Candidate[] = [];
  const skipped: FormatSkip[] = [];
  let category: string | null = null;
  for (const block of blocks) {
    let items: GIFTQuestion[];
    try {
      items = parse(block.text);
    } catch (error) {
      const location = (error as { location?: { start?: { line?: number } } }).location;
      const line = block.line + (location?.start?.line ?? 1) - 1;
      const message = error instanceof Error ? error.message : 'cannot be read';
      skipped.push({
        row: block.line,
        reasons: [`GIFT syntax error on line ${line}: ${message}`],
        type: 'GIFT',
      });
      continue;
    }
    for (const item of items) {
      if (item.type === 'Category') {
        category = categoryName(item.title);
        continue;
      }
      const reasons: string[] = [];
      const notes = new Set<string>();
      const images: ImportImage[] = [];
      let input: Partial<QuestionInput> = {};
      if (item.hasEmbeddedAnswers) {
        reasons.push('GIFT missing-word questions (answers inside the text) are not supported');
      } else if (item.type === 'MC') {
        input = multipleChoice(item.choices, block.points, notes, reasons, images);
      } else if (item.type === 'TF') {
        input = {
          question_type: 'TrueFalse',
          correct_answer: item.isTrue ? 'true' : 'false',
          points_correct_answer: block.points?.correct ?? 1,
          points_incorrect_answer: block.points?.incorrect ?? 0,
        };
      } else if (item.type === 'Numerical') {
        input = {
          ...numericOf(item.choices, reasons),
          question_type: 'Numeric',
          answer_unit: block.unit,
          points_correct_answer: block.points?.correct ?? 1,
          points_incorrect_answer: block.points?.incorrect ?? 0,
        };
      } else if (item.type === 'Essay') {
        input = {
          question_type: 'Descriptive',
          points_correct_answer: block.points?.correct ?? 1,
          points_incorrect_answer: block.points?.incorrect ?? 0,
        };
      } else {
        reasons.push(
          REASON_OF_TYPE[item.type] ?? `GIFT '${item.type}' questions are not supported`,
        );
      }
      const stem = plain('Question text', item.stem, notes, images);
      const feedback = plain(
        'General feedback',
        'globalFeedback' in item ? item.globalFeedback : null,
        notes,
        images,
      );
      for (const reason of [stem.reason, feedback.reason]) if (reason) reasons.push(reason);
      if (reasons.length > 0) {
        skipped.push({ row: block.line, reasons, type: item.type });
        continue;
      }
      candidates.push({
        row: block.line,
        type: item.type,
        input: { ...input, question: stem.text, explanation: feedback.text || null },
        category,
        notes: [...notes],
        ...(images.length > 0 ? { images } : {}),
      });
    }
  }
  if (candidates.length + skipped.length > MAX_QUESTIONS) {
    throw tooManyQuestions(candidates.length + skipped.length);
  }
  return { format: 'gift', candidates, skipped };
};

/** GIFT's special characters escaped, new lines as \n (a blank line would end the question). */
const escape = (text: string | null): string =>
  (text ?? '').replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** Writes questions as a GIFT file ([plain] text, points in a comment, a category per subject). */
export const writeGift = (questions: readonly ExportQuestion[]): string => {
  const out: string[] = [];
  let category: string | undefined;
  questions.forEach((q, index) => {
    const subject = q.subject ?? '';
    if (subject !== category) {
      category = subject;
      out.push(
        `$CATEGORY: ${subject ? `$course$/top/${subject.replace(/\//g, '//')}` : '$course$/top'}\n`,
      );
    }
    const head = `// points: ${q.points_correct_answer}, ${q.points_incorrect_answer}\n::Question ${index + 1}::[plain]${escape(q.question)}`;
    const feedback = q.explanation ? `####${escape(q.explanation)}\n` : '';
    if (q.question_type === 'Descriptive') {
      out.push(`${head} {\n${feedback}}\n`);
      return;
    }
    if (q.question_type === 'TrueFalse') {
      out.push(`${head} {${q.correct_answer === 'true' ? 'TRUE' : 'FALSE'}\n${feedback}}\n`);
      return;
    }
    if (q.question_type === 'Numeric') {
      const unit = q.answer_unit ? `// unit: ${q.answer_unit}\n` : '';
      const key =
        q.answer_min !== null && q.answer_max !== null
          ? `${q.answer_min}..${q.answer_max}`
          : `${q.correct_answer ?? ''}${q.answer_tolerance ? `:${q.answer_tolerance}` : ''}`;
      out.push(`${unit}${head} {#${key}\n${feedback}}\n`);
      return;
    }
    const wrong = wrongPercent(q);
    const keys = (q.correct_answer ?? '').split(',');
    const share = keyShare(keys.length);
    const answers = LETTERS.map((letter) => {
      const text = escape(q[`option_${letter}`]);
      if (keys.includes(letter))
        return q.question_type === 'Multiple' ? `~%${share}%${text}` : `=${text}`;
      return wrong === 0 ? `~${text}` : `~%${wrong}%${text}`;
    });
    out.push(`${head} {\n${answers.join('\n')}\n${feedback}}\n`);
  });
  return out.join('\n');
};

export const giftWriter: FormatWriter = {
  extension: 'gift',
  contentType: 'text/plain; charset=utf-8',
  images: 'none',
  cannotHold: (q) =>
    q.question_type === 'Descriptive' && q.correct_answer
      ? 'A GIFT essay has no place for the model answer'
      : null,
  write: writeGift,
  notes: [
    'Points are written in a "// points: correct, wrong" comment line before each question.',
    'A numeric answer\'s unit is written in a "// unit: …" comment line.',
  ],
};
