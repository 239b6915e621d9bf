/**
 * The rules of a question (test, assignment and question-pool questions alike), shared by the
 * document-service middleware (REST and GraphQL writes) and the spreadsheet/Word imports.
 * Question, options and explanation are rich text (issue 26): sanitised here, on every write.
 */
import { richTextProblem, sanitizeRichText } from '../../platform/text/rich-text';
import { QUESTION_IMAGES_MAX, questionImageSources } from '../../platform/files/question-images';

// Issue 26: Multiple (several correct options), TrueFalse and Numeric beside single-correct MCQ
// and Descriptive. A blank type is MCQ (today's rows).
export const QUESTION_TYPES = ['MCQ', 'Multiple', 'TrueFalse', 'Numeric', 'Descriptive'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Other spellings authors and templates use for the types (lower case, spaces removed). */
const TYPE_ALIASES: Record<string, QuestionType> = {
  single: 'MCQ',
  multiplecorrect: 'Multiple',
  multichoice: 'Multiple',
  'true/false': 'TrueFalse',
  'true-false': 'TrueFalse',
  truefalse: 'TrueFalse',
  numerical: 'Numeric',
  number: 'Numeric',
};

/** The type a text names (any case, aliases above), or null. */
export const questionTypeOf = (text: string): QuestionType | null => {
  const compact = text.toLowerCase().replace(/\s+/g, '');
  return QUESTION_TYPES.find((t) => t.toLowerCase() === compact) ?? TYPE_ALIASES[compact] ?? null;
};

/** Longest unit text (e.g. 'm/s²'). */
export const UNIT_MAX = 32;

export const ANSWER_LETTERS = ['a', 'b', 'c', 'd'] as const;
const OPTIONS = ['option_a', 'option_b', 'option_c', 'option_d'] as const;

/** The question fields these rules look at (a merged record on update). */
export interface QuestionInput {
  question?: unknown;
  option_a?: unknown;
  option_b?: unknown;
  option_c?: unknown;
  option_d?: unknown;
  correct_answer?: unknown;
  points_correct_answer?: unknown;
  points_incorrect_answer?: unknown;
  question_type?: unknown;
  explanation?: unknown;
  answer_tolerance?: unknown;
  answer_min?: unknown;
  answer_max?: unknown;
  answer_unit?: unknown;
  /** Pool questions (issue 26): checked by pool-organising.ts, not by checkQuestion. */
  difficulty?: unknown;
  tags?: unknown;
}

/**
 * A question's own fields, normalised (what a check answers and an export writes). A type, not
 * an interface: it is written as a record (`Data`) where it is stored.
 */
export type QuestionValues = {
  question: string;
  option_a: string | null;
  option_b: string | null;
  option_c: string | null;
  option_d: string | null;
  correct_answer: string | null;
  points_correct_answer: number;
  points_incorrect_answer: number;
  question_type: QuestionType;
  explanation: string | null;
  /** Numeric only (issue 26): the accepted distance from the key, or a range, and a unit. */
  answer_tolerance: number | null;
  answer_min: number | null;
  answer_max: number | null;
  answer_unit: string | null;
};

export interface CheckedQuestion {
  /** Normalised values of the fields above (text trimmed, answer lowercase, points numbers). */
  values: QuestionValues;
  /** Every rule the input breaks; empty when it is valid. */
  reasons: string[];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A cell or JSON value as text ('' for nothing). */
export const textOf = (value: unknown): string => {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string') {
    return value.trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
};

type NumberResult = { kind: 'blank' } | { kind: 'bad'; text: string } | { kind: 'ok'; n: number };

const numberOf = (value: unknown): NumberResult => {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { kind: 'ok', n: value } : { kind: 'bad', text: String(value) };
  }
  const text = textOf(value);
  if (text === '') {
    return { kind: 'blank' };
  }
  return NUMBER.test(text) ? { kind: 'ok', n: Number(text) } : { kind: 'bad', text };
};

/** A plain field's text, null when empty. */
const nullable = (value: unknown): string | null => {
  const text = textOf(value);
  return text === '' ? null : text;
};

/** A rich-text field as stored (sanitised, null when empty), or its problem (too long…). */
const richText = (
  label: string,
  value: unknown,
): { text: string | null; problem: string | null } => {
  const text = textOf(value);
  const problem = richTextProblem(label, text);
  if (problem) {
    return { text: null, problem };
  }
  const clean = sanitizeRichText(text);
  return { text: clean === '' ? null : clean, problem: null };
};

/** A multiple-correct key: letters a–d in any case, separated by commas, spaces or nothing
 * ('A, C', 'ac') → sorted, unique, comma-separated ('a,c'); null and a reason when unusable. */
const multipleKey = (text: string, reasons: string[]): string | null => {
  const letters = text.toLowerCase().replace(/[\s,;]+/g, '');
  if (!letters) {
    reasons.push('Correct answer is missing (one or more of a, b, c, d)');
    return null;
  }
  if (!/^[a-d]+$/.test(letters)) {
    reasons.push(`Correct answer '${text}' is not a list of the letters a, b, c, d`);
    return null;
  }
  return [...new Set(letters)].sort().join(',');
};

const TRUE_WORDS = ['true', 't', 'yes'];
const FALSE_WORDS = ['false', 'f', 'no'];

const trueFalseKey = (text: string, reasons: string[]): string | null => {
  if (TRUE_WORDS.includes(text)) {
    return 'true';
  }
  if (FALSE_WORDS.includes(text)) {
    return 'false';
  }
  reasons.push(
    text
      ? `Correct answer '${text}' is not true or false`
      : 'Correct answer is missing (true or false)',
  );
  return null;
};

interface NumericKey {
  correct: string | null;
  tolerance: number | null;
  min: number | null;
  max: number | null;
  unit: string | null;
}

/**
 * A numeric key: a value (correct_answer) with an optional tolerance ≥ 0, or a range (answer_min
 * ≤ answer_max), not both. Other types keep none of these fields (null).
 */
const checkNumericKey = (
  input: QuestionInput,
  isNumeric: boolean,
  reasons: string[],
): NumericKey => {
  const none: NumericKey = { correct: null, tolerance: null, min: null, max: null, unit: null };
  if (!isNumeric) {
    return none;
  }
  const read = (value: unknown, label: string): number | null => {
    const result = numberOf(value);
    if (result.kind === 'bad') {
      reasons.push(`${label} '${result.text}' is not a number`);
    }
    return result.kind === 'ok' ? result.n : null;
  };
  const valueText = textOf(input.correct_answer);
  const value = read(input.correct_answer, 'Correct answer');
  const tolerance = read(input.answer_tolerance, 'Tolerance');
  const min = read(input.answer_min, 'Minimum');
  const max = read(input.answer_max, 'Maximum');
  const unit = nullable(input.answer_unit);
  if (unit && unit.length > UNIT_MAX) {
    reasons.push(`Unit is longer than ${UNIT_MAX} characters`);
  }
  if (tolerance !== null && tolerance < 0) {
    reasons.push('Tolerance must be 0 or more');
  }
  const ranged = min !== null || max !== null;
  if (ranged && (valueText || tolerance !== null)) {
    reasons.push(
      'Give either a correct answer (with a tolerance) or a range (minimum and maximum), not both',
    );
  } else if (ranged && (min === null || max === null)) {
    reasons.push('A range needs both a minimum and a maximum');
  } else if (ranged && min !== null && max !== null && min > max) {
    reasons.push('The minimum must not be above the maximum');
  } else if (!ranged && !valueText) {
    reasons.push('Correct answer is missing (a number, or a range)');
  }
  return {
    correct: value === null ? null : String(value),
    tolerance: tolerance !== null && tolerance >= 0 ? tolerance : null,
    min,
    max,
    unit: unit ? unit.slice(0, UNIT_MAX) : null,
  };
};

/** Checks one question; `reasons` lists every broken rule with the field's spreadsheet name. */
export const checkQuestion = (input: QuestionInput): CheckedQuestion => {
  const reasons: string[] = [];
  const rich = [
    richText('Question', input.question),
    ...OPTIONS.map((key, i) => richText(`Option ${'ABCD'[i]}`, input[key])),
    richText('Explanation', input.explanation),
  ];
  rich.forEach(({ problem }) => problem && reasons.push(problem));
  // Issue 26: images are stored files; a question holds a bounded number of them.
  const images = rich.reduce((n, field) => n + questionImageSources(field.text).length, 0);
  if (images > QUESTION_IMAGES_MAX) {
    reasons.push(`Question has ${images} images; at most ${QUESTION_IMAGES_MAX} are allowed`);
  }
  const question = rich[0].text ?? '';
  if (!question && !rich[0].problem) {
    reasons.push('Question is missing');
  }

  const typeText = textOf(input.question_type);
  let questionType: QuestionType | null = 'MCQ';
  if (typeText) {
    const found = questionTypeOf(typeText);
    if (found) {
      questionType = found;
    } else {
      reasons.push(`Question type '${typeText}' is not one of ${QUESTION_TYPES.join(', ')}`);
      questionType = null;
    }
  }

  const options = rich.slice(1, 1 + OPTIONS.length).map((field) => field.text);
  let correct: string | null = null;
  const answerText = textOf(input.correct_answer).toLowerCase();
  if (questionType === 'MCQ' || questionType === 'Multiple') {
    options.forEach((option, i) => {
      if (option === null && !rich[1 + i].problem) {
        reasons.push(`Option ${'ABCD'[i]} is missing`);
      }
    });
  }
  if ((questionType === 'TrueFalse' || questionType === 'Numeric') && options.some(Boolean)) {
    reasons.push(`A ${questionType} question has no options A–D`);
  }
  const numeric = checkNumericKey(input, questionType === 'Numeric', reasons);
  if (questionType === 'Multiple') {
    correct = multipleKey(textOf(input.correct_answer), reasons);
  } else if (questionType === 'TrueFalse') {
    correct = trueFalseKey(answerText, reasons);
  } else if (questionType === 'Numeric') {
    correct = numeric.correct;
  } else if (questionType === 'MCQ') {
    if (!answerText) {
      reasons.push('Correct answer is missing');
    } else if (!(ANSWER_LETTERS as readonly string[]).includes(answerText)) {
      reasons.push(`Correct answer '${textOf(input.correct_answer)}' is not one of a, b, c, d`);
    } else {
      correct = answerText;
    }
  } else if (questionType === 'Descriptive' && answerText) {
    correct = answerText;
  }

  let pointsCorrect = 0;
  const pc = numberOf(input.points_correct_answer);
  if (pc.kind === 'blank') {
    reasons.push('Points Correct is missing');
  } else if (pc.kind === 'bad') {
    reasons.push(`Points Correct '${pc.text}' is not a number`);
  } else if (pc.n < 0) {
    reasons.push('Points Correct must be 0 or more');
  } else {
    pointsCorrect = pc.n;
  }

  let pointsIncorrect = 0;
  const pi = numberOf(input.points_incorrect_answer);
  if (pi.kind === 'bad') {
    reasons.push(`Points Incorrect '${pi.text}' is not a number`);
  } else if (pi.kind === 'ok') {
    if (pi.n > 0) {
      reasons.push('Points Incorrect must be 0 or less (e.g. -0.5 for negative marking)');
    } else {
      pointsIncorrect = pi.n === 0 ? 0 : pi.n;
    }
  }

  return {
    values: {
      question,
      option_a: options[0],
      option_b: options[1],
      option_c: options[2],
      option_d: options[3],
      correct_answer: correct,
      points_correct_answer: pointsCorrect,
      points_incorrect_answer: pointsIncorrect,
      question_type: questionType ?? 'MCQ',
      explanation: rich[rich.length - 1].text,
      answer_tolerance: numeric.tolerance,
      answer_min: numeric.min,
      answer_max: numeric.max,
      answer_unit: numeric.unit,
    },
    reasons,
  };
};

/** The fields of a question record the rules above own. */
export const QUESTION_FIELDS = [
  'question',
  ...OPTIONS,
  'correct_answer',
  'points_correct_answer',
  'points_incorrect_answer',
  'question_type',
  'explanation',
  'answer_tolerance',
  'answer_min',
  'answer_max',
  'answer_unit',
] as const;

/** The fields that together say what a stored answer is worth (written together on update). */
export const QUESTION_KEY_FIELDS = [
  'correct_answer',
  'answer_tolerance',
  'answer_min',
  'answer_max',
] as const;

/** The question fields of a stored row (for copies: no id, documentId or timestamps). */
export const questionFieldsOf = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(QUESTION_FIELDS.filter((key) => key in row).map((key) => [key, row[key]]));
