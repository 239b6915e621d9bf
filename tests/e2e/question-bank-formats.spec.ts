// Issue 26, the question bank's formats through the real UI and server: staff import a GIFT file
// into a new test (the preview names the one line it skips), write a numeric question with a
// tolerance and a multiple-correct one with a LaTeX formula in the pool and copy both into the
// test, and publish it; a learner of the test's batch sees the formula rendered by KaTeX, answers
// the numeric one within the tolerance and gets its marks; staff export those pool questions as
// Moodle XML (a real download) and import the file into another new test, where both arrive with
// their keys.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signOut } from './support/auth';
import { createBatch } from './support/exams';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const firstTest = `E2E Formats ${stamp}`;
const secondTest = `E2E Formats re-import ${stamp}`;
const batchName = `E2E Formats batch ${stamp}`;
const LEARNER = {
  name: `E2E Formats Learner ${stamp}`,
  email: `e2e-formats-${stamp}@example.org`,
  password: 'Formats@2026',
};
const NUMERIC = `Taking g = 9.8 m/s², how far does a stone fall from rest in 2 s? (${stamp})`;
const MULTIPLE = `Which numbers are roots of $x^2 - 5x + 6 = 0$? (${stamp})`;
const GIFT_FILE = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const LONG = { timeout: 30_000 };

/** The local value of a datetime-local field `hours` from now. */
function localInput(hours: number) {
  const at = new Date(Date.now() + hours * 3_600_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Chooses `option` in the single-choice picker (an autocomplete) named `label`. */
async function pickOne(page: Page, scope: Locator, label: string, option: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** A new test for the journey's batch through the Test Corner's form; its page is left open. */
async function newTest(page: Page, name: string, maximum: number) {
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('button', { name: 'New test' }).click();
  const dialog = page.getByRole('dialog', { name: 'New test' });
  await dialog.getByLabel(/^Test name/).fill(name);
  await dialog.getByLabel(/^Duration \(minutes\)/).fill('30');
  await dialog.getByLabel(/^Maximum marks/).fill(String(maximum));
  await dialog.getByLabel(/^Pass mark$/).fill('1');
  await dialog.getByLabel('Valid from').fill(localInput(-1));
  await dialog.getByLabel('Valid to').fill(localInput(24));
  await pickOne(page, dialog, 'Batch', batchName);
  await dialog.getByRole('button', { name: 'Save test' }).click();
  await expect(dialog).toBeHidden(LONG);
  const tests = page.getByRole('table', { name: 'Tests' });
  await tests.getByRole('link', { name, exact: true }).click(LONG);
  await expect(page.getByRole('heading', { name })).toBeVisible(LONG);
}

/** Imports `file` into the open test through its Import dialog, checking the preview first. */
async function importInto(
  page: Page,
  testName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  checkPreview: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: `Import questions into ${testName}` });
  await dialog.getByLabel('Question file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await checkPreview(dialog);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeVisible(LONG);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the open question form's text, type, options and marks. */
async function fillQuestion(
  dialog: Locator,
  text: string,
  type: string,
  marks: { correct: number; incorrect: number },
) {
  await dialog
    .getByLabel(/^Question\b/)
    .first()
    .fill(text);
  await dialog.getByLabel('Question type').selectOption({ label: type });
  await dialog.getByLabel(/^Points for a correct answer/).fill(String(marks.correct));
  await dialog.getByLabel(/^Points for an incorrect answer/).fill(String(marks.incorrect));
}

test('a GIFT import with a skipped line, numeric and multiple-correct questions with maths, taken by a learner, exported to Moodle XML and imported again', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // Set-up through the API, as the other journeys do: a batch of the journey's own and its learner.
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batchId = await createBatch(request, headers, batchName);
  await addLearnerWithPassword(request, page, LEARNER, [batchId]);

  await signIn(page, 'admin@demo.test', 'Admin@12345');
  // Three GIFT questions of 1 + 1 + 2 marks and the two pool questions of 4 marks each.
  await newTest(page, firstTest, 12);

  // The GIFT file: three questions to import, the matching question on line 18 skipped.
  const gift = readFileSync(path.join(GIFT_FILE, 'question-bank.gift'));
  await importInto(
    page,
    firstTest,
    { name: 'physics.gift', mimeType: 'text/plain', buffer: gift },
    async (dialog) => {
      await expect(dialog.getByRole('status')).toContainText(
        'GIFT file: 3 to import (3 MCQ), 1 skipped',
        LONG,
      );
      const skipped = dialog.getByRole('list', { name: 'Skipped rows' }).getByRole('listitem');
      await expect(skipped).toHaveCount(1);
      await expect(skipped).toContainText(/^Line 18 \(.+\): .*match/i);
    },
  );
  await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeVisible(LONG);

  // The pool: a numeric question with a tolerance and a unit, and a multiple-correct one whose
  // text holds a formula (the form's preview renders it with KaTeX as the author types).
  await page.getByRole('link', { name: 'Question Pool' }).click();
  await page.getByRole('button', { name: 'New question' }).click();
  let form = page.getByRole('dialog', { name: 'New question' });
  await fillQuestion(form, NUMERIC, 'Numeric answer', { correct: 4, incorrect: 0 });
  await form.getByLabel(/^Correct number/).fill('19.6');
  await form.getByLabel('Tolerance (±)').fill('0.1');
  await form.getByLabel('Unit').fill('m');
  await form.getByRole('button', { name: 'Save question' }).click();
  await expect(form).toBeHidden(LONG);

  await page.getByRole('button', { name: 'New question' }).click();
  form = page.getByRole('dialog', { name: 'New question' });
  await fillQuestion(form, MULTIPLE, 'Multiple choice, several correct', {
    correct: 4,
    incorrect: -2,
  });
  await expect(form.getByRole('region', { name: 'Preview' }).locator('.katex').first()).toBeVisible(
    LONG,
  );
  for (const [letter, value] of [
    ['A', '2'],
    ['B', '3'],
    ['C', '5'],
    ['D', '6'],
  ] as const) {
    await form.getByRole('textbox', { name: new RegExp(`^Option ${letter}`) }).fill(value);
  }
  const key = form.getByRole('group', { name: /Correct answers/ });
  await key.getByLabel('Option A').check();
  await key.getByLabel('Option B').check();
  await form.getByRole('button', { name: 'Save question' }).click();
  await expect(form).toBeHidden(LONG);

  // Both into the test: found by the journey's stamp, ticked, copied.
  await page.getByLabel('Search questions').fill(stamp);
  const pool = page.getByRole('table', { name: 'Question pool' });
  await expect(pool.getByRole('row')).toHaveCount(3, LONG); // header + the two
  await pool.getByRole('checkbox', { name: /^Select question: Taking g/ }).check();
  await pool.getByRole('checkbox', { name: /^Select question: Which numbers/ }).check();
  await page.getByRole('button', { name: 'Add to test (2)' }).click();
  const adding = page.getByRole('dialog', { name: 'Add to test' });
  await pickOne(page, adding, 'Test', firstTest);
  await adding.getByRole('button', { name: 'Add 2 questions' }).click();
  await expect(adding).toBeHidden(LONG);

  // Publish it.
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('table', { name: 'Tests' }).getByRole('link', { name: firstTest }).click();
  await expect(page.getByRole('heading', { name: 'Questions (5)' })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Publish test' }).click();
  await expect(page.getByText('Test published.')).toBeVisible(LONG);
  await signOut(page);

  // The learner: a right GIFT answer, the numeric one within the tolerance, the multiple one.
  await signIn(page, LEARNER.email, LEARNER.password);
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('link', { name: `Start test ${firstTest}` }).click(LONG);
  await page.getByRole('button', { name: 'Start test', exact: true }).click();
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible(LONG);
  await page.getByRole('radio', { name: 'A. newton' }).check();
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await next();
  await next();
  await next();
  await expect(page.getByRole('heading', { name: 'Question 4 of 5' })).toBeVisible();
  await expect(page.getByText(NUMERIC)).toBeVisible();
  await page.getByLabel('Answer to question 4 (a number)').fill('19.65');
  await next();
  await expect(page.getByRole('heading', { name: 'Question 5 of 5' })).toBeVisible();
  // The formula is KaTeX's markup (with MathML for screen readers), not the LaTeX source.
  const formula = page.locator('.katex').first();
  await expect(formula).toBeVisible(LONG);
  await expect(formula.locator('math')).toHaveCount(1);
  await expect(page.getByText('$x^2 - 5x + 6 = 0$')).toHaveCount(0);
  const roots = page.getByRole('group', { name: /choose every correct option/ });
  await roots.getByRole('checkbox', { name: 'A. 2' }).check();
  await roots.getByRole('checkbox', { name: 'B. 3' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page
    .getByRole('dialog', { name: 'Submit test?' })
    .getByRole('button', { name: 'Submit now' })
    .click();
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
  // 1 (GIFT question 1) + 4 (19.65 is within 19.6 ± 0.1) + 4 (both roots) = 9 of 12.
  await expect(page.getByLabel('Score 9 / 12')).toBeVisible(LONG);
  const numericReview = page
    .getByRole('list', { name: 'Review' })
    .getByRole('listitem')
    .filter({ hasText: NUMERIC });
  await expect(numericReview).toContainText('19.65');
  await expect(numericReview).toContainText(/Points \+?4/);
  await signOut(page);

  // Staff: the two pool questions as Moodle XML, downloaded from the pool's Export menu.
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Question Pool' }).click();
  await page.getByLabel('Search questions').fill(stamp);
  await expect(page.getByRole('table', { name: 'Question pool' }).getByRole('row')).toHaveCount(
    3,
    LONG,
  );
  await page.getByRole('button', { name: 'Export questions' }).click();
  const downloading = page.waitForEvent('download', LONG);
  await page.getByRole('menuitem', { name: 'Moodle XML (.xml)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  await expect(page.getByRole('status').filter({ hasText: '2 questions exported' })).toBeVisible();
  const xml = readFileSync(await download.path());
  expect(xml.toString('utf8')).toContain('<question type="numerical">');

  // …imported into another new test: both arrive, the numeric one with its tolerance and unit.
  await newTest(page, secondTest, 8);
  await importInto(
    page,
    secondTest,
    { name: download.suggestedFilename(), mimeType: 'application/xml', buffer: xml },
    async (dialog) => {
      await expect(dialog.getByRole('status')).toContainText('Moodle XML file: 2 to import', LONG);
      await expect(dialog.getByRole('status')).toContainText('0 skipped');
    },
  );
  await expect(page.getByRole('heading', { name: 'Questions (2)' })).toBeVisible(LONG);
  const list = page.getByRole('list', { name: 'Questions' });
  await expect(list.getByText(NUMERIC)).toBeVisible();
  await expect(list.locator('.katex').first()).toBeVisible(LONG);
  const editOf = (text: string) =>
    list
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByRole('button', { name: /^Edit question \d+$/ });
  await editOf(NUMERIC).click();
  const edit = page.getByRole('dialog', { name: 'Edit question' });
  await expect(edit.getByLabel('Question type')).toHaveValue('Numeric');
  await expect(edit.getByLabel(/^Correct number/)).toHaveValue('19.6');
  await expect(edit.getByLabel('Tolerance (±)')).toHaveValue('0.1');
  await expect(edit.getByLabel('Unit')).toHaveValue('m');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await editOf('Which numbers are roots of').click();
  const multiple = page.getByRole('dialog', { name: 'Edit question' });
  await expect(multiple.getByLabel('Question type')).toHaveValue('Multiple');
  const keys = multiple.getByRole('group', { name: /Correct answers/ });
  await expect(keys.getByLabel('Option A')).toBeChecked();
  await expect(keys.getByLabel('Option B')).toBeChecked();
  await expect(keys.getByLabel('Option C')).not.toBeChecked();
});
