/**
 * Moodle XML question files (Moodle's "Moodle XML format" import/export), read with
 * fast-xml-parser and written with its XMLBuilder. What maps:
 * - `multichoice` with one correct answer (`single` true), exactly four answers, one at fraction
 *   100 and the others all at the same fraction ≤ 0 → MCQ; `defaultgrade` → points for a correct
 *   answer, the wrong answers' fraction × defaultgrade → points for a wrong one;
 * - `multichoice` with several correct answers (`single` false), four answers, the right ones at
 *   equal positive fractions adding up to 100 and the wrong ones at one fraction ≤ 0 → Multiple
 *   (issue 26; the test's own rule decides all-or-nothing or partial marks);
 * - `truefalse` → TrueFalse (the answer at 100 is the key; the other's fraction → wrong points);
 * - `numerical` with one answer at 100 (its `tolerance`) → Numeric, the first unit → its unit;
 * - `essay` → Descriptive (`graderinfo` → the model answer);
 * - `generalfeedback` → explanation; `category` questions → the subject of the questions after
 *   them (when a subject has that name or code).
 * Every other type (shortanswer, matching, calculated, cloze, drag and drop…) is skipped with its
 * Moodle name; HTML text becomes plain text with a note. Answer feedback has no place: noted.
 * Images (issue 26): an `<img src="@@PLUGINFILE@@/name">` whose file the field carries as a base64
 * `<file>` comes along (checked here, stored by the import: import-images.ts), and so does a
 * `data:` image (data-images.ts); any other image (another host, a file not carried) skips the
 * question with the reason.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { QUESTION_IMAGES_MAX } from '../../../platform/files/question-images';
import type { QuestionInput } from '../../catalogue';
import {
  categoryName,
  choiceFields,
  FormatError,
  hasImage,
  htmlToText,
  type ImportImage,
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
  type ParsedFormat,
} from './common';
import type { ExportQuestion, FormatWriter, ImageBytes } from './export-types';
import { carryDataImages } from './data-images';
import { carryImages, imageFilesOut, type TextField } from './moodle-images';

type Node = Record<string, unknown>;

const SUPPORTED_NOTE = 'multichoice, truefalse, numerical and essay are supported here';

const REASON_OF_TYPE: Record<string, string> = {
  description: "Moodle 'description' is information text, not a question",
  random: "Moodle 'random' draws from a Moodle category; it holds no question",
  calculated: "Moodle 'calculated' questions (formulas with wildcards) are not supported",
  calculatedsimple:
    "Moodle 'calculatedsimple' questions (formulas with wildcards) are not supported",
  calculatedmulti: "Moodle 'calculatedmulti' questions (formulas with wildcards) are not supported",
  multianswer: "Moodle 'multianswer' (Cloze, embedded answers) questions are not supported",
};

const node = (value: unknown): Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {};

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The `<text>` of an element, its `format` attribute and its `<file>` elements. */
const textField = (value: unknown): TextField => {
  const n = node(value);
  const files = Array.isArray(n.file) ? n.file.map(node) : n.file ? [node(n.file)] : [];
  return { text: str(n.text), format: str(n['@_format']) || 'html', files };
};

/** Line of each `<question` start tag, in document order (CDATA and comments are passed over). */
const questionLines = (xml: string): number[] => {
  const lines: number[] = [];
  const pattern = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<question\b/g;
  let line = 1;
  let last = 0;
  for (let m = pattern.exec(xml); m; m = pattern.exec(xml)) {
    for (let i = last; i < m.index; i += 1) if (xml.charCodeAt(i) === 10) line += 1;
    last = m.index;
    if (m[0] === '<question') lines.push(line);
  }
  return lines;
};

/** One text field as plain text; a reason when it cannot be taken. */
const plain = (
  label: string,
  field: TextField,
  notes: Set<string>,
  images: ImportImage[] | null = null,
): { text: string; reason: string | null } => {
  // Fields that are not question text (the grader information) take no images.
  let carried = images ? carryImages(label, field, images) : { html: field.text, reason: null };
  // Issue 26: `data:` images are stored as uploads are (formats/data-images.ts).
  if (images && !carried.reason) carried = carryDataImages(label, carried.html, images);
  if (carried.reason) return { text: '', reason: carried.reason };
  if (hasImage(carried.html)) {
    return {
      text: '',
      reason: `${label} shows an image that the file does not carry (only images embedded as <file> or as data: URLs are imported)`,
    };
  }
  if (carried.html !== field.text) notes.add('Images are stored with the question');
  let text = carried.html.trim();
  if (field.format === 'html' || field.format === 'moodle_auto_format') {
    const converted = htmlToText(carried.html);
    text = converted.text;
    if (converted.formatted) notes.add('HTML formatting removed; the text is kept');
  }
  return { text, reason: tooLong(label, text) };
};

/** Four answers whose fractions say the key: one right (single) or several (multiple). */
const multichoice = (
  q: Node,
  notes: Set<string>,
  reasons: string[],
  images: ImportImage[],
): Partial<QuestionInput> => {
  const several = str(q.single).trim().toLowerCase() === 'false' || str(q.single).trim() === '0';
  const answers = Array.isArray(q.answer) ? q.answer.map(node) : [];
  if (answers.length !== 4) {
    reasons.push(`It has ${answers.length} answers; multiple choice here has exactly 4 (A–D)`);
    return {};
  }
  const fractions = answers.map((a) => Number(str(a['@_fraction']) || '0'));
  const right = fractions.filter((f) => f > 0);
  const sum = right.reduce((total, f) => total + f, 0);
  if (!several && (right.length !== 1 || right[0] !== 100)) {
    reasons.push('It needs exactly one answer at 100%');
    return {};
  }
  if (several && (right.length === 0 || new Set(right).size > 1 || Math.abs(sum - 100) > 0.1)) {
    reasons.push(
      'Several correct answers need equal positive fractions adding up to 100% (here: each right option earns its share)',
    );
    return {};
  }
  const wrong = fractions.filter((f) => f <= 0);
  if (fractions.some((f) => !Number.isFinite(f))) {
    reasons.push('An answer has a fraction that is not a number');
    return {};
  }
  if (!oneWrongMark(wrong, reasons)) return {};
  const texts = answers.map((answer, i) => {
    const { text, reason } = plain(`Answer ${'ABCD'[i]}`, textField(answer), notes, images);
    if (reason) reasons.push(reason);
    if (textField(answer.feedback).text.trim()) notes.add('Answer feedback is not kept');
    return text;
  });
  const input = choiceFields(
    texts,
    fractions.map((f) => f > 0),
    several,
  );
  const grade = Number(str(q.defaultgrade) || '1');
  input.points_correct_answer = grade;
  input.points_incorrect_answer = mark((grade * (wrong[0] ?? 0)) / 100);
  return input;
};

/** True/false: the answer at 100 ('true' or 'false') is the key. */
const trueFalse = (q: Node, reasons: string[]): Partial<QuestionInput> => {
  const answers = Array.isArray(q.answer) ? q.answer.map(node) : [];
  const right = answers.find((a) => Number(str(a['@_fraction']) || '0') === 100);
  const key = textField(right).text.trim().toLowerCase();
  if (key !== 'true' && key !== 'false') {
    reasons.push("It needs the answer 'true' or 'false' at 100%");
    return {};
  }
  const other = answers.find((a) => a !== right);
  const grade = Number(str(q.defaultgrade) || '1');
  return {
    question_type: 'TrueFalse',
    correct_answer: key,
    points_correct_answer: grade,
    points_incorrect_answer: mark(
      (grade * Math.min(0, Number(str(other?.['@_fraction']) || '0'))) / 100,
    ),
  };
};

/** Numerical: one answer at 100 with its tolerance; the first unit (multiplier 1) is kept. */
const numerical = (q: Node, notes: Set<string>, reasons: string[]): Partial<QuestionInput> => {
  const answers = Array.isArray(q.answer) ? q.answer.map(node) : [];
  const right = answers.filter((a) => Number(str(a['@_fraction']) || '0') === 100);
  if (right.length !== 1 || answers.length !== 1) {
    reasons.push(
      'It needs exactly one answer, at 100% (several accepted values are not supported)',
    );
    return {};
  }
  const answer = right[0] as Node;
  const units = node(q.units);
  const unitList = Array.isArray(units.unit)
    ? units.unit.map(node)
    : units.unit
      ? [node(units.unit)]
      : [];
  if (unitList.length > 1) notes.add('Only the first unit is kept');
  return {
    question_type: 'Numeric',
    correct_answer: textField(answer).text.trim(),
    // A tolerance of 0 is the exact value: stored as none, as the form and GIFT do.
    answer_tolerance:
      Number(str(answer.tolerance).trim() || '0') === 0 ? null : str(answer.tolerance).trim(),
    answer_unit: unitList[0] ? str(unitList[0].unit_name).trim() || null : null,
    points_correct_answer: Number(str(q.defaultgrade) || '1'),
    points_incorrect_answer: 0,
  };
};

/** Reads a Moodle XML file into candidate rows and skipped questions. */
export const parseMoodleXml = (xml: string): ParsedFormat => {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new FormatError('Moodle XML files have no DOCTYPE; remove it and try again.');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new FormatError(`The XML is not well formed (line ${valid.err.line}): ${valid.err.msg}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => name === 'question' || name === 'answer',
  });
  const root = node(node(parser.parse(xml)).quiz);
  if (!('question' in root) && Object.keys(root).length === 0 && !/<quiz\b/.test(xml)) {
    throw new FormatError('This is not a Moodle XML question file (no <quiz> element).');
  }
  const questions = Array.isArray(root.question) ? root.question.map(node) : [];
  const lines = questionLines(xml);
  const real = questions.filter((q) => str(q['@_type']) !== 'category');
  if (real.length > MAX_QUESTIONS) throw tooManyQuestions(real.length);
  const candidates: Candidate[] = [];
  const skipped: FormatSkip[] = [];
  let category: string | null = null;
  questions.forEach((q, index) => {
    const row = lines[index] ?? 0;
    const type = str(q['@_type']) || 'unknown';
    if (type === 'category') {
      category = categoryName(textField(q.category).text);
      return;
    }
    const reasons: string[] = [];
    const notes = new Set<string>();
    const images: ImportImage[] = [];
    let input: Partial<QuestionInput> = {};
    if (type === 'multichoice') {
      input = multichoice(q, notes, reasons, images);
    } else if (type === 'truefalse') {
      input = trueFalse(q, reasons);
    } else if (type === 'numerical') {
      input = numerical(q, notes, reasons);
    } else if (type === 'essay') {
      const info = plain('Grader information', textField(q.graderinfo), notes);
      if (info.reason) reasons.push(info.reason);
      input = {
        question_type: 'Descriptive',
        correct_answer: info.text || null,
        points_correct_answer: Number(str(q.defaultgrade) || '1'),
        points_incorrect_answer: 0,
      };
    } else {
      reasons.push(
        REASON_OF_TYPE[type] ?? `Moodle '${type}' questions are not supported (${SUPPORTED_NOTE})`,
      );
    }
    const stem = plain('Question text', textField(q.questiontext), notes, images);
    const feedback = plain('General feedback', textField(q.generalfeedback), notes, images);
    for (const reason of [stem.reason, feedback.reason]) if (reason) reasons.push(reason);
    if (images.length > QUESTION_IMAGES_MAX) {
      reasons.push(`It has ${images.length} images; at most ${QUESTION_IMAGES_MAX} are allowed`);
    }
    if (reasons.length > 0) {
      skipped.push({ row, reasons, type });
      return;
    }
    candidates.push({
      row,
      type,
      input: { ...input, ...tagsIn(q), question: stem.text, explanation: feedback.text || null },
      category,
      notes: [...notes],
      ...(images.length > 0 ? { images } : {}),
    });
  });
  return { format: 'moodle', candidates, skipped };
};

const plainText = (text: string | null) => ({ '@_format': 'plain_text', text: text ?? '' });

/** Issue 26: a pool question's difficulty travels as a Moodle tag `difficulty:<level>`. */
const DIFFICULTY_TAG = /^difficulty:\s*(easy|medium|hard)$/i;

/** A question's <tags> as our tags and difficulty (one tag or several). */
const tagsIn = (q: Node): Partial<QuestionInput> => {
  const tag = node(q.tags).tag;
  const list = (Array.isArray(tag) ? tag : tag === undefined ? [] : [tag])
    .map((t) => textField(t).text.trim())
    .filter(Boolean);
  if (list.length === 0) return {};
  const level = list.map((t) => DIFFICULTY_TAG.exec(t)?.[1]).find(Boolean);
  return {
    tags: list.filter((t) => !DIFFICULTY_TAG.test(t)),
    ...(level ? { difficulty: level.toLowerCase() } : {}),
  };
};

/** Our tags and difficulty as Moodle <tags>, or nothing. */
const tagsOut = (q: ExportQuestion): Node => {
  const tags = [...q.tags, ...(q.difficulty ? [`difficulty:${q.difficulty}`] : [])];
  return tags.length > 0 ? { tags: { tag: tags.map((text) => ({ text })) } } : {};
};

/** Writes questions as a Moodle XML file (plain-text fields, a category per subject). */
export const writeMoodleXml = (
  questions: readonly ExportQuestion[],
  images: ImageBytes = new Map(),
): string => {
  const field = (text: string | null) => imageFilesOut(text, images);
  const out: Node[] = [];
  let category: string | undefined;
  questions.forEach((q, index) => {
    const subject = q.subject ?? '';
    if (subject !== category) {
      category = subject;
      const path = subject ? `$course$/top/${subject.replace(/\//g, '//')}` : '$course$/top';
      out.push({ '@_type': 'category', category: { text: path } });
    }
    const common = {
      name: { text: `Question ${index + 1}` },
      questiontext: field(q.question),
      generalfeedback: field(q.explanation),
      defaultgrade: String(q.points_correct_answer),
      penalty: '0',
      hidden: '0',
      ...tagsOut(q),
    };
    if (q.question_type === 'Descriptive') {
      out.push({
        '@_type': 'essay',
        ...common,
        responseformat: 'editor',
        responserequired: '1',
        responsefieldlines: '15',
        attachments: '0',
        graderinfo: plainText(q.correct_answer),
      });
      return;
    }
    const wrong = wrongPercent(q);
    if (q.question_type === 'TrueFalse') {
      out.push({
        '@_type': 'truefalse',
        ...common,
        answer: ['true', 'false'].map((value) => ({
          '@_fraction': value === q.correct_answer ? '100' : String(wrong),
          '@_format': 'moodle_auto_format',
          text: value,
        })),
      });
      return;
    }
    if (q.question_type === 'Numeric') {
      out.push({
        '@_type': 'numerical',
        ...common,
        answer: [
          {
            '@_fraction': '100',
            '@_format': 'moodle_auto_format',
            text: q.correct_answer ?? '',
            tolerance: String(q.answer_tolerance ?? 0),
          },
        ],
        ...(q.answer_unit
          ? { units: { unit: { multiplier: '1', unit_name: q.answer_unit } }, showunits: '3' }
          : {}),
      });
      return;
    }
    const keys = (q.correct_answer ?? '').split(',');
    // Moodle writes thirds as 33.33333; the import accepts a sum within 0.1 of 100.
    const share = q.question_type === 'Multiple' ? keyShare(keys.length) : 100;
    out.push({
      '@_type': 'multichoice',
      ...common,
      single: q.question_type === 'Multiple' ? 'false' : 'true',
      shuffleanswers: 'false',
      answernumbering: 'ABCD',
      answer: LETTERS.map((letter) => ({
        '@_fraction': keys.includes(letter) ? String(share) : String(wrong),
        ...field(q[`option_${letter}`]),
      })),
    });
  });
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: false,
    processEntities: true,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: out } })}`;
};

export const moodleWriter: FormatWriter = {
  extension: 'xml',
  contentType: 'application/xml; charset=utf-8',
  images: 'embedded',
  cannotHold: (q) => {
    if (q.question_type === 'Descriptive' && q.points_incorrect_answer !== 0) {
      return 'A Moodle essay has no mark for a wrong answer';
    }
    if (
      q.question_type !== 'Descriptive' &&
      q.points_correct_answer === 0 &&
      q.points_incorrect_answer !== 0
    ) {
      return 'A wrong-answer mark with 0 points for a correct one cannot be a Moodle fraction';
    }
    if (q.question_type === 'Numeric' && q.answer_min !== null && q.answer_max !== null) {
      return 'A Moodle numerical question holds a value and a tolerance, not a range';
    }
    if (q.question_type === 'Numeric' && q.points_incorrect_answer !== 0) {
      return 'A Moodle numerical question has no mark for a wrong answer';
    }
    return null;
  },
  write: writeMoodleXml,
  notes: [],
};
