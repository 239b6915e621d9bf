import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, firstId, signedIn, textPdf } from './support/mains';

// Issue 8: a learner submits a Mains test with PDF answers; Priya Raman evaluates Indian Polity,
// the second faculty member Indian Economy; the staff results screen follows the status
// Not Started → In Progress → Pending (Indian Economy) → Completed → Published; the learner sees
// no marks before publishing and the marks and the marked copy after.

const stamp = `${Date.now()}`;
const testName = `E2E Mains ${stamp}`;
const LEARNER = { email: 'student1@demo.test', password: 'Student@12345', name: 'Arjun Mehta' };
const POLITY = 'Indian Polity';
const ECONOMY = 'Indian Economy';

/** A one-page PDF (the server checks the content, not only the name). */
const pdf = (title: string) => textPdf(title, [300, 200]);

/** An administrator makes a two-subject Mains test for the demo batch, through the API. */
async function createMainsTest(request: APIRequestContext): Promise<string> {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batch = await firstId(
    request,
    headers,
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
  );
  const mains = await firstId(
    request,
    headers,
    '/api/test-sub-categories?filters[TestSubCategory][$eq]=Mains&pagination[pageSize]=1',
  );
  const polity = await firstId(
    request,
    headers,
    `/api/subjects?filters[SubjectName][$eq]=${POLITY}&pagination[pageSize]=1`,
  );
  const economy = await firstId(
    request,
    headers,
    `/api/subjects?filters[SubjectName][$eq]=${ECONOMY}&pagination[pageSize]=1`,
  );
  const priya = await firstId(
    request,
    headers,
    '/api/faculties?filters[faculty_email_id][$eq]=faculty@demo.test&pagination[pageSize]=1',
  );
  const second = await firstId(
    request,
    headers,
    '/api/faculties?filters[faculty_email_id][$eq]=faculty2@demo.test&pagination[pageSize]=1',
  );
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: testName,
        instructions: 'Write each answer on paper, scan it and upload it as a PDF.',
        TestDuration: 60,
        MaximumMarks: 20,
        // Issue 27: per-question marks may be halves on this test (8.5 below).
        allow_half_marks: true,
        PassMark: 40,
        pass_mark_unit: 'percent',
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        test_sub_category: mains,
        subjects: [polity, economy],
        faculties: [priya, second],
        batch,
      },
    },
  });
  expect(created.status()).toBe(201);
  const test = ((await created.json()) as { data: { documentId: string } }).data;
  for (const [text, subject] of [
    [`Discuss federalism in India (${stamp}).`, polity],
    [`Explain cost-push inflation (${stamp}).`, economy],
  ] as const) {
    const question = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question: text,
          question_type: 'Descriptive',
          points_correct_answer: 10,
          points_incorrect_answer: 0,
          subject,
          test: test.documentId,
        },
      },
    });
    expect(question.status()).toBe(201);
  }
  return test.documentId;
}

/** The staff results screen of the test: the learner's row and its status. */
async function expectStatus(page: Page, testId: string, status: string) {
  await page.goto(`/reports?kind=test&work=${testId}`);
  const row = page.getByRole('row', { name: new RegExp(LEARNER.name) });
  await expect(row).toContainText(status);
  return row;
}

async function evaluate(page: Page, testId: string, subject: string, marks: string) {
  await page.goto(`/reports?kind=test&work=${testId}`);
  await page.getByRole('link', { name: `Evaluate ${LEARNER.name}` }).click();
  await expect(page.getByTitle('Answer document answer-1.pdf')).toBeVisible();
  await page.getByRole('button', { name: `Start evaluating ${subject}` }).click();
  return async () => {
    // Issue 27: one mark per question (each subject has one here), a summary, then complete.
    const card = page.getByRole('region', { name: `Evaluation of ${subject}` });
    await card.getByLabel(/^Marks for question \d+$/).fill(marks);
    await page.getByLabel(`Upload marked copy for ${subject}`).setInputFiles({
      name: `marked-${subject}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf(`Marked ${subject}`),
    });
    await expect(page.getByRole('link', { name: `Marked copy (${subject})` })).toBeVisible();
    await page.getByRole('button', { name: `Complete ${subject}` }).click();
    await page
      .getByRole('dialog', { name: `Complete ${subject}?` })
      .getByRole('button', { name: 'Confirm and complete' })
      .click();
  };
}

test('a Mains test goes from submission through two evaluators to a published result', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const testId = await createMainsTest(request);

  // The learner opens the Mains test from the test corner and uploads a PDF per question.
  const learner = await signedIn(browser, LEARNER.email, LEARNER.password);
  await learner.page.goto('/testcorner');
  // Issue 23: the clock starts only after the learner confirms the duration and the rules.
  await learner.page.getByRole('button', { name: `Start ${testName}` }).click();
  const starting = learner.page.getByRole('dialog', { name: `Start ${testName}?` });
  await expect(starting.getByText(/You have \d+ minutes from the moment you start/)).toBeVisible();
  await starting.getByRole('button', { name: 'Start now' }).click();
  await expect(learner.page.getByRole('heading', { name: testName })).toBeVisible();
  for (const number of [1, 2]) {
    await learner.page.getByLabel(`Upload answer for question ${number}`).setInputFiles({
      name: `answer-${number}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf(`Answer ${number}`),
    });
    await expect(learner.page.getByText(`answer-${number}.pdf`)).toBeVisible();
  }
  await learner.page.getByRole('button', { name: 'Submit answers' }).click();
  const confirm = learner.page.getByRole('dialog', { name: 'Submit your answers?' });
  await confirm.getByRole('button', { name: 'Submit now' }).click();
  await expect(learner.page.getByText('Status: Not Started')).toBeVisible();
  await expect(learner.page.getByText(/^Marks /)).toHaveCount(0);

  // Staff see the script waiting.
  const admin = await signedIn(browser, 'admin@demo.test', 'Admin@12345');
  await expectStatus(admin.page, testId, 'Not Started');

  // Priya Raman evaluates Indian Polity.
  const priya = await signedIn(browser, 'faculty@demo.test', 'Faculty@12345');
  const completePolity = await evaluate(priya.page, testId, POLITY, '7');
  await expectStatus(admin.page, testId, 'In Progress');
  await completePolity();
  await expect(priya.page.getByText(`Status: Pending (${ECONOMY})`)).toBeVisible();
  await expectStatus(admin.page, testId, `Pending (${ECONOMY})`);

  // Priya may not evaluate the other subject.
  await expect(priya.page.getByRole('button', { name: `Start evaluating ${ECONOMY}` })).toHaveCount(
    0,
  );

  // The second faculty member evaluates Indian Economy.
  const second = await signedIn(browser, 'faculty2@demo.test', 'Faculty@12345');
  const completeEconomy = await evaluate(second.page, testId, ECONOMY, '8.5');
  await completeEconomy();
  await expect(second.page.getByText('Status: Completed')).toBeVisible();
  const completed = await expectStatus(admin.page, testId, 'Completed');
  await expect(completed).toContainText('15.5');

  // Before publishing the learner sees the status and no marks.
  await learner.page.goto('/reports');
  await expect(learner.page.getByText(testName)).toBeVisible();
  await expect(learner.page.getByText('Marks 15.50 / 20')).toHaveCount(0);
  await expect(learner.page.getByRole('link', { name: `Marked copy (${POLITY})` })).toHaveCount(0);
  const learnerApi = await apiLogin(request, LEARNER.email, LEARNER.password);
  const early = await request.get('/api/mains/my-work?kind=test&pageSize=100', {
    headers: learnerApi,
  });
  expect(early.status()).toBe(200);
  const items = (
    (await early.json()) as {
      data: Array<{
        name: string;
        status: string;
        totalMarks: number | null;
        evaluations: unknown[];
      }>;
    }
  ).data;
  const mine = items.find((item) => item.name === testName);
  expect(mine?.status).toBe('Completed');
  expect(mine?.totalMarks).toBeNull();
  expect(mine?.evaluations).toEqual([]);

  // The learner starts with a clear bell (issue 20).
  const bell = learner.page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const markAll = learner.page.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await learner.page.getByRole('menu').press('Escape');
  await expect(
    learner.page.getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();

  // Staff publish; the learner's bell shows it without a reload, and links to the result.
  await admin.page.getByRole('checkbox', { name: `Select ${LEARNER.name}` }).check();
  await admin.page.getByRole('button', { name: 'Publish selected', exact: true }).click();
  await expectStatus(admin.page, testId, 'Published');

  const unread = learner.page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(unread).toBeVisible({ timeout: 15_000 });
  await unread.click();
  const notice = learner.page.getByRole('menuitem', {
    name: new RegExp(`Mains marks for ${testName} are published`),
  });
  await expect(notice).toHaveAttribute('href', /^\/reports\/scripts\/[a-z0-9]+$/);
  await learner.page.getByRole('button', { name: 'Mark all as read' }).click();
  await learner.page.getByRole('menu').press('Escape');
  await expect(
    learner.page.getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();

  // The learner then sees the marks and the marked copies.
  await learner.page.goto('/reports');
  await expect(learner.page.getByText('Marks 15.50 / 20')).toBeVisible();
  await expect(
    learner.page.getByRole('list', { name: `Marks per question of ${ECONOMY}` }),
  ).toContainText('Question 1: 8.50');
  await expect(learner.page.getByRole('link', { name: `Marked copy (${POLITY})` })).toBeVisible();
  await expect(learner.page.getByRole('link', { name: `Marked copy (${ECONOMY})` })).toBeVisible();

  for (const session of [learner, admin, priya, second]) {
    await session.context.close();
  }
});
