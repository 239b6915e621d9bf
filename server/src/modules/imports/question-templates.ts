/**
 * The question import templates, made by this project at boot into the public uploads folder
 * (served without signing in at /uploads/templates/…): a spreadsheet and a Word document with the
 * header row and example rows (an MCQ with negative marking, a descriptive question, and since
 * issue 26 a several-correct, a true/false and a numeric question).
 * Rewritten when missing or when TEMPLATE_VERSION changes (template-files.ts).
 */
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { COLUMNS } from './question-rows';
import { ensureTemplates } from './template-files';

export const TEMPLATE_VERSION = '3';
export const XLSX_TEMPLATE = 'questions-template.xlsx';
export const DOCX_TEMPLATE = 'questions-template.docx';
const VERSION_FILE = '.template-version';

type Row = Array<string | number>;

export const EXAMPLE_ROWS: readonly Row[] = [
  [
    'Which Article of the Constitution of India guarantees equality before the law?',
    'Article 14',
    'Article 19',
    'Article 21',
    'Article 32',
    'a',
    2,
    -0.5,
    'MCQ',
    'Indian Polity',
    'Article 14 guarantees equality before the law and the equal protection of the laws.',
    '',
    '',
    '',
    '',
    'easy',
    'articles, fundamental rights',
  ],
  [
    'Explain the role of the Finance Commission in Indian fiscal federalism. (150 words)',
    '',
    '',
    '',
    '',
    '',
    10,
    0,
    'Descriptive',
    'Indian Economy',
    'Expected: Article 280, sharing of central taxes, grants-in-aid, recent commissions.',
    '',
    '',
    '',
    '',
    'hard',
    'federalism',
  ],
  [
    'Which of these are Fundamental Rights?',
    'Right to Equality',
    'Right to Property',
    'Right to Freedom of Religion',
    'Right to Work',
    'a,c',
    4,
    -2,
    'Multiple',
    'Indian Polity',
    'The Right to Property was removed from Part III in 1978.',
    '',
    '',
    '',
    '',
    'medium',
    'fundamental rights',
  ],
  [
    'The Rajya Sabha can be dissolved by the President.',
    '',
    '',
    '',
    '',
    'false',
    1,
    -0.5,
    'TrueFalse',
    'Indian Polity',
    'The Rajya Sabha is a permanent house.',
    '',
    '',
    '',
    '',
    'easy',
    '',
  ],
  [
    'The repo rate is 6.5 % and inflation 5.1 %. What is the real interest rate?',
    '',
    '',
    '',
    '',
    '1.4',
    3,
    0,
    'Numeric',
    'Indian Economy',
    'Real rate = nominal rate − inflation.',
    0.05,
    '',
    '',
    '%',
    'medium',
    'rates, inflation',
  ],
];

export const INSTRUCTIONS = [
  'Question import template: one question per row of the table below; keep the header row.',
  'Required columns: Question, Correct Answer (a, b, c or d; for MCQ), Points Correct (a number of 0 or more). ' +
    'Points Incorrect is 0 or a negative number (e.g. -0.5 for negative marking). ' +
    'Question Type is MCQ (the default; one correct answer, all four options needed), Multiple ' +
    '(several correct: Correct Answer lists the letters, e.g. a,c), TrueFalse (Correct Answer ' +
    'true or false, no options), Numeric (Correct Answer a number with an optional Tolerance, ' +
    'or a range in Minimum and Maximum instead; an optional Unit) or Descriptive. ' +
    'Subject is the name or code of an existing subject, or blank. ' +
    'Difficulty (easy, medium or hard) and Tags (comma-separated) are kept on question-pool ' +
    'questions (at most 20 tags of at most 40 characters).',
];

const headers = (): string[] => COLUMNS.map((c) => c.header);

export const buildXlsxTemplate = async (): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal';
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(headers()).font = { bold: true };
  for (const row of EXAMPLE_ROWS) {
    sheet.addRow(row.map((v) => (v === '' ? null : v)));
  }
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 || i === 10 ? 60 : 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const run = (text: string, bold = false): string =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;

const paragraph = (text: string, bold = false): string => `<w:p>${run(text, bold)}</w:p>`;

const cell = (text: string, bold = false): string =>
  `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${paragraph(text, bold)}</w:tc>`;

const BORDER = 'w:val="single" w:sz="4" w:space="0" w:color="808080"';

export const buildDocxTemplate = (): Buffer => {
  const rows = [
    `<w:tr>${headers()
      .map((h) => cell(h, true))
      .join('')}</w:tr>`,
    ...EXAMPLE_ROWS.map((row) => `<w:tr>${row.map((v) => cell(String(v))).join('')}</w:tr>`),
  ];
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    INSTRUCTIONS.map((text, i) => paragraph(text, i === 0)).join('') +
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>' +
    ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
      .map((side) => `<w:${side} ${BORDER}/>`)
      .join('') +
    '</w:tblBorders></w:tblPr><w:tblGrid>' +
    COLUMNS.map(() => '<w:gridCol w:w="1400"/>').join('') +
    `</w:tblGrid>${rows.join('')}</w:tbl>` +
    paragraph('') +
    '<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>' +
    '<w:pgMar w:top="720" w:right="720" w:bottom="720" w:left="720" w:header="0" w:footer="0" w:gutter="0"/>' +
    '</w:sectPr></w:body></w:document>';
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rels),
      'word/document.xml': strToU8(document),
    }),
  );
};

/** Writes the templates under `publicDir` when missing or out of date; true when it wrote. */
export const ensureQuestionTemplates = (publicDir: string): Promise<boolean> =>
  ensureTemplates(publicDir, {
    version: TEMPLATE_VERSION,
    versionFile: VERSION_FILE,
    files: [
      { name: XLSX_TEMPLATE, build: buildXlsxTemplate },
      { name: DOCX_TEMPLATE, build: buildDocxTemplate },
    ],
  });
