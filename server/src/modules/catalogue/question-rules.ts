/**
 * The rules of a question (test, assignment and question-pool questions alike), shared by the
 * document-service middleware (REST and GraphQL writes) and the spreadsheet/Word imports.
 * Question, options and explanation are rich text (issue 26): sanitised here, on every write.
 */
import { richTextProblem, sanitizeRichText } from '../../platform/text/rich-text';

export const QUESTION_TYPES = ['MCQ', 'Descriptive'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

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
}

export interface CheckedQuestion {
  /** Normalised values of the fields above (text trimmed, answer lowercase, points numbers). */
  values: {
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
  };
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

/** Checks one question; `reasons` lists every broken rule with the field's spreadsheet name. */
export const checkQuestion = (input: QuestionInput): CheckedQuestion => {
  const reasons: string[] = [];
  const rich = [
    richText('Question', input.question),
    ...OPTIONS.map((key, i) => richText(`Option ${'ABCD'[i]}`, input[key])),
    richText('Explanation', input.explanation),
  ];
  rich.forEach(({ problem }) => problem && reasons.push(problem));
  const question = rich[0].text ?? '';
  if (!question && !rich[0].problem) {
    reasons.push('Question is missing');
  }

  const typeText = textOf(input.question_type);
  let questionType: QuestionType | null = 'MCQ';
  if (typeText) {
    const found = QUESTION_TYPES.find((t) => t.toLowerCase() === typeText.toLowerCase());
    if (found) {
      questionType = found;
    } else {
      reasons.push(`Question type '${typeText}' is not MCQ or Descriptive`);
      questionType = null;
    }
  }

  const options = rich.slice(1, 1 + OPTIONS.length).map((field) => field.text);
  let correct: string | null = null;
  const answerText = textOf(input.correct_answer).toLowerCase();
  if (questionType === 'MCQ') {
    options.forEach((option, i) => {
      if (option === null && !rich[1 + i].problem) {
        reasons.push(`Option ${'ABCD'[i]} is missing`);
      }
    });
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
] as const;

/** The question fields of a stored row (for copies: no id, documentId or timestamps). */
export const questionFieldsOf = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(QUESTION_FIELDS.filter((key) => key in row).map((key) => [key, row[key]]));
