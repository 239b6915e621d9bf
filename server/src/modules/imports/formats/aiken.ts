/**
 * Aiken question files (Moodle's "Aiken format"), read and written here (no maintained parser
 * exists; the format is a few lines). The grammar accepted, line by line (blank lines between
 * and inside questions are ignored):
 *
 *   question   = stem-line+ option-line+ answer-line
 *   stem-line  = any line that is not an option line or an answer line (several lines make a
 *                multi-line question; the first line of a question may look like an option)
 *   option-line= LETTER ("." | ")") SPACE text     with letters A, B, C… in order
 *   answer-line= "ANSWER:" SPACE* LETTER            (one of the question's option letters)
 *
 * Aiken holds single-answer multiple choice only; here it needs exactly four options (A–D).
 * It has no points, negative marks, explanations or categories: a question is worth 1, 0 for a
 * wrong answer. A question that breaks the grammar is skipped with its line and the reason.
 */
import {
  LETTERS,
  MAX_QUESTIONS,
  tooLong,
  tooManyQuestions,
  type Candidate,
  type FormatSkip,
  type ParsedFormat,
} from './common';
import type { ExportQuestion, FormatWriter } from './export-types';

const OPTION = /^\s*([A-Z])[.)]\s+(.*\S)\s*$/;
const ANSWER = /^\s*ANSWER\s*:\s*(\S*)\s*$/i;

interface Open {
  line: number;
  stem: string[];
  options: Array<{ letter: string; text: string }>;
  errors: string[];
}

/** Reads an Aiken file into candidate rows and skipped questions. */
export const parseAiken = (text: string): ParsedFormat => {
  const candidates: Candidate[] = [];
  const skipped: FormatSkip[] = [];
  let open: Open | null = null;

  const close = (answer: string | null, answerLine: number) => {
    if (!open) return;
    const q = open;
    open = null;
    const reasons = [...q.errors];
    if (q.options.length === 0) reasons.push('No options (A. …) follow the question');
    if (answer === null) reasons.push('No ANSWER: line after its options');
    const letters = q.options.map((o) => o.letter);
    if (answer !== null && !letters.includes(answer.toUpperCase())) {
      reasons.push(
        `Line ${answerLine}: ANSWER '${answer}' is not one of its options (${letters.join(', ')})`,
      );
    }
    if (reasons.length === 0 && q.options.length !== 4) {
      reasons.push(`It has ${q.options.length} options; multiple choice here has exactly 4 (A–D)`);
    }
    const question = q.stem.join('\n');
    for (const reason of [
      tooLong('Question text', question),
      ...q.options.map((o) => tooLong(`Option ${o.letter}`, o.text)),
    ]) {
      if (reason) reasons.push(reason);
    }
    if (candidates.length + skipped.length >= MAX_QUESTIONS) {
      throw tooManyQuestions(candidates.length + skipped.length + 1);
    }
    if (reasons.length > 0 || answer === null) {
      skipped.push({ row: q.line, reasons, type: 'Aiken' });
      return;
    }
    candidates.push({
      row: q.line,
      type: 'Aiken',
      input: {
        question,
        option_a: q.options[0].text,
        option_b: q.options[1].text,
        option_c: q.options[2].text,
        option_d: q.options[3].text,
        correct_answer: answer.toLowerCase(),
        points_correct_answer: 1,
        points_incorrect_answer: 0,
        question_type: 'MCQ',
      },
      category: null,
      notes: [],
    });
  };

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const answer = ANSWER.exec(raw);
    if (answer) {
      if (!open) {
        skipped.push({
          row: line,
          reasons: ['ANSWER: line with no question before it'],
          type: 'Aiken',
        });
        return;
      }
      close(answer[1], line);
      return;
    }
    const option = OPTION.exec(raw);
    if (option && open && open.stem.length > 0) {
      const expected = String.fromCharCode(65 + open.options.length);
      if (option[1] !== expected) {
        open.errors.push(
          `Line ${line}: option ${option[1]} is out of order (expected ${expected})`,
        );
      }
      open.options.push({ letter: option[1], text: option[2] });
      return;
    }
    if (open && open.options.length > 0) {
      // A new question starts before the last one's ANSWER line.
      close(null, line);
    }
    open ??= { line, stem: [], options: [], errors: [] };
    open.stem.push(raw.trim());
  });
  close(null, 0);
  return { format: 'aiken', candidates, skipped };
};

/** Writes multiple-choice questions as an Aiken file. */
export const writeAiken = (questions: readonly ExportQuestion[]): string =>
  questions
    .map((q) => {
      const options = LETTERS.map((letter, i) => `${'ABCD'[i]}. ${q[`option_${letter}`] ?? ''}`);
      return `${q.question}\n${options.join('\n')}\nANSWER: ${(q.correct_answer ?? '').toUpperCase()}\n`;
    })
    .join('\n');

const breaksAiken = (q: ExportQuestion): string | null => {
  const lines = q.question.split(/\r?\n/);
  if (lines.some((l) => l.trim() === ''))
    return 'The question text has a blank line, which Aiken cannot hold';
  if (lines.slice(1).some((l) => OPTION.test(l) || ANSWER.test(l))) {
    return 'A line of the question text would read as an Aiken option or ANSWER line';
  }
  if (lines.some((l) => l !== l.trim()))
    return 'The question text has lines with spaces around them';
  if (ANSWER.test(lines[0])) return 'The question text would read as an ANSWER line';
  for (const letter of LETTERS) {
    const option = q[`option_${letter}`] ?? '';
    if (/[\r\n]/.test(option) || option !== option.trim() || option === '') {
      return `Option ${letter.toUpperCase()} spans several lines or is blank, which Aiken cannot hold`;
    }
  }
  return null;
};

export const aikenWriter: FormatWriter = {
  extension: 'txt',
  contentType: 'text/plain; charset=utf-8',
  images: 'none',
  cannotHold: (q) =>
    q.question_type === 'Descriptive'
      ? 'Aiken holds only multiple-choice questions'
      : q.question_type !== 'MCQ'
        ? 'Aiken holds only multiple choice with one correct answer'
        : breaksAiken(q),
  write: writeAiken,
  notes: [
    'Aiken holds no points, negative marks, explanations or subjects: its questions import as 1 point, 0 for a wrong answer.',
  ],
};
