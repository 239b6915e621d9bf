import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './support/auth';

// Issue 27 (annotate in the browser): a learner's Mains script (one PDF, made through the API);
// the faculty member opens it, starts the evaluation, puts a tick and a comment on the page shown
// by PDF.js, sees "Saved", reloads and finds both again.

const stamp = `${Date.now()}`;
const testName = `E2E Annotate ${stamp}`;
const COMMENT = `Cite Article 21 (${stamp})`;

/** A one-page PDF with a line of text (the server checks the content, not only the name). */
const pdf = () => {
  const stream = 'BT /F1 18 Tf 40 150 Td (My answer on federalism) Tj ET';
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
      `4 0 obj << /Length ${stream.length} >> stream`,
      stream,
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
};

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  return { Authorization: `Bearer ${jwt}` };
}

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string) {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  const item = ((await response.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(item, path).toBeDefined();
  return item?.documentId ?? '';
}

/** A one-question Indian Polity Mains test; the demo learner submits a PDF; the result's id. */
async function submittedScript(request: APIRequestContext): Promise<string> {
  const admin = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batch = await firstId(
    request,
    admin,
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
  );
  const mains = await firstId(
    request,
    admin,
    '/api/test-sub-categories?filters[TestSubCategory][$eq]=Mains&pagination[pageSize]=1',
  );
  const polity = await firstId(
    request,
    admin,
    '/api/subjects?filters[SubjectName][$eq]=Indian Polity&pagination[pageSize]=1',
  );
  const created = await request.post('/api/tests', {
    headers: admin,
    data: {
      data: {
        TestName: testName,
        TestDuration: 60,
        MaximumMarks: 10,
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        test_sub_category: mains,
        subjects: [polity],
        batch,
      },
    },
  });
  expect(created.status()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  const question = await request.post('/api/questions', {
    headers: admin,
    data: {
      data: {
        question: `Discuss federalism in India (${stamp}).`,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject: polity,
        test: testId,
      },
    },
  });
  expect(question.status()).toBe(201);
  const learner = await apiLogin(request, 'student1@demo.test', 'Student@12345');
  const started = await request.post('/api/mains/start', {
    headers: learner,
    data: { kind: 'test', documentId: testId },
  });
  expect(started.status()).toBeLessThan(300);
  const work = (
    (await started.json()) as {
      data: { attempt: { documentId: string }; answers: Array<{ documentId: string }> };
    }
  ).data;
  const upload = await request.post(
    `/api/mains/answers/${work.answers[0]?.documentId ?? ''}/documents`,
    {
      headers: learner,
      multipart: {
        files: { name: 'answer-1.pdf', mimeType: 'application/pdf', buffer: pdf() },
      },
    },
  );
  expect(upload.status()).toBe(200);
  const submit = await request.post('/api/mains/submit', {
    headers: learner,
    data: { attemptId: work.attempt.documentId },
  });
  expect(submit.status()).toBe(200);
  return ((await submit.json()) as { data: { result: { documentId: string } } }).data.result
    .documentId;
}

test('faculty annotate a script page, reload, and find the tick and the comment again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const resultId = await submittedScript(request);

  await signIn(page, 'faculty@demo.test', 'Faculty@12345');
  await expect(page).toHaveURL(/\/course/);
  await page.goto(`/reports/scripts/${resultId}`);
  await page.getByRole('button', { name: 'Start evaluating Indian Polity' }).click();

  const section = page.getByRole('region', { name: 'Annotate' });
  const sheet = section.getByRole('img', { name: /answer-1\.pdf, page 1/ });
  await expect(sheet).toBeVisible();
  await expect(section.getByText('Page 1 of 1')).toBeVisible();
  // PDF.js drew the page (a canvas with pixels).
  await expect
    .poll(() => section.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width))
    .toBeGreaterThan(0);

  // A tick (the default tool) where the answer is good.
  await section.getByRole('button', { name: 'Tick' }).click();
  const box = await sheet.boundingBox();
  if (!box) throw new Error('the page has no box');
  // Clicked through the locator: it scrolls the spot into view first.
  await sheet.click({ position: { x: box.width * 0.7, y: box.height * 0.3 } });
  // A comment next to it.
  await section.getByRole('button', { name: 'Comment' }).click();
  await section.getByLabel('Comment text').fill(COMMENT);
  await sheet.click({ position: { x: box.width * 0.1, y: box.height * 0.6 } });
  await expect(sheet.locator('[data-kind="tick"]')).toHaveCount(1);
  await expect(sheet.getByText(COMMENT)).toBeVisible();
  await expect(section.getByRole('status')).toHaveText('Saved');

  await page.reload();
  const again = page
    .getByRole('region', { name: 'Annotate' })
    .getByRole('img', { name: /answer-1\.pdf, page 1/ });
  await expect(again.locator('[data-kind="tick"]')).toHaveCount(1);
  await expect(again.getByText(COMMENT)).toBeVisible();
});
