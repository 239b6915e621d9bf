// Issue 24: a learner switches the exam screens to Hindi in Settings. The start page (with the
// test's two sections, their times and their fixed order), the player on a phone-sized screen
// (nothing wider than the screen) and the submit dialog read in Hindi, and the page says
// lang="hi"; the result too. The learner is this journey's own, and English is put back at the end.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './support/auth';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const NAME = `E2E Hindi ${stamp}`;
const LEARNER = {
  name: `E2E Hindi Learner ${stamp}`,
  email: `e2e-hindi-${stamp}@example.org`,
  password: 'Hindi@2026',
};
const LONG = { timeout: 30_000 };

/** A test in two sections (fixed order), one question each, for the demo batch. */
async function createTest(request: APIRequestContext) {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batches = await request.get(
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
    { headers },
  );
  const batch = ((await batches.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(batch).toBeDefined();
  const subjects: Array<{ documentId: string; SubjectName: string }> = [];
  for (const part of ['Reasoning', 'Quant']) {
    const made = await request.post('/api/subjects', {
      headers,
      data: { data: { SubjectName: `${part} ${stamp}` } },
    });
    expect(made.status(), await made.text()).toBe(201);
    subjects.push(
      ((await made.json()) as { data: { documentId: string; SubjectName: string } }).data,
    );
  }
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: NAME,
        instructions: '',
        TestDuration: 30,
        MaximumMarks: 4,
        PassMark: 2,
        pass_mark_unit: 'marks',
        max_attempts: 1,
        batch: batch?.documentId,
        sections: subjects.map((subject, i) => ({
          name: `Section ${i + 1}`,
          minutes: 15,
          subjects: [subject.SubjectName],
        })),
        sections_fixed_order: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [index, subject] of subjects.entries()) {
    const made = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: `Hindi journey question ${index + 1} (${stamp})`,
          option_a: `Option A of ${index + 1}`,
          option_b: `Option B of ${index + 1}`,
          option_c: `Option C of ${index + 1}`,
          option_d: `Option D of ${index + 1}`,
          correct_answer: 'a',
          points_correct_answer: 2,
          points_incorrect_answer: 0,
          question_type: 'MCQ',
          test: testId,
          subject: subject.documentId,
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return { testId, batchId: batch?.documentId ?? '' };
}

test('a learner switches the exam screens to Hindi in Settings', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { testId, batchId } = await createTest(request);
  await addLearnerWithPassword(request, page, LEARNER, [batchId]);
  try {
    await signIn(page, LEARNER.email, LEARNER.password);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(LONG);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Language' });
    await card.getByRole('radio', { name: 'हिन्दी' }).check();
    // Applied at once, no reload: the card itself reads in Hindi.
    await expect(page.getByRole('region', { name: 'भाषा' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

    // A phone: the instructions, the sections and the player fit its width.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/testcorner/${testId}/start`);
    await expect(page.getByRole('heading', { name: 'निर्देश' })).toBeVisible(LONG);
    const sections = page.getByRole('region', { name: 'खंड' });
    await expect(sections).toContainText('इस टेस्ट में 2 खंड हैं');
    await expect(sections.getByRole('listitem')).toHaveText([
      'Section 1: 15 मिनट',
      'Section 2: 15 मिनट',
    ]);
    await page.getByRole('button', { name: 'टेस्ट शुरू करें' }).click();
    await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);
    await expect(page.getByRole('heading', { name: 'प्रश्न 1 / 1' })).toBeVisible(LONG);
    await expect(page.getByRole('tab', { name: 'Section 1 (खुला)' })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'बचा समय', exact: true })).toBeVisible();
    await page
      .getByRole('radiogroup', { name: 'प्रश्न 1 का उत्तर' })
      .getByRole('radio', { name: /Option A of 1$/ })
      .check();
    await expect(page.getByText('सभी उत्तर सहेजे गए')).toBeVisible(LONG);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the player is no wider than the phone').toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'टेस्ट जमा करें' }).click();
    const dialog = page.getByRole('dialog', { name: 'टेस्ट जमा करें?' });
    await dialog.getByRole('button', { name: 'अभी जमा करें' }).click();
    await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
    await expect(page.getByRole('heading', { name: `${NAME} — परिणाम` })).toBeVisible(LONG);
    await expect(page.getByRole('heading', { name: 'समीक्षा' })).toBeVisible();
  } finally {
    // English again for this account (the journeys share one server).
    const headers = await apiLogin(request, LEARNER.email, LEARNER.password);
    const reset = await request.put('/api/profile', {
      headers,
      data: { data: { language: 'en' } },
    });
    expect(reset.status()).toBe(200);
  }
});
