import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './support/auth';
import { scannedScript } from './support/scanPdf';
import { apiLogin, firstId, textPdf } from './support/mains';

// Issue 27 (annotate in the browser): a learner's Mains script (one PDF, made through the API);
// the faculty member opens it, starts the evaluation, puts a tick and a comment on the page shown
// by PDF.js, sees "Saved", reloads and finds both again.

const stamp = `${Date.now()}`;
const testName = `E2E Annotate ${stamp}`;
const COMMENT = `Cite Article 21 (${stamp})`;

/** A one-page PDF with a line of text (the server checks the content, not only the name). */
const pdf = () => textPdf('My answer on federalism');

/** A one-question Indian Polity Mains test; the demo learner submits a PDF; the result's id. */
async function submittedScript(
  request: APIRequestContext,
  name = testName,
  file: { name: string; buffer: Buffer } = { name: 'answer-1.pdf', buffer: pdf() },
): Promise<{ resultId: string; polity: string; testId: string }> {
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
        TestName: name,
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
        files: { name: file.name, mimeType: 'application/pdf', buffer: file.buffer },
      },
    },
  );
  expect(upload.status()).toBe(200);
  const submit = await request.post('/api/mains/submit', {
    headers: learner,
    data: { attemptId: work.attempt.documentId },
  });
  expect(submit.status()).toBe(200);
  const resultId = ((await submit.json()) as { data: { result: { documentId: string } } }).data
    .result.documentId;
  return { resultId, polity, testId };
}

test('faculty annotate a script page, reload, and find the tick and the comment again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { resultId } = await submittedScript(request);

  await signIn(page, 'faculty@demo.test', 'Faculty@12345');
  await expect(page).toHaveURL(/\/course/);
  await page.goto(`/reports/scripts/${resultId}`);
  await page.getByRole('button', { name: 'Start evaluating Indian Polity' }).click();

  const section = page.getByRole('region', { name: 'Annotate', exact: true });
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
    .getByRole('region', { name: 'Annotate', exact: true })
    .getByRole('img', { name: /answer-1\.pdf, page 1/ });
  await expect(again.locator('[data-kind="tick"]')).toHaveCount(1);
  await expect(again.getByText(COMMENT)).toBeVisible();
});

test('a 20-page scanned script shows its first page quickly', async ({ page, request }) => {
  test.setTimeout(120_000);
  const scan = scannedScript(20);
  const { resultId, polity, testId } = await submittedScript(request, `${testName} (20 pages)`, {
    name: 'scan-20.pdf',
    buffer: scan,
  });
  const faculty = await apiLogin(request, 'faculty@demo.test', 'Faculty@12345');
  const started = await request.post('/api/mains/evaluations', {
    headers: faculty,
    data: { resultId, subjectId: polity },
  });
  expect(started.status()).toBe(201);
  await signIn(page, 'faculty@demo.test', 'Faculty@12345');
  await expect(page).toHaveURL(/\/course/);

  const section = page.getByRole('region', { name: 'Annotate', exact: true });
  const drawn = () =>
    expect
      .poll(
        () =>
          section
            .locator('canvas')
            .evaluate((c: HTMLCanvasElement) => {
              if (c.width === 0) return false;
              const strip = c.getContext('2d')?.getImageData(0, 0, c.width, 60).data ?? [];
              for (let i = 0; i < strip.length; i += 4) if ((strip[i] ?? 255) < 200) return true;
              return false;
            })
            .catch(() => false),
        { intervals: [50] },
      )
      .toBe(true);

  // Opening the script from the results list (the app is loaded): the click to page 1 drawn.
  await page.goto(`/reports?kind=test&work=${testId}`);
  const evaluate = page.getByRole('link', { name: 'Evaluate Arjun Mehta' });
  await expect(evaluate).toBeVisible();
  const t0 = Date.now();
  await evaluate.click();
  await drawn();
  const opened = Date.now() - t0;
  // A cold start (the address typed: the app loads, then the script, PDF.js and page 1), three
  // times (COLD_RUNS to change): the machine is shared, one figure alone says little.
  const colds: number[] = [];
  for (let i = 0; i < Number(process.env.COLD_RUNS ?? 3); i += 1) {
    if (i > 0) await page.goto('about:blank');
    const t1 = Date.now();
    await page.goto(`/reports/scripts/${resultId}`);
    await drawn();
    colds.push(Date.now() - t1);
  }
  const sorted = [...colds].sort((a, b) => a - b);
  const cold = `${colds.join(' / ')} (median ${sorted[Math.floor(sorted.length / 2)]})`;
  await expect(section.getByText('Page 1 of 20')).toBeVisible();
  const figure = `opened from the list ${opened} ms, cold start ${cold} ms`;
  test.info().annotations.push({ type: 'first page visible', description: figure });
  console.log(`20-page scanned script (${(scan.length / 1e6).toFixed(1)} MB): ${figure}`);
  // The target is 2 s; the bound here leaves room for a busy shared machine.
  expect(opened).toBeLessThan(4000);
});
