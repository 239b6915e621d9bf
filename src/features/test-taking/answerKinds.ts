// Question types in the player and the review (issue 26). The page keeps every answer as the
// server stores it (text: 'a', 'a,c', 'true', '9.81'); the save sends it in the shape the server
// checks per type (a letter, a list of letters, a boolean, a number as text), so the outbox and
// the slice need no type of their own. docs/api.md "Question types" has the shapes.
import { CHOICES, type Choice } from './examTypes';

export type QuestionKind = 'single' | 'multiple' | 'truefalse' | 'numeric' | 'descriptive';

/** The kind of a question's `question_type` (null, blank or unknown: single correct). */
export function kindOf(questionType: string | null | undefined): QuestionKind {
  switch ((questionType ?? '').trim().toLowerCase()) {
    case 'descriptive':
      return 'descriptive';
    case 'multiple':
      return 'multiple';
    case 'truefalse':
      return 'truefalse';
    case 'numeric':
      return 'numeric';
    default:
      return 'single';
  }
}

/** What a save sends as `selected_answer`. */
export type WireAnswer = string | string[] | boolean | null;

/** A decimal as the server accepts it (sign, digits, point, exponent). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;

export const isDecimalText = (text: string): boolean => DECIMAL.test(text.trim());

/** The letters of a stored multiple answer ('a,c' → ['a', 'c']). */
export function lettersOf(stored: string | null): Choice[] {
  const parts = (stored ?? '').split(',').map((p) => p.trim());
  return CHOICES.filter((c) => parts.includes(c));
}

/** The stored text of a set of letters (sorted, comma-separated; none: null). */
export function storedLetters(letters: readonly string[]): string | null {
  const chosen = CHOICES.filter((c) => letters.includes(c));
  return chosen.length > 0 ? chosen.join(',') : null;
}

/** The save's shape of a stored answer for its kind (absent kind: single, as before). */
export function toWire(kind: QuestionKind | undefined, stored: string | null): WireAnswer {
  if (stored === null) return null;
  switch (kind) {
    case 'multiple':
      return lettersOf(stored);
    case 'truefalse':
      return stored === 'true';
    default:
      return stored;
  }
}
