// The records and files the server tests build again and again, written once (issue 19): a
// multiple-choice question, a spreadsheet of rows, the question and learner sheets' headers, and
// the demo institute's seeded records by name. A test passes what it cares about; the rest is the
// one shape every file used.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverDir } from './server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const ExcelJS = require('exceljs');

/**
 * A multiple-choice question's `data`: options A–D, answer a, 1 mark, no penalty; `extra` adds or
 * overrides fields (test, subject, marks, …).
 */
export const mcq = (question, extra = {}) => ({
  question,
  option_a: 'A',
  option_b: 'B',
  option_c: 'C',
  option_d: 'D',
  question_type: 'MCQ',
  correct_answer: 'a',
  points_correct_answer: 1,
  points_incorrect_answer: 0,
  ...extra,
});

/** The question import's columns (the template's header row). */
export const QUESTION_SHEET_HEADER = [
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
];

/** The learner import's columns. */
export const LEARNER_SHEET_HEADER = [
  'Name',
  'Email',
  'Mobile',
  'Roll Number',
  'Enrollment Date',
  'Batch',
];

/** An .xlsx file of `rows` (the header is the first row); `edit(sheet)` may change it before. */
export const xlsx = async (rows, { sheet: name = 'Sheet1', edit } = {}) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * The seeded demo records the tests name (documentIds), read as the administrator through `ok`
 * (helpers/roles.mjs): subjects Polity and Economy, the course, the batch, the essay assignment
 * and the Mains and Prelims tests.
 */
export const demoRecords = async (ok) => {
  const find = (rows, field, value) => rows.find((r) => r[field] === value).documentId;
  const subjects = await ok('admin', 'GET', '/api/subjects?pagination[pageSize]=100');
  const courses = await ok('admin', 'GET', '/api/courses?pagination[pageSize]=100');
  const batches = await ok('admin', 'GET', '/api/batches');
  const assignments = await ok('admin', 'GET', '/api/assignments?pagination[pageSize]=100');
  const tests = await ok('admin', 'GET', '/api/tests?pagination[pageSize]=100');
  return {
    polity: find(subjects, 'SubjectName', 'Indian Polity'),
    economy: find(subjects, 'SubjectName', 'Indian Economy'),
    course: find(courses, 'course_name', 'Civil Services Foundation'),
    batch: find(batches, 'Batch', 'Foundation Batch 2026'),
    essay: find(assignments, 'assignment_name', 'Essay Practice 1'),
    mainsTest: find(tests, 'TestName', 'Mains Answer Writing 1'),
    prelimsTest: find(tests, 'TestName', 'Prelims Mock Test 1'),
  };
};

/**
 * Creates a test as the administrator through `ok` (helpers/roles.mjs): 30 minutes unless `data`
 * says otherwise, then one question per `questions` entry (question data, e.g. `mcq(…)`), in order.
 * Answers the created test and the questions' documentIds.
 */
export const testWithQuestions = async (ok, data, questions = []) => {
  const test = await ok('admin', 'POST', '/api/tests', { data: { TestDuration: 30, ...data } });
  const ids = [];
  for (const question of questions) {
    const made = await ok('admin', 'POST', '/api/questions', {
      data: { ...question, test: test.documentId },
    });
    ids.push(made.documentId);
  }
  return { test, questions: ids };
};
