// Issue 23, exam delivery: an administrator duplicates a test (the copy is a draft), publishing
// it is refused with what is missing named, the window end is filled in and it publishes; a
// learner is told what is recorded, takes it, switches tab once; staff see the event on the
// attempt's integrity log and the count in the results; staff fix a wrong key and regrade, and
// the learner's score changes. (Shuffle, sections and extra time have API and SPA tests of their
// own.)
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signOut } from './support/auth';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const source = `E2E Delivery ${stamp}`;
const copy = `Copy of ${source}`;
const LEARNER = {
  name: `E2E Delivery Learner ${stamp}`,
  email: `e2e-delivery-${stamp}@example.org`,
  password: 'Delivery@2026',
};
const QUESTIONS = [
  { text: `Delivery question 1 (${stamp})`, correct: 'a' },
  // A wrong key on purpose: the learner answers A, which staff later make the key.
  { text: `Delivery question 2 (${stamp})`, correct: 'b' },
] as const;
const LONG = { timeout: 30_000 };

/** The source test through the API: open since an hour ago, with no window end (a gap). */
async function createSource(request: APIRequestContext) {
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
        TestName: source,
        instructions: 'Two questions for the delivery journey.',
        TestDuration: 20,
        MaximumMarks: 4,
        PassMark: 2,
        pass_mark_unit: 'marks',
        max_attempts: 1,
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        batch: batch?.documentId,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [index, q] of QUESTIONS.entries()) {
    const made = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: q.text,
          option_a: `Option A of ${index + 1}`,
          option_b: `Option B of ${index + 1}`,
          option_c: `Option C of ${index + 1}`,
          option_d: `Option D of ${index + 1}`,
          correct_answer: q.correct,
          points_correct_answer: 2,
          points_incorrect_answer: 0,
          question_type: 'MCQ',
          test: testId,
        },
      },
    });
    expect(made.status()).toBe(201);
  }
  return { headers, batchId: batch?.documentId ?? '' };
}

/** The tab goes to the background and comes back, as a switch to another app does. */
async function switchTabOnce(page: Page) {
  await page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
      Object.defineProperty(document, 'hidden', { configurable: true, value: state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

test('a copy is a draft until published; the learner’s tab switch is logged; a regrade changes the score', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { headers, batchId } = await createSource(request);
  await addLearnerWithPassword(request, page, LEARNER, [batchId]);

  // The administrator duplicates it: the copy is a draft, and publishing names the gap.
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('button', { name: `Duplicate test ${source}` }).click(LONG);
  await expect(page.getByRole('heading', { name: copy })).toBeVisible(LONG);
  const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Publish test' }).click();
  await expect(page.getByText(/It needs the window end \(valid to\)/)).toBeVisible(LONG);

  // Fill in the window end (tomorrow), then it publishes.
  await page.getByRole('button', { name: 'Edit test' }).click();
  const form = page.getByRole('dialog', { name: 'Edit test' });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await form.getByLabel('Valid to').fill(local);
  await form.getByRole('button', { name: 'Save test' }).click();
  await expect(form).toBeHidden(LONG);
  await page.getByRole('button', { name: 'Publish test' }).click();
  await expect(page.getByText('Test published.')).toBeVisible(LONG);
  await expect(page.getByRole('button', { name: 'Close test' })).toBeVisible();
  await signOut(page);

  // The learner is told what is recorded, takes the copy and switches tab once.
  await signIn(page, LEARNER.email, LEARNER.password);
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('link', { name: `Start test ${copy}` }).click(LONG);
  await expect(page.getByLabel('What is recorded')).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Start test', exact: true }).click();
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);
  await page.getByRole('radio', { name: 'A. Option A of 1' }).check();
  await switchTabOnce(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'A. Option A of 2' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page
    .getByRole('dialog', { name: 'Submit test?' })
    .getByRole('button', { name: 'Submit now' })
    .click();
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
  const resultUrl = page.url();
  await expect(page.getByLabel('Score 2 / 4')).toBeVisible(LONG);
  await signOut(page);

  // Staff: the results show one integrity event; the attempt's log names the tab switch.
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Reports' }).click();
  const choose = page.getByRole('group', { name: 'Choose the results' });
  await choose.getByLabel('Kind').selectOption({ label: 'Multiple-choice test' });
  await choose.getByLabel('Find a test').fill(copy);
  const testSelect = choose.getByLabel('Test', { exact: true });
  await expect(testSelect.locator('option', { hasText: copy })).toHaveCount(1, LONG);
  await testSelect.selectOption({ label: copy });
  const row = page
    .getByRole('table', { name: 'Test results' })
    .getByRole('row')
    .filter({ hasText: LEARNER.name });
  await expect(row).toHaveCount(1, LONG);
  const header = await page
    .getByRole('table', { name: 'Test results' })
    .getByRole('columnheader')
    .allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  expect(Number(cells[header.indexOf('Integrity events')])).toBeGreaterThanOrEqual(1);
  await page.getByRole('link', { name: `Review the attempt of ${LEARNER.name}` }).click();
  const log = page.getByRole('list', { name: 'Integrity events' });
  await expect(log.getByText('Switched to another tab or app')).toBeVisible(LONG);

  // Staff fix question 2's key (A is right) and regrade from the test's page.
  const listed = await request.get(
    `/api/questions?filters[test][documentId][$eq]=${encodeURIComponent(copyId)}&pagination[pageSize]=10`,
    { headers },
  );
  expect(listed.status(), await listed.text()).toBe(200);
  const questions = (
    (await listed.json()) as { data: Array<{ documentId: string; question: string }> }
  ).data;
  const second = questions.find((q) => q.question === QUESTIONS[1].text);
  expect(second).toBeDefined();
  const fixed = await request.put(`/api/questions/${second?.documentId ?? ''}`, {
    headers,
    data: { data: { correct_answer: 'a' } },
  });
  expect(fixed.status(), await fixed.text()).toBe(200);
  await page.goto(`/testcorner/${encodeURIComponent(copyId)}`);
  await expect(page.getByRole('heading', { name: copy })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Regrade', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Regrade ${copy}` });
  await dialog.getByRole('button', { name: 'Regrade 1 result' }).click(LONG);
  await expect(dialog.getByText(/Regraded 1 result/)).toBeVisible(LONG);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await signOut(page);

  // The learner's score follows.
  await signIn(page, LEARNER.email, LEARNER.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(LONG);
  await page.goto(resultUrl);
  await expect(page.getByLabel('Score 4 / 4')).toBeVisible(LONG);
});
