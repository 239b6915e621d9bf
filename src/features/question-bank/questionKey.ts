// The answer key of a question in the authoring form, per type (issue 26): which option (MCQ),
// which options (Multiple), true or false, or a number with a tolerance or a range and a unit.
// The server checks the same rules (server/src/modules/catalogue/question-rules.ts); these give
// the author the message before a round trip.
import { ANSWER_KEYS, type AnswerKey, type Question, type QuestionType } from './questionTypes';

export type NumericMode = 'tolerance' | 'range';

export interface KeyDraft {
  single: AnswerKey | '';
  multiple: AnswerKey[];
  truth: 'true' | 'false' | '';
  numericMode: NumericMode;
  value: string;
  tolerance: string;
  min: string;
  max: string;
  unit: string;
}

export type KeyProblems = Partial<
  Record<'correct' | 'value' | 'tolerance' | 'min' | 'max' | 'unit', string>
>;

const text = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function keyDraftOf(question: Question | null | undefined): KeyDraft {
  const type = question?.question_type ?? 'MCQ';
  const key = (question?.correct_answer ?? '').toLowerCase();
  const ranged =
    typeof question?.answer_min === 'number' && typeof question?.answer_max === 'number';
  return {
    single: type === 'MCQ' ? (ANSWER_KEYS.find((k) => k === key) ?? '') : '',
    multiple: type === 'Multiple' ? ANSWER_KEYS.filter((k) => key.split(',').includes(k)) : [],
    truth: type === 'TrueFalse' && (key === 'true' || key === 'false') ? key : '',
    numericMode: ranged ? 'range' : 'tolerance',
    value: type === 'Numeric' && !ranged ? key : '',
    tolerance: text(question?.answer_tolerance),
    min: text(question?.answer_min),
    max: text(question?.answer_max),
    unit: question?.answer_unit ?? '',
  };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const isNumber = (value: string) => NUMBER.test(value.trim());

export const UNIT_MAX = 32;

export function keyProblems(type: QuestionType, draft: KeyDraft): KeyProblems {
  const problems: KeyProblems = {};
  if (type === 'MCQ' && !draft.single) problems.correct = 'Choose the correct answer.';
  if (type === 'Multiple' && draft.multiple.length === 0) {
    problems.correct = 'Tick at least one correct option.';
  }
  if (type === 'TrueFalse' && !draft.truth) problems.correct = 'Choose true or false.';
  if (type === 'Numeric') {
    if (draft.numericMode === 'tolerance') {
      if (!isNumber(draft.value)) problems.value = 'Enter the correct number.';
      if (
        draft.tolerance.trim() !== '' &&
        (!isNumber(draft.tolerance) || Number(draft.tolerance) < 0)
      ) {
        problems.tolerance = 'Enter 0 or more (empty: the exact number).';
      }
    } else {
      if (!isNumber(draft.min)) problems.min = 'Enter the smallest accepted number.';
      if (!isNumber(draft.max)) problems.max = 'Enter the largest accepted number.';
      else if (isNumber(draft.min) && Number(draft.min) > Number(draft.max)) {
        problems.max = 'The largest must not be below the smallest.';
      }
    }
    if (draft.unit.trim().length > UNIT_MAX) problems.unit = `At most ${UNIT_MAX} characters.`;
  }
  return problems;
}

/** Whether a type has options A–D. */
export const hasOptions = (type: QuestionType): boolean => type === 'MCQ' || type === 'Multiple';

/** The key fields a save sends for this type (numeric fields only for a numeric question). */
export function keyPayload(
  type: QuestionType,
  draft: KeyDraft,
): {
  correct_answer: string | null;
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
  answer_unit?: string | null;
} {
  switch (type) {
    case 'MCQ':
      return { correct_answer: draft.single || null };
    case 'Multiple':
      return {
        correct_answer: ANSWER_KEYS.filter((k) => draft.multiple.includes(k)).join(',') || null,
      };
    case 'TrueFalse':
      return { correct_answer: draft.truth || null };
    case 'Numeric': {
      const range = draft.numericMode === 'range';
      const tolerance = draft.tolerance.trim();
      return {
        correct_answer: range ? null : draft.value.trim(),
        answer_tolerance: range || tolerance === '' ? null : Number(tolerance),
        answer_min: range ? Number(draft.min) : null,
        answer_max: range ? Number(draft.max) : null,
        answer_unit: draft.unit.trim() || null,
      };
    }
    default:
      return { correct_answer: null };
  }
}
