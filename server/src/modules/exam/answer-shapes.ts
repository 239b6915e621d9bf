/**
 * The shape of a learner's answer per question type (issue 26), checked before a save touches
 * the database, and the text it is stored as in `answers.selected_answer`:
 * - single correct: 'a'–'d' (as today);
 * - multiple correct: an array of distinct letters, e.g. ['c', 'a'] → 'a,c' ([] clears it);
 * - true/false: the JSON booleans true / false → 'true' / 'false';
 * - numeric: a finite JSON number or a decimal string ('9.81', '-2', '1e-3') → its text.
 * Why the shape names the type: one UPDATE saves an answer (the hot path); the shape tells which
 * question kind may take it, so the statement checks the question's type in the same row lookup
 * instead of reading the question first.
 */
import { HttpError } from '../../platform/http/errors';
import { ANSWER_CHOICES, DECIMAL, type QuestionKind } from './marking';

export interface AnswerShape {
  /** The value to store (null: no answer). */
  stored: string | null;
  /** The kind of question this shape answers (null: any, a cleared answer). */
  kind: Exclude<QuestionKind, 'descriptive'> | null;
}

/** Longest numeric answer text. */
export const NUMERIC_MAX = 40;

const isLetter = (value: unknown): value is string =>
  typeof value === 'string' && (ANSWER_CHOICES as readonly string[]).includes(value);

export const answerShapeOf = (value: unknown): AnswerShape => {
  if (value === null) {
    return { stored: null, kind: null };
  }
  if (isLetter(value)) {
    return { stored: value, kind: 'single' };
  }
  if (Array.isArray(value)) {
    if (!value.every(isLetter) || new Set(value).size !== value.length) {
      throw new HttpError(400, 'A multiple-correct answer is a list of distinct letters a–d.');
    }
    return value.length === 0
      ? { stored: null, kind: null }
      : { stored: [...value].sort().join(','), kind: 'multiple' };
  }
  if (typeof value === 'boolean') {
    return { stored: value ? 'true' : 'false', kind: 'truefalse' };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new HttpError(400, 'A numeric answer must be a finite number.');
    }
    return { stored: String(value), kind: 'numeric' };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > 0 && text.length <= NUMERIC_MAX && DECIMAL.test(text)) {
      if (!Number.isFinite(Number(text))) {
        throw new HttpError(400, 'A numeric answer must be a finite number.');
      }
      return { stored: text, kind: 'numeric' };
    }
    // A text is a letter (today's single-correct answers, and their message) or a number.
    throw new HttpError(400, 'The answer must be a, b, c or d.');
  }
  throw new HttpError(
    400,
    'The answer must be a letter a–d, a list of letters, true or false, or a number (or null).',
  );
};

/**
 * The SQL test that a question's type (column `column`) takes answers of `kind`: a letter is taken
 * by single-correct questions (also those with no type) and, as before issue 26, by descriptive
 * ones (which marking ignores).
 */
export const kindCondition = (column: string, kind: AnswerShape['kind']): string => {
  const type = `LOWER(TRIM(COALESCE(${column}, '')))`;
  switch (kind) {
    case null:
      return '1 = 1';
    case 'single':
      return `${type} NOT IN ('multiple', 'truefalse', 'numeric')`;
    default:
      return `${type} = '${kind}'`;
  }
};

/** Whether a question of `question` kind takes an answer of `shape` kind (as kindCondition). */
export const takes = (question: QuestionKind, shape: AnswerShape['kind']): boolean =>
  shape === null || question === shape || (shape === 'single' && question === 'descriptive');

/** The 400 message for an answer of the wrong shape for its question. */
export const WRONG_SHAPE: Record<Exclude<QuestionKind, 'descriptive'>, string> = {
  single: 'This question takes one letter a–d.',
  multiple: 'This question takes a list of letters a–d (several may be right).',
  truefalse: 'This question takes true or false.',
  numeric: 'This question takes a number.',
};
