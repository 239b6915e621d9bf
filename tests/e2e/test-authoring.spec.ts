import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { signIn } from './support/auth';

const stamp = `${Date.now()}`;
const paperName = `E2E Paper ${stamp}`;
const testName = `E2E Prelims ${stamp}`;
const QUESTIONS = 50;

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
];

/**
 * The questions spreadsheet, written by a spreadsheet library here (not by the import code):
 * 50 multiple-choice rows worth 2 marks each, with negative marking.
 */
function questionsWorkbook(): Buffer {
  const rows = Array.from({ length: QUESTIONS }, (_, index) => {
    const letter = 'abcd'[index % 4] ?? 'a';
    return [
      `E2E question ${index + 1} (${stamp}): which option is ${letter.toUpperCase()}?`,
      'Alpha',
      'Beta',
      'Gamma',
      'Delta',
      letter,
      2,
      -0.5,
      'MCQ',
      index % 2 === 0 ? 'Indian Polity' : 'Indian Economy',
      `Option ${letter.toUpperCase()} is the one asked for.`,
    ];
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Questions');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Chooses `option` in the single-choice picker (an autocomplete) named `label`. */
async function pickOne(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('staff build a test in a category chain, import 50 questions, duplicate it and add pool questions to the copy', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', 'Admin@12345');

  // The category chain: Civil Services → Prelims → a new second-level sub-category.
  await page.getByRole('link', { name: 'Sub-Categories' }).click();
  await expect(page).toHaveURL(/\/testSubCategory2$/);
  await page.getByRole('button', { name: 'New second sub-category' }).click();
  const paperDialog = page.getByRole('dialog', { name: 'New second sub-category' });
  await paperDialog.getByLabel(/^Name/).fill(paperName);
  await paperDialog.getByLabel('Type').fill('Paper');
  await paperDialog.getByLabel(/^Parent sub-category/).selectOption({ label: 'Prelims' });
  await paperDialog.getByRole('button', { name: 'Save' }).click();
  await expect(paperDialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Second-level sub-categories' }).getByText(paperName),
  ).toBeVisible();

  // A new test in that chain, linked to the demo course.
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await expect(page).toHaveURL(/\/testcorner$/);
  await page.getByRole('button', { name: 'New test' }).click();
  const testDialog = page.getByRole('dialog', { name: 'New test' });
  await testDialog.getByLabel(/^Test name/).fill(testName);
  await testDialog.getByLabel(/^Duration \(minutes\)/).fill('60');
  await testDialog.getByLabel(/^Maximum marks/).fill('100');
  await testDialog.getByLabel(/^Pass mark$/).fill('40');
  await pickOne(page, 'Category', 'Civil Services');
  await pickOne(page, 'Sub-category', 'Prelims');
  await pickOne(page, 'Second sub-category', paperName);
  await pickOne(page, 'Course', 'Civil Services Foundation');
  await testDialog.getByRole('button', { name: 'Save test' }).click();
  await expect(testDialog).toBeHidden();

  // The list filtered down the chain shows exactly the new test.
  const filter = page.getByRole('group', { name: 'Filter by category' });
  await filter.getByLabel('Category', { exact: true }).selectOption({ label: 'Civil Services' });
  await filter.getByLabel('Sub-category', { exact: true }).selectOption({ label: 'Prelims' });
  await filter.getByLabel('Second sub-category').selectOption({ label: paperName });
  const tests = page.getByRole('table', { name: 'Tests' });
  await expect(tests.getByRole('row')).toHaveCount(2); // header + the new test
  await tests.getByRole('link', { name: testName }).click();
  await expect(page.getByRole('heading', { name: testName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions (0)' })).toBeVisible();

  // Import the spreadsheet.
  await page.getByRole('button', { name: 'Import questions' }).click();
  const importDialog = page.getByRole('dialog', { name: `Import questions into ${testName}` });
  await expect(importDialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await importDialog.getByLabel('Question file').setInputFiles({
    name: `questions-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: questionsWorkbook(),
  });
  // Every import shows its preview first (issue 26), then Import writes it.
  await importDialog.getByRole('button', { name: 'Preview' }).click();
  await expect(importDialog.getByText(new RegExp(`${QUESTIONS} to import`))).toBeVisible();
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText(`${QUESTIONS} Questions imported succesfully`)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: `Questions (${QUESTIONS})` })).toBeVisible();
  const list = page.getByRole('list', { name: 'Questions' });
  await expect(list.getByRole('listitem', { name: /^Question \d+$/ })).toHaveCount(QUESTIONS);
  await expect(list.getByText(`E2E question 1 (${stamp}): which option is A?`)).toBeVisible();
  await expect(list.getByText(`E2E question 50 (${stamp}): which option is B?`)).toBeVisible();
  // 50 × 2 marks = the maximum of 100: no warning.
  await expect(page.getByText(/The questions add up to/)).toBeHidden();

  // Duplicate it: the copy opens with the same 50 questions.
  await page.getByRole('link', { name: 'Back to tests' }).click();
  await page.getByRole('button', { name: `Duplicate test ${testName}` }).click();
  await expect(page.getByRole('heading', { name: `Copy of ${testName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Questions (${QUESTIONS})` })).toBeVisible();

  // Three questions from the pool into the copy.
  await page.getByRole('button', { name: 'Add from pool' }).click();
  const poolDialog = page.getByRole('dialog', { name: 'Add questions from the pool' });
  const poolTable = poolDialog.getByRole('table', { name: 'Pool questions' });
  // Three of the seeded pool questions (2 marks each), found by name: earlier journeys add pool
  // questions of other types and marks, so "the first three rows" is not a fixed set.
  await poolDialog.getByLabel('Search the question pool').fill('India');
  for (const seeded of [
    'Who appoints the Chief Election Commissioner of India?',
    'Which body sets the policy repo rate in India?',
    'GST in India was introduced in:',
  ]) {
    await poolTable
      .getByRole('checkbox', { name: `Select question: ${seeded}` })
      .first()
      .check();
  }
  await expect(poolDialog.getByText('3 selected')).toBeVisible();
  await poolDialog.getByRole('button', { name: 'Add 3 questions' }).click();
  await expect(poolDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `Questions (${QUESTIONS + 3})` })).toBeVisible();
  // The pool questions are worth 2 marks each: now 106 against a maximum of 100.
  await expect(
    page.getByText("The questions add up to 106 marks; the test's maximum is 100."),
  ).toBeVisible();

  // The original still has its 50.
  await page.getByRole('link', { name: 'Back to tests' }).click();
  await page
    .getByRole('table', { name: 'Tests' })
    .getByRole('link', { name: testName, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: `Questions (${QUESTIONS})` })).toBeVisible();
});

test('a learner cannot open the question pool, and reads questions without the answer key', async ({
  page,
}) => {
  await signIn(page, 'student1@demo.test', 'Student@12345');
  await expect(page.getByRole('link', { name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Question Pool' })).toHaveCount(0);
  await page.goto('/questionpool');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();

  // The server is the one refusing: the learner's own token gets no pool and no answer key.
  const login = await page.request.post('/api/login', {
    data: { email: 'student1@demo.test', password: 'Student@12345' },
  });
  expect(login.status()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  const headers = { Authorization: `Bearer ${jwt}` };
  expect((await page.request.get('/api/question-pools', { headers })).status()).toBe(403);
  const questions = await page.request.get('/api/questions?pagination[pageSize]=100', { headers });
  expect(questions.status()).toBe(200);
  const body = (await questions.json()) as { data: Array<Record<string, unknown>> };
  expect(body.data.length).toBeGreaterThan(0);
  for (const question of body.data) {
    expect(question).not.toHaveProperty('correct_answer');
    expect(question).not.toHaveProperty('explanation');
    expect(question).not.toHaveProperty('points_correct_answer');
  }
});
