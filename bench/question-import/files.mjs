// The question import bench's files, written here from the formats' own rules (not by the
// server's export): questions `from`…`from + count - 1` of one format, the types in turn (single
// correct, several correct, true/false, numeric with a tolerance and a unit, descriptive; Aiken:
// single correct only), LaTeX maths in every other question and in some options.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverDir } from '../../server/tests/helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const ExcelJS = require('exceljs');

export const FILE_NAMES = {
  xlsx: 'questions.xlsx',
  moodle: 'questions.xml',
  gift: 'questions.gift',
  aiken: 'questions.txt',
};

const TYPES = ['MCQ', 'Multiple', 'TrueFalse', 'Numeric', 'Descriptive'];

/** Question `i` of `format`: its type, text, options, key and marks. */
function question(format, i) {
  const type = format === 'aiken' ? 'MCQ' : TYPES[i % TYPES.length];
  const maths = i % 2 === 0;
  const n = (i % 50) + 2;
  const text = maths
    ? `${format} ${i}: for $f(x) = \\frac{x^${n}}{${n}} + \\sqrt{x}$, which statement about $f'(x)$ holds?`
    : `${format} ${i}: which property of the compound numbered ${i} is the one asked for?`;
  const options = maths
    ? [`$x^{${n - 1}}$`, `$\\frac{1}{2\\sqrt{x}}$`, `$x^{${n - 1}} + \\frac{1}{2\\sqrt{x}}$`, `$0$`]
    : ['its density', 'its boiling point', 'its molar mass', 'its colour'];
  const base = { i, type, options, explanation: `Worked answer of ${format} ${i}.` };
  switch (type) {
    case 'MCQ':
      return { ...base, text, key: 'abcd'[i % 4], right: 4, wrong: -1 };
    case 'Multiple':
      return { ...base, text, key: 'a,c', right: 4, wrong: -2 };
    case 'TrueFalse':
      return {
        ...base,
        text: `${format} ${i}: the derivative of $x^${n}$ is $${n}x^{${n - 1}}$.`,
        options: null,
        key: 'true',
        right: 1,
        wrong: -0.5,
      };
    case 'Numeric':
      return {
        ...base,
        text: `${format} ${i}: a stone falls from rest for ${n} s with $g = 9.8$; how far does it fall?`,
        options: null,
        key: String(Math.round(4.9 * n * n * 100) / 100),
        tolerance: 0.05,
        unit: 'm',
        right: 3,
        wrong: 0,
      };
    default:
      return {
        ...base,
        text: `${format} ${i}: derive $E = mc^2$ in your own words.`,
        options: null,
        key: '',
        right: 10,
        wrong: 0,
      };
  }
}

const HEADER = [
  'Question',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Correct Answer',
  'Points Correct',
  'Points Incorrect',
  'Question Type',
  'Subject',
  'Explanation',
  'Tolerance',
  'Minimum',
  'Maximum',
  'Unit',
];

async function xlsx(questions) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(HEADER);
  for (const q of questions) {
    const [a, b, c, d] = q.options ?? ['', '', '', ''];
    sheet.addRow([
      q.text,
      a,
      b,
      c,
      d,
      q.key,
      q.right,
      q.wrong,
      q.type,
      '',
      q.explanation,
      q.tolerance ?? '',
      '',
      '',
      q.unit ?? '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const xmlText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const field = (tag, text) => `<${tag} format="plain_text"><text>${xmlText(text)}</text></${tag}>`;

function moodleQuestion(q) {
  const head = `<name><text>Q${q.i}</text></name>${field('questiontext', q.text)}${field('generalfeedback', q.explanation)}<defaultgrade>${q.right}</defaultgrade>`;
  const wrongFraction = q.right > 0 ? (q.wrong / q.right) * 100 : 0;
  if (q.type === 'MCQ' || q.type === 'Multiple') {
    const keys = q.key.split(',');
    const share = 100 / keys.length;
    const answers = q.options
      .map((option, index) => {
        const fraction = keys.includes('abcd'[index]) ? share : wrongFraction;
        return `<answer fraction="${fraction}"><text>${xmlText(option)}</text></answer>`;
      })
      .join('');
    return `<question type="multichoice">${head}<single>${q.type === 'MCQ'}</single>${answers}</question>`;
  }
  if (q.type === 'TrueFalse') {
    return `<question type="truefalse">${head}<answer fraction="100"><text>true</text></answer><answer fraction="${wrongFraction}"><text>false</text></answer></question>`;
  }
  if (q.type === 'Numeric') {
    return `<question type="numerical">${head}<answer fraction="100"><text>${q.key}</text><tolerance>${q.tolerance}</tolerance></answer><units><unit><multiplier>1</multiplier><unit_name>${q.unit}</unit_name></unit></units></question>`;
  }
  return `<question type="essay">${head}</question>`;
}

const moodle = (questions) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.map(moodleQuestion).join('\n')}\n</quiz>\n`,
  );

/** GIFT's special characters escaped (as Moodle's own GIFT export does). */
const giftText = (text) => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`);

function giftQuestion(q) {
  const lines = [`// points: ${q.right}, ${q.wrong}`];
  if (q.unit) lines.push(`// unit: ${q.unit}`);
  const head = `::Q${q.i}::[plain]${giftText(q.text)}`;
  const feedback = `####${giftText(q.explanation)}`;
  if (q.type === 'MCQ' || q.type === 'Multiple') {
    const keys = q.key.split(',');
    const share = 100 / keys.length;
    const wrong = q.right > 0 ? (q.wrong / q.right) * 100 : 0;
    const answers = q.options.map((option, index) => {
      const right = keys.includes('abcd'[index]);
      if (q.type === 'MCQ') return `${right ? '=' : '~'}${giftText(option)}`;
      return `~%${right ? share : wrong}%${giftText(option)}`;
    });
    lines.push(`${head} {\n${answers.join('\n')}\n${feedback}\n}`);
  } else if (q.type === 'TrueFalse') {
    lines.push(`${head} {T${feedback}}`);
  } else if (q.type === 'Numeric') {
    lines.push(`${head} {#${q.key}:${q.tolerance}${feedback}}`);
  } else {
    lines.push(`${head} {${feedback}}`);
  }
  return lines.join('\n');
}

const gift = (questions) => Buffer.from(`${questions.map(giftQuestion).join('\n\n')}\n`);

const aiken = (questions) =>
  Buffer.from(
    `${questions
      .map(
        (q) =>
          `${q.text}\n${q.options.map((o, index) => `${'ABCD'[index]}. ${o}`).join('\n')}\nANSWER: ${q.key.toUpperCase()}`,
      )
      .join('\n\n')}\n`,
  );

const WRITERS = { xlsx, moodle, gift, aiken };

/** The file of questions `from`…`from + count - 1` in `format`. */
export async function questionFile(format, from, count) {
  const writer = WRITERS[format];
  if (!writer) throw new Error(`unknown format ${format}`);
  const questions = Array.from({ length: count }, (_, k) => question(format, from + k));
  return writer(questions);
}
