// Issue 23, sections with their own timers: a learner with extra time (an accommodation of 10 %)
// takes a test with shuffled options and two sections in a fixed order. Section 1 is one minute
// (66 s with the extra time): the learner answers, switches tab once, and section 1 closes by
// itself on the server's clock while the page waits (real time: the server must agree, so no
// fake clock); section 2 opens with its question, the learner submits, and staff see the tab
// switch on the attempt's integrity log.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signOut } from './support/auth';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const NAME = `E2E Sections ${stamp}`;
const LEARNER = {
  name: `E2E Sections Learner ${stamp}`,
  email: `e2e-sections-${stamp}@example.org`,
  password: 'Sections@2026',
};
const LONG = { timeout: 30_000 };

/** Two subjects, a 10-minute test in two sections (1 + 9 minutes, fixed order), one question each. */
async function createTest(request: APIRequestContext) {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batches = await request.get(
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
    { headers },
  );
  const batch = ((await batches.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(batch).toBeDefined();
  const subjects: Array<{ documentId: string; SubjectName: string }> = [];
  for (const part of ['Physics', 'Chemistry']) {
    const made = await request.post('/api/subjects', {
      headers,
      data: { data: { SubjectName: `${part} ${stamp}` } },
    });
    expect(made.status(), await made.text()).toBe(201);
    subjects.push(
      ((await made.json()) as { data: { documentId: string; SubjectName: string } }).data,
    );
  }
  const [physics, chemistry] = subjects;
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: NAME,
        instructions: 'Two sections, each with its own time.',
        TestDuration: 10,
        MaximumMarks: 4,
        PassMark: 2,
        pass_mark_unit: 'marks',
        max_attempts: 1,
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        batch: batch?.documentId,
        shuffle_options: true,
        sections: [
          { name: 'Section A', minutes: 1, subjects: [physics?.SubjectName] },
          { name: 'Section B', minutes: 9, subjects: [chemistry?.SubjectName] },
        ],
        sections_fixed_order: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [index, subject] of [physics, chemistry].entries()) {
    const made = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: `Sections question ${index + 1} (${stamp})`,
          option_a: `Option A of ${index + 1}`,
          option_b: `Option B of ${index + 1}`,
          option_c: `Option C of ${index + 1}`,
          option_d: `Option D of ${index + 1}`,
          correct_answer: 'a',
          points_correct_answer: 2,
          points_incorrect_answer: 0,
          question_type: 'MCQ',
          test: testId,
          subject: subject?.documentId,
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return { headers, testId, batchId: batch?.documentId ?? '' };
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

test('a learner with extra time: section 1 closes by itself, section 2 opens, the tab switch is logged', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { headers, testId, batchId } = await createTest(request);
  await addLearnerWithPassword(request, page, LEARNER, [batchId]);
  const found = await request.get(
    `/api/students?filters[student_email][$eq]=${encodeURIComponent(LEARNER.email)}`,
    { headers },
  );
  const student = ((await found.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(student).toBeDefined();
  // 10 % extra time: 11 minutes, shared in proportion (section 1: 66 s).
  const acc = await request.post(`/api/tests/${testId}/accommodations`, {
    headers,
    data: { data: { student: student?.documentId, extra_percent: 10 } },
  });
  expect(acc.status(), await acc.text()).toBe(201);

  await signIn(page, LEARNER.email, LEARNER.password);
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('link', { name: `Start test ${NAME}` }).click(LONG);
  await page.getByRole('button', { name: 'Start test', exact: true }).click(LONG);
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);

  // Section A is open; Section B is not sent yet; the section clock has the extra time.
  const tabs = page.getByRole('tablist', { name: 'Sections' });
  await expect(tabs.getByRole('tab', { name: 'Section A (open)' })).toBeVisible(LONG);
  await expect(tabs.getByRole('tab', { name: 'Section B (not open yet)' })).toBeDisabled();
  await expect(page.getByRole('timer', { name: 'Section time left' })).toHaveText(
    /Section A: 01:0\d/,
  );
  await expect(page.getByText(`Sections question 2 (${stamp})`)).toHaveCount(0);
  // Shuffled options: the four are there, labelled A–D by position, whatever their order.
  const group = page.getByRole('radiogroup', { name: 'Answer to question 1' });
  await expect(group.getByRole('radio')).toHaveCount(4);
  await group.getByRole('radio', { name: /Option A of 1$/ }).check();
  await switchTabOnce(page);
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(LONG);

  // The section's time ends: the server opens Section B; the page follows and says so.
  await expect(
    page.getByText('The time for Section A is over. Section 2, Section B, is open.'),
  ).toBeVisible({ timeout: 90_000 });
  await expect(tabs.getByRole('tab', { name: 'Section A (closed)' })).toBeDisabled();
  await expect(page.getByText(`Sections question 2 (${stamp})`)).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Answer to question 1' })
    .getByRole('radio', { name: /Option A of 2$/ })
    .check();
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(LONG);
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page
    .getByRole('dialog', { name: 'Submit test?' })
    .getByRole('button', { name: 'Submit now' })
    .click();
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
  // Both answers were saved in their sections' time: both count.
  await expect(page.getByLabel('Score 4 / 4')).toBeVisible(LONG);
  await signOut(page);

  // Staff see the tab switch on the attempt's integrity log.
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Reports' }).click();
  const choose = page.getByRole('group', { name: 'Choose the results' });
  await choose.getByLabel('Kind').selectOption({ label: 'Multiple-choice test' });
  await choose.getByLabel('Find a test').fill(NAME);
  const testSelect = choose.getByLabel('Test', { exact: true });
  await expect(testSelect.locator('option', { hasText: NAME })).toHaveCount(1, LONG);
  await testSelect.selectOption({ label: NAME });
  await page.getByRole('link', { name: `Review the attempt of ${LEARNER.name}` }).click(LONG);
  const log = page.getByRole('list', { name: 'Integrity events' });
  await expect(log.getByText('Switched to another tab or app')).toBeVisible(LONG);
});
