import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { JPEG, apiLogin, firstId, signedIn } from './support/mains';

// Issue 27 (rubrics and re-checks): a learner sends three photos for a rubric question (the server
// joins them into one PDF); the faculty member marks it by clicking a level per criterion and
// completes after the confirmation; the administrator publishes; the learner asks for a re-check
// with a reason; the faculty member answers it from the re-check queue, keeping the mark with a
// comment, and the learner's request shows the answer.

const stamp = `${Date.now()}`;
const QUESTION = `Explain judicial review (${stamp}).`;

const RUBRIC = {
  criteria: [
    {
      name: 'Content',
      levels: [
        { label: 'Weak', marks: 0 },
        { label: 'Fair', marks: 3 },
        { label: 'Good', marks: 6 },
      ],
    },
    {
      name: 'Structure',
      levels: [
        { label: 'Poor', marks: 0 },
        { label: 'Clear', marks: 4 },
      ],
    },
  ],
};

const admin = (request: APIRequestContext) => apiLogin(request, 'admin@demo.test', 'Admin@12345');
const learner = (request: APIRequestContext) =>
  apiLogin(request, 'student1@demo.test', 'Student@12345');

/** A Polity Mains test with one rubric question; the learner sends three photos and submits. */
async function submittedPhotos(request: APIRequestContext) {
  const staff = await admin(request);
  const batch = await firstId(
    request,
    staff,
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
  );
  const mains = await firstId(
    request,
    staff,
    '/api/test-sub-categories?filters[TestSubCategory][$eq]=Mains&pagination[pageSize]=1',
  );
  const polity = await firstId(
    request,
    staff,
    '/api/subjects?filters[SubjectName][$eq]=Indian Polity&pagination[pageSize]=1',
  );
  const created = await request.post('/api/tests', {
    headers: staff,
    data: {
      data: {
        TestName: `E2E Rubric ${stamp}`,
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
    headers: staff,
    data: {
      data: {
        question: QUESTION,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject: polity,
        test: testId,
        rubric: RUBRIC,
      },
    },
  });
  expect(question.status()).toBe(201);
  const own = await learner(request);
  const started = await request.post('/api/mains/start', {
    headers: own,
    data: { kind: 'test', documentId: testId },
  });
  expect(started.status()).toBeLessThan(300);
  const work = (
    (await started.json()) as {
      data: { attempt: { documentId: string }; answers: Array<{ documentId: string }> };
    }
  ).data;
  // Playwright's multipart takes one file per field name: the form is built by hand.
  const form = new FormData();
  for (const n of [1, 2, 3]) {
    form.append('files', new Blob([JPEG], { type: 'image/jpeg' }), `page-${n}.jpg`);
  }
  const upload = await request.post(
    `/api/mains/answers/${work.answers[0]?.documentId ?? ''}/documents`,
    { headers: own, multipart: form },
  );
  expect(upload.status()).toBe(200);
  const documents = ((await upload.json()) as { data: { documents: Array<{ name: string }> } }).data
    .documents;
  expect(documents.map((d) => d.name)).toEqual(['page-1 (3 photos).pdf']);
  const submit = await request.post('/api/mains/submit', {
    headers: own,
    data: { attemptId: work.attempt.documentId },
  });
  expect(submit.status()).toBe(200);
  return ((await submit.json()) as { data: { result: { documentId: string } } }).data.result
    .documentId;
}

const signedInPage = async (browser: Browser, email: string, password: string) =>
  (await signedIn(browser, email, password)).page;

test('rubric marking, release, a re-check asked and answered', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const resultId = await submittedPhotos(request);

  // The faculty member marks by levels and completes after the summary.
  const faculty = await signedInPage(browser, 'faculty@demo.test', 'Faculty@12345');
  await faculty.goto(`/reports/scripts/${resultId}`);
  await faculty.getByRole('button', { name: 'Start evaluating Indian Polity' }).click();
  const card = faculty.getByRole('region', { name: 'Evaluation of Indian Polity' });
  await card
    .getByRole('radiogroup', { name: 'Content' })
    .getByRole('radio', { name: 'Fair (3)' })
    .check();
  await card
    .getByRole('radiogroup', { name: 'Structure' })
    .getByRole('radio', { name: 'Clear (4)' })
    .check();
  await expect(card.getByText('Total for Indian Polity: 7 of 10')).toBeVisible();
  await card.getByRole('button', { name: 'Save marks for Indian Polity' }).click();
  await expect(card.getByText('Marks saved.')).toBeVisible();
  await card.getByRole('button', { name: 'Complete Indian Polity' }).click();
  const confirm = faculty.getByRole('dialog', { name: 'Complete Indian Polity?' });
  await expect(confirm.getByText('7 / 10')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm and complete' }).click();
  const reached = faculty.getByRole('list', { name: 'Rubric levels reached' });
  await expect(reached.getByText('Content: Fair (3)')).toBeVisible();

  // The administrator publishes.
  const published = await request.post('/api/result-bulk', {
    headers: await admin(request),
    data: { resultIds: [resultId], is_published: true },
  });
  expect(published.status(), await published.text()).toBe(200);

  // The learner asks for a re-check of the question, with a reason.
  const student = await signedInPage(browser, 'student1@demo.test', 'Student@12345');
  await student.goto(`/reports/scripts/${resultId}`);
  await student.getByRole('button', { name: 'Ask for a re-check of question 1' }).click();
  const ask = student.getByRole('dialog');
  await ask
    .getByLabel(/Why should it be re-checked/)
    .fill('The second half of my answer was not counted.');
  await ask.getByRole('button', { name: 'Ask for a re-check' }).click();
  await expect(student.getByText('Re-check requested')).toBeVisible();

  // The faculty member answers from the queue: the mark stands, with a comment.
  await faculty.goto('/reports/rechecks');
  await faculty.getByRole('button', { name: 'Answer' }).first().click();
  const answer = faculty.getByRole('dialog');
  await answer.getByLabel('Decision').selectOption('keep');
  await answer
    .getByLabel('Comment for the learner')
    .fill('Both halves were read; the levels stand.');
  await answer.getByRole('button', { name: 'Send the answer' }).click();
  await expect(answer).toBeHidden();

  const requests = await request.get('/api/mains/rechecks', { headers: await learner(request) });
  expect(requests.status()).toBe(200);
  const mine = (
    (await requests.json()) as { data: Array<{ resultId: string; status: string }> }
  ).data.filter((r) => r.resultId === resultId);
  expect(mine.map((r) => r.status)).toEqual(['kept']);
  await student.reload();
  await expect(student.getByText('Both halves were read; the levels stand.')).toBeVisible();
});
