/**
 * The people import templates (issue 9), written at boot next to the question templates
 * (/uploads/templates/learners-template.xlsx, faculties-template.xlsx, users-template.xlsx):
 * the header row and example rows. Rewritten when missing or when the version changes.
 */
import ExcelJS from 'exceljs';
import { ensureTemplates } from './template-files';

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

/** Writes the templates under `publicDir` when missing or out of date; true when it wrote. */
export const ensurePeopleTemplates = (publicDir: string): Promise<boolean> =>
  ensureTemplates(publicDir, {
    version: PEOPLE_TEMPLATE_VERSION,
    versionFile: VERSION_FILE,
    files: PEOPLE_TEMPLATES.map((template) => ({
      name: template.file,
      build: () => buildPeopleTemplate(template),
    })),
  });
