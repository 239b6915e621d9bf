// How an answer and a key read in the player's practice check and the review, per question type
// (issue 26): option labels as shown (A, B… by position), True/False in the page's language, a
// number with its unit, a tolerance as "9.8 ± 0.1", a range as "from 1.5 to 2.5".
import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { kindOf, lettersOf } from './answerKinds';
import { displayLabelOf, type ExamQuestion } from './examTypes';

/** A question's key as the server gives it after the result (or a practice check). */
export interface KeyFields {
  correct_answer: string | null;
  answer_tolerance?: number | null;
  answer_min?: number | null;
  answer_max?: number | null;
}

/** Whether a key is there to show (a numeric range has no correct_answer). */
export const hasKey = (key: KeyFields): boolean =>
  Boolean(key.correct_answer) ||
  (typeof key.answer_min === 'number' && typeof key.answer_max === 'number');

export function useAnswerText() {
  const { t } = useTranslation('exam');
  const withUnit = useCallback(
    (question: ExamQuestion, text: string) =>
      question.answer_unit ? `${text} ${question.answer_unit}` : text,
    [],
  );
  /** A stored answer as the learner gave it. */
  const answerLabel = useCallback(
    (question: ExamQuestion, stored: string | null): string => {
      if (stored === null || stored === '') return '';
      switch (kindOf(question.question_type)) {
        case 'multiple':
          return lettersOf(stored)
            .map((c) => displayLabelOf(question, c))
            .join(', ');
        case 'truefalse':
          return stored === 'true' ? t('question.true') : t('question.false');
        case 'numeric':
          return withUnit(question, stored);
        default:
          return displayLabelOf(question, stored);
      }
    },
    [t, withUnit],
  );
  /** A key: the right option(s), true/false, or the accepted number(s). */
  const keyLabel = useCallback(
    (question: ExamQuestion, key: KeyFields): string => {
      if (kindOf(question.question_type) !== 'numeric') {
        return answerLabel(question, key.correct_answer);
      }
      if (typeof key.answer_min === 'number' && typeof key.answer_max === 'number') {
        return withUnit(
          question,
          t('question.range', { min: key.answer_min, max: key.answer_max }),
        );
      }
      const value = key.correct_answer ?? '';
      return withUnit(
        question,
        key.answer_tolerance
          ? t('question.plusMinus', { value, tolerance: key.answer_tolerance })
          : value,
      );
    },
    [answerLabel, t, withUnit],
  );
  return { answerLabel, keyLabel };
}
