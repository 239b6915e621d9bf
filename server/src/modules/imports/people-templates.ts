/**
 * The people import templates (issue 9), written at boot next to the question templates
 * (/uploads/templates/learners-template.xlsx, faculties-template.xlsx, users-template.xlsx):
 * the header row and example rows. Rewritten when missing or when the version changes.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { TEMPLATE_DIR } from './question-templates';

export const PEOPLE_TEMPLATE_VERSION = '1';
const VERSION_FILE = '.people-template-version';

interface Template {
  file: string;
  sheet: string;
  header: string[];
  rows: string[][];
}

export const PEOPLE_TEMPLATES: readonly Template[] = [
  {
    file: 'learners-template.xlsx',
    sheet: 'Learners',
    header: ['Name', 'Email', 'Mobile', 'Roll Number', 'Enrollment Date', 'Batch'],
    rows: [
      ['Asha Rao', 'asha.rao@example.com', '9876543210', 'R-001', '2026-06-01', ''],
      ['Vikram Singh', 'vikram.singh@example.com', '+91 98765 43211', 'R-002', '2026-06-01', ''],
    ],
  },
  {
    file: 'faculties-template.xlsx',
    sheet: 'Faculties',
    header: ['Name', 'Email', 'Mobile', 'Address', 'Joining Date', 'Subjects', 'Batches'],
    rows: [['Meera Iyer', 'meera.iyer@example.com', '9876500001', 'Pune', '2026-04-01', '', '']],
  },
  {
    file: 'users-template.xlsx',
    sheet: 'Users',
    header: ['Username', 'Email', 'Role', 'UserRole'],
    rows: [
      ['office.admin', 'office.admin@example.com', 'administrator', 'Admin'],
      ['new.teacher', 'new.teacher@example.com', 'faculty', 'Faculty'],
    ],
  },
];

export const buildPeopleTemplate = async (template: Template): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal';
  const sheet = workbook.addWorksheet(template.sheet);
  sheet.addRow(template.header).font = { bold: true };
  for (const row of template.rows) sheet.addRow(row.map((v) => (v === '' ? null : v)));
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const writeAtomically = async (path: string, data: Buffer | string): Promise<void> => {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
};

/** Writes the templates under `publicDir` when missing or out of date; true when it wrote. */
export const ensurePeopleTemplates = async (publicDir: string): Promise<boolean> => {
  const dir = join(publicDir, ...TEMPLATE_DIR);
  const versionFile = join(dir, VERSION_FILE);
  const version = await readFile(versionFile, 'utf8').catch(() => '');
  if (
    version.trim() === PEOPLE_TEMPLATE_VERSION &&
    PEOPLE_TEMPLATES.every((t) => existsSync(join(dir, t.file)))
  ) {
    return false;
  }
  await mkdir(dir, { recursive: true });
  for (const template of PEOPLE_TEMPLATES) {
    await writeAtomically(join(dir, template.file), await buildPeopleTemplate(template));
  }
  await writeAtomically(versionFile, PEOPLE_TEMPLATE_VERSION);
  return true;
};
