// Issue 22, "Done when" 3: after two learners take a multiple-choice test, an administrator opens
// its results (both learners, ranks 1 and 2), its item analysis, exports the xlsx (read back with
// exceljs), and a learner sees the result in "My results" and "My progress".
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import path from 'node:path';
import { signIn, signOut } from './support/auth';
import { addLearnerWithPassword, apiLogin } from './support/learners';

// exceljs is the server's dependency: read the exported file with it from server/node_modules.
const requireFromServer = createRequire(path.resolve('server/package.json'));
interface Sheet {
  eachRow: (visit: (row: { values: unknown }) => void) => void;
}
const ExcelJS = requireFromServer('exceljs') as {
  Workbook: new () => {
    xlsx: { readFile: (file: string) => Promise<unknown> };
    worksheets: Sheet[];
  };
};

const stamp = `${Date.now()}`;
const testName = `E2E Report Test ${stamp}`;
const LETTERS = ['a', 'b', 'c', 'd'] as const;
type Letter = (typeof LETTERS)[number];
const QUESTIONS = LETTERS.map((correct, index) => ({
  text: `Report question ${index + 1} (${stamp})`,
  correct,
}));
const POINTS = 2;
const MAXIMUM = POINTS * QUESTIONS.length;
const optionText = (index: number, letter: Letter) =>
  `Option ${letter.toUpperCase()} of ${index + 1}`;
const wrongOf = (letter: Letter): Letter => (letter === 'a' ? 'b' : 'a');

const ARJUN = 'Arjun Mehta'; // student1@demo.test: all four right, rank 1
// A learner of its own (the accounts journey changes student2's password): one right, one
// wrong, two blank, rank 2.
const SECOND = {
  name: `E2E Second ${stamp}`,
  email: `e2e-second-${stamp}@example.org`,
  password: 'Second@2026',
};
const SARA = SECOND.name;
const PASSWORD = 'Student@12345';
const LONG = { timeout: 30_000 };

/** An administrator makes a four-question test for the demo batch, through the API. */
async function createTest(
  request: APIRequestContext,
): Promise<{ testId: string; batchId: string }> {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batches = await request.get(
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
    { headers },
  );
  const batch = ((await batches.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(batch).toBeDefined();
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: testName,
        instructions: 'Four questions for the reports journey.',
        TestDuration: 30,
        MaximumMarks: MAXIMUM,
        PassMark: 4,
        pass_mark_unit: 'marks',
        max_attempts: 1,
        batch: batch?.documentId,
      },
    },
  });
  expect(created.status()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [index, q] of QUESTIONS.entries()) {
    const question = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: q.text,
          option_a: optionText(index, 'a'),
          option_b: optionText(index, 'b'),
          option_c: optionText(index, 'c'),
          option_d: optionText(index, 'd'),
          correct_answer: q.correct,
          points_correct_answer: POINTS,
          points_incorrect_answer: 0,
          question_type: 'MCQ',
          test: testId,
        },
      },
    });
    expect(question.status()).toBe(201);
  }
  return { testId, batchId: batch?.documentId ?? '' };
}

/** The second learner takes the test through the exam API: 1 right, 2 wrong, 3–4 blank. */
async function secondLearnerTakes(request: APIRequestContext, testId: string) {
  const headers = await apiLogin(request, SECOND.email, SECOND.password);
  const started = await request.post('/api/test/prelims/initialize', {
    headers,
    data: { testId },
  });
  expect(started.status()).toBe(201);
  const { data } = (await started.json()) as {
    data: {
      attempt: { documentId: string };
      questions: Array<{ documentId: string; question: string }>;
      answers: Array<{ documentId: string; question: string }>;
    };
  };
  const picks: Array<Letter> = [
    QUESTIONS[0]?.correct ?? 'a',
    wrongOf(QUESTIONS[1]?.correct ?? 'b'),
  ];
  for (const [index, letter] of picks.entries()) {
    const question = data.questions.find((q) => q.question === QUESTIONS[index]?.text);
    const answer = data.answers.find((a) => a.question === question?.documentId);
    expect(answer).toBeDefined();
    const saved = await request.put(`/api/answers/${answer?.documentId ?? ''}`, {
      headers,
      data: { data: { selected_answer: letter, revision: 1 } },
    });
    expect(saved.status()).toBe(200);
  }
  const submitted = await request.post('/api/test/prelims/submit', {
    headers,
    data: { attemptId: data.attempt.documentId },
  });
  expect(submitted.ok()).toBe(true);
}

/** student1 takes the test in the browser, every answer right. */
async function firstLearnerTakes(page: Page) {
  await signIn(page, 'student1@demo.test', PASSWORD);
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('link', { name: `Start test ${testName}` }).click(LONG);
  await expect(page.getByRole('heading', { name: testName })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Start test', exact: true }).click();
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);
  for (const [index, q] of QUESTIONS.entries()) {
    await expect(
      page.getByRole('heading', { name: `Question ${index + 1} of ${QUESTIONS.length}` }),
    ).toBeVisible(LONG);
    await page
      .getByRole('radio', { name: `${q.correct.toUpperCase()}. ${optionText(index, q.correct)}` })
      .check();
    if (index < QUESTIONS.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page
    .getByRole('dialog', { name: 'Submit test?' })
    .getByRole('button', { name: 'Submit now' })
    .click();
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
  await expect(page.getByLabel(`Score ${MAXIMUM} / ${MAXIMUM}`)).toBeVisible(LONG);
  await signOut(page);
}

/** The text of a results row's cells (Learner, Roll, Batch, Score, …, Rank, Percentile, …). */
async function cellsOf(page: Page, name: string) {
  const row = page
    .getByRole('table', { name: 'Test results' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toHaveCount(1, LONG);
  return row.getByRole('cell').allInnerTexts();
}

test('staff see a test’s ranked results, item analysis and xlsx; a learner sees the result', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { testId, batchId } = await createTest(request);
  await addLearnerWithPassword(request, page, SECOND, [batchId]);
  await firstLearnerTakes(page);
  await secondLearnerTakes(request, testId);

  // The administrator: Reports → Multiple-choice test → the test → Results.
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible(LONG);
  const choose = page.getByRole('group', { name: 'Choose the results' });
  await choose.getByLabel('Kind').selectOption({ label: 'Multiple-choice test' });
  await choose.getByLabel('Find a test').fill(testName);
  const testSelect = choose.getByLabel('Test', { exact: true });
  await expect(testSelect.locator('option', { hasText: testName })).toHaveCount(1, LONG);
  await testSelect.selectOption({ label: testName });
  await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  const arjun = await cellsOf(page, ARJUN);
  const sara = await cellsOf(page, SARA);
  // Score, correct, wrong, skipped at 3–6; rank at 9.
  expect(arjun.slice(3, 7)).toEqual([String(MAXIMUM), '4', '0', '0']);
  expect(arjun[9]).toBe('1');
  expect(sara.slice(3, 7)).toEqual([String(POINTS), '1', '1', '2']);
  expect(sara[9]).toBe('2');

  // The export: a header row and both learners' rows.
  const downloading = page.waitForEvent('download', LONG);
  await page.getByRole('button', { name: 'Export to xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  expect(rows[0]?.slice(0, 4)).toEqual(['Name', 'Roll Number', 'Batch', 'Score']);
  expect(rows[0]).toContain('Rank');
  const rankAt = rows[0]?.indexOf('Rank') ?? -1;
  const byName = (name: string) => rows.slice(1).find((row) => row[0] === name);
  expect(rows).toHaveLength(3);
  expect(byName(ARJUN)?.[3]).toBe(String(MAXIMUM));
  expect(byName(ARJUN)?.[rankAt]).toBe('1');
  expect(byName(SARA)?.[3]).toBe(String(POINTS));
  expect(byName(SARA)?.[rankAt]).toBe('2');

  // The item analysis: one row per question.
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  const items = page.getByRole('table', { name: 'Item analysis' });
  await expect(items.getByText(`1. ${QUESTIONS[0]?.text ?? ''}`)).toBeVisible(LONG);
  await expect(items.getByText(`4. ${QUESTIONS[3]?.text ?? ''}`)).toBeVisible(LONG);

  // By subject: the questions have no subject; both learners are listed.
  await page.getByRole('tab', { name: 'By subject' }).click();
  await expect(page.getByRole('table', { name: 'By subject', exact: true })).toContainText(
    'No subject',
    LONG,
  );
  await expect(page.getByRole('table', { name: 'Learners by subject' })).toContainText(SARA);

  // A learner's attempt, opened from their results row: named, with the key, and back.
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByRole('link', { name: `Review the attempt of ${SARA}` }).click();
  await expect(page.getByRole('heading', { name: `${testName} — result` })).toBeVisible(LONG);
  await expect(page.getByRole('link', { name: SARA })).toBeVisible();
  await expect(page.getByText('(correct answer)').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back to the results' }).click();
  await expect(page.getByRole('table', { name: 'Test results' })).toBeVisible(LONG);
  await signOut(page);

  // The learner: the result in "My results" and in "My progress".
  await signIn(page, 'student1@demo.test', PASSWORD);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'My results' })).toBeVisible(LONG);
  const mine = page
    .getByRole('table', { name: 'Your multiple-choice test results' })
    .getByRole('row')
    .filter({ hasText: testName });
  await expect(mine).toHaveCount(1, LONG);
  const myCells = await mine.getByRole('cell').allInnerTexts();
  expect(myCells[2]).toBe(`${MAXIMUM} / ${MAXIMUM}`);
  expect(myCells[3]).toBe('100 %');
  expect(myCells[4]).toBe('1');

  await page.getByRole('link', { name: 'My progress' }).click();
  await expect(page.getByRole('heading', { name: 'My progress' })).toBeVisible(LONG);
  const progressRow = page
    .getByRole('table', { name: 'Results over time' })
    .getByRole('row')
    .filter({ hasText: testName });
  await expect(progressRow).toHaveCount(1, LONG);
  await expect(progressRow).toContainText(`${MAXIMUM} / ${MAXIMUM}`);
});
