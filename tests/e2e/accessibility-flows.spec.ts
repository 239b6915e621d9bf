// Issue 24, axe beyond the menu routes: the screens reached by doing something. A learner takes a
// test with two sections (the player with its palette, the "next section" confirmation, the player
// after the section change, the submit dialog, the result), starts and submits a Mains test (the
// start dialog, the work page); a faculty member opens the Mains results and the evaluation page;
// an administrator opens a create form, a delete confirmation and an import dialog. Dark mode and
// right-to-left each run once where the layout differs (the player, the result, each role's main
// screens), not for every state: the route journey (accessibility.spec.ts) covers light and dark
// for every route. One sign-in per role; the findings of a role are reported together.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { axeFindings, expectNoFindings, setAppearance, type Finding } from './support/axe';
import { createBatch, createMcqTest } from './support/exams';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const SECTIONED = `E2E Axe sections ${stamp}`;
const MAINS = `E2E Axe Mains ${stamp}`;
const LEARNER = {
  name: `E2E Axe flow learner ${stamp}`,
  email: `e2e-axe-flow-${stamp}@example.org`,
  password: 'AxeFlow@2026',
};
const LONG = { timeout: 30_000 };
let mainsId = '';

/** A one-page PDF (the server checks the content, not only the name). */
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string) {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  const item = ((await response.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(item, path).toBeDefined();
  return item?.documentId ?? '';
}

const one = (request: APIRequestContext, headers: Record<string, string>, path: string) =>
  firstId(request, headers, `${path}&pagination[pageSize]=1`);
const PRIYA = '/api/faculties?filters[faculty_email_id][$eq]=faculty@demo.test';

/** A one-question Mains test (Indian Polity, evaluated by Priya Raman) for `batchId`. */
async function createMainsTest(
  request: APIRequestContext,
  headers: Record<string, string>,
  batchId: string,
) {
  const find = (path: string) => one(request, headers, path);
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: MAINS,
        instructions: 'Upload each answer as a PDF.',
        TestDuration: 60,
        MaximumMarks: 10,
        PassMark: 40,
        pass_mark_unit: 'percent',
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        test_sub_category: await find(
          '/api/test-sub-categories?filters[TestSubCategory][$eq]=Mains',
        ),
        subjects: [await find('/api/subjects?filters[SubjectName][$eq]=Indian Polity')],
        faculties: [await find(PRIYA)],
        batch: batchId,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  const question = await request.post('/api/questions', {
    headers,
    data: {
      data: {
        question: `Discuss federalism (${stamp}).`,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        points_incorrect_answer: 0,
        subject: await find('/api/subjects?filters[SubjectName][$eq]=Indian Polity'),
        test: testId,
      },
    },
  });
  expect(question.status(), await question.text()).toBe(201);
  return testId;
}

/** Waits for the page's data (no spinner: a progress bar without a value) and runs axe. */
async function scan(page: Page, screen: string): Promise<Finding[]> {
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, LONG);
  return axeFindings(page, screen);
}

/** Loads `path` (or reloads) in the given appearance, checking the direction is applied. */
async function openAs(page: Page, path: string | null, mode: 'light' | 'dark', dir: 'ltr' | 'rtl') {
  await setAppearance(page, mode, dir);
  if (path) await page.goto(path);
  else await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page.getByRole('heading').first()).toBeVisible(LONG);
}

test.describe('axe: dialogs, the test player, Mains work and results', () => {
  test('learner: the player, its dialogs and the result; a Mains test; main screens in RTL', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
    // Priya Raman teaches the batch: she evaluates its Mains answers in the faculty's journey.
    const priya = await one(request, headers, PRIYA);
    const batchId = await createBatch(request, headers, `E2E Axe batch ${stamp}`, [priya]);
    await createMcqTest(request, headers, {
      name: SECTIONED,
      batchId,
      questions: [1, 2, 3].map((n) => `Axe question ${n} (${stamp})`),
      sections: [
        { name: 'Part A', minutes: 5, questions: [0, 1] },
        { name: 'Part B', minutes: 5, questions: [2] },
      ],
    });
    mainsId = await createMainsTest(request, headers, batchId);
    await addLearnerWithPassword(request, page, LEARNER, [batchId]);
    await signIn(page, LEARNER.email, LEARNER.password);
    await expect(page).toHaveURL(/\/course$/);
    const findings: Finding[] = [];

    // The player (palette shown), light, left-to-right.
    await page.goto('/testcorner');
    await page.getByRole('link', { name: `Start test ${SECTIONED}` }).click(LONG);
    await page.getByRole('button', { name: 'Start test', exact: true }).click(LONG);
    await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/, LONG);
    await page.getByRole('radio', { name: 'A. Choice A of 1' }).check();
    await expect(page.getByRole('navigation', { name: 'Questions' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible(
      LONG,
    );
    findings.push(...(await scan(page, 'player with the palette')));

    // The "next section" confirmation, then the player in the second section.
    await page.getByRole('button', { name: 'Next section' }).click();
    const move = page.getByRole('dialog', { name: 'Go to Part B?' });
    await expect(move).toBeVisible();
    findings.push(...(await scan(page, 'player, next-section confirmation')));
    await move.getByRole('button', { name: 'Close this section' }).click();
    const tabs = page.getByRole('tablist', { name: 'Sections' });
    await expect(tabs.getByRole('tab', { name: 'Part B (open)' })).toBeVisible(LONG);
    findings.push(...(await scan(page, 'player after a section change')));

    // Dark and right-to-left: the player after a reload, and its submit dialog.
    await openAs(page, null, 'dark', 'rtl');
    await expect(tabs.getByRole('tab', { name: 'Part B (open)' })).toBeVisible(LONG);
    findings.push(...(await scan(page, 'player (dark, rtl)')));
    await page.getByRole('button', { name: 'Submit test' }).click();
    const submit = page.getByRole('dialog', { name: 'Submit test?' });
    await expect(submit).toBeVisible();
    findings.push(...(await scan(page, 'player, submit dialog (dark, rtl)')));
    await submit.getByRole('button', { name: 'Submit now' }).click();
    await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, LONG);
    await expect(page.getByLabel(/^Score /)).toBeVisible(LONG);
    await openAs(page, null, 'light', 'ltr');
    findings.push(...(await scan(page, 'result')));

    // A Mains test: the start dialog and the work page, then submitted for the faculty's turn.
    await page.goto('/testcorner');
    await page.getByRole('button', { name: `Start ${MAINS}` }).click(LONG);
    const start = page.getByRole('dialog', { name: `Start ${MAINS}?` });
    await expect(start).toBeVisible();
    findings.push(...(await scan(page, 'Mains start dialog')));
    await start.getByRole('button', { name: 'Start now' }).click();
    await expect(page.getByRole('heading', { name: MAINS })).toBeVisible(LONG);
    await page.getByLabel('Upload answer for question 1').setInputFiles({
      name: 'answer-1.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(page.getByText('answer-1.pdf')).toBeVisible(LONG);
    findings.push(...(await scan(page, 'Mains work page')));
    await page.getByRole('button', { name: 'Submit answers' }).click();
    // Its confirmation is the same ChoiceDialog as the player's submit dialog, scanned above.
    const confirm = page.getByRole('dialog', { name: 'Submit your answers?' });
    await confirm.getByRole('button', { name: 'Submit now' }).click();
    await expect(page.getByText('Status: Not Started')).toBeVisible(LONG);

    // The learner's main screens right-to-left (light; dark is in the route journey).
    for (const path of ['/reports/progress']) {
      await openAs(page, path, 'light', 'rtl');
      findings.push(...(await scan(page, `${path} (rtl)`)));
    }
    expectNoFindings(findings);
  });

  test('faculty: Mains results, the evaluation page; main screens in RTL', async ({ page }) => {
    test.setTimeout(150_000);
    test.skip(!mainsId, 'the learner journey made no Mains test');
    await signIn(page, 'faculty@demo.test', 'Faculty@12345');
    await expect(page).toHaveURL(/\/course$/);
    const findings: Finding[] = [];
    await page.goto(`/reports?kind=test&work=${mainsId}`);
    const evaluate = page.getByRole('link', { name: `Evaluate ${LEARNER.name}` });
    await expect(evaluate).toBeVisible(LONG);
    findings.push(...(await scan(page, 'Mains results')));
    await evaluate.click();
    await page.getByRole('button', { name: 'Start evaluating Indian Polity' }).click(LONG);
    await expect(page.getByLabel(/^Marks for question \d+$/).first()).toBeVisible(LONG);
    findings.push(...(await scan(page, 'evaluation page')));
    await openAs(page, null, 'dark', 'rtl');
    findings.push(...(await scan(page, 'evaluation page (dark, rtl)')));
    for (const path of ['/questionpool']) {
      await openAs(page, path, 'light', 'rtl');
      findings.push(...(await scan(page, `${path} (rtl)`)));
    }
    expectNoFindings(findings);
  });

  test('administrator: a create form, a delete confirmation, an import dialog; RTL', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'admin@demo.test', 'Admin@12345');
    await expect(page).toHaveURL(/\/course$/);
    const findings: Finding[] = [];
    await page.goto('/batches');
    await expect(page.getByRole('heading', { name: 'Batches' })).toBeVisible(LONG);

    await page.getByRole('button', { name: 'New batch' }).click();
    const form = page.getByRole('dialog');
    await expect(form).toBeVisible();
    findings.push(...(await scan(page, 'new batch form')));
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page
      .getByRole('button', { name: /^Delete batch / })
      .first()
      .click(LONG);
    const confirm = page.getByRole('dialog', { name: 'Delete batch?' });
    await expect(confirm).toBeVisible();
    findings.push(...(await scan(page, 'delete confirmation')));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await page.goto('/learners');
    await page.getByRole('button', { name: 'Import learners' }).click(LONG);
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible(LONG);
    findings.push(...(await scan(page, 'import dialog')));
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Right-to-left: the administrator's main screens, and a form dialog in dark mode.
    for (const path of ['/users']) {
      await openAs(page, path, 'light', 'rtl');
      findings.push(...(await scan(page, `${path} (rtl)`)));
    }
    await openAs(page, '/batches', 'dark', 'rtl');
    await page.getByRole('button', { name: 'New batch' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    findings.push(...(await scan(page, 'new batch form (dark, rtl)')));
    expectNoFindings(findings);
  });
});
