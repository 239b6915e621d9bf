import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  JPEG,
  apiLogin,
  demoRefs,
  linedPng,
  signedIn,
  textPdf,
  type Headers,
} from './support/mains';
import { pdfPageTexts } from './support/pdfText';

// Issue 27's "Done when" journey, every step through the UI against the real server: the learner
// sends three photos (JPEG, PNG, JPEG: joined into one PDF) for the rubric question and a PDF for
// the other, and submits; the administrator allocates the subject's scripts to Priya Raman in the
// allocation dialog; she annotates two pages (a tick on page 1, a comment on page 2), marks the
// rubric question by levels and the other by a number, reads the summary and completes; the
// administrator sees the progress reach 100 %, opens the release check and publishes; the learner
// downloads the marked copy (flattened on a worker thread at completion) and the comment is in the
// PDF's text; the learner asks for a re-check of question 2, Priya changes the mark with a
// comment, and the learner sees the new mark and the answer. Only the test and its two questions
// are made through the API (authoring is another journey).

const stamp = `${Date.now()}`;
const TEST_NAME = `E2E Grading ${stamp}`;
const Q1 = `Explain judicial review with examples (${stamp}).`;
const Q2 = `Discuss cooperative federalism (${stamp}).`;
const COMMENT = `Cite Kesavananda Bharati ${stamp}`;
const REASON = 'My second paragraph on fiscal federalism was not counted.';
const ANSWER = `Fiscal federalism read again: two more marks (${stamp}).`;
const SUBJECT = 'Indian Polity';

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

/** A one-subject (Indian Polity) Mains test for the demo batch: Q1 with a rubric, Q2 without. */
async function createTest(request: Parameters<typeof demoRefs>[0], headers: Headers) {
  const refs = await demoRefs(request, headers);
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: TEST_NAME,
        instructions: 'Photograph or scan each answer and upload it.',
        TestDuration: 60,
        MaximumMarks: 20,
        ValidFrom: new Date(Date.now() - 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
        test_sub_category: refs.mains,
        subjects: [refs.polity],
        batch: refs.batch,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
  for (const [question, rubric] of [
    [Q1, RUBRIC],
    [Q2, null],
  ] as const) {
    const made = await request.post('/api/questions', {
      headers,
      data: {
        data: {
          question,
          question_type: 'Descriptive',
          points_correct_answer: 10,
          subject: refs.polity,
          test: testId,
          ...(rubric ? { rubric } : {}),
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return testId;
}

/** Text without its white space (a comment is shown and printed in lines). */
const squeeze = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');

/** The staff results screen of the test. */
const openResults = (page: Page, testId: string) => page.goto(`/reports?kind=test&work=${testId}`);

test('a script goes from photos to an annotated, released, re-checked result', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const testId = await createTest(
    request,
    await apiLogin(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password),
  );

  // 1. The learner uploads three photos for question 1 and a PDF for question 2, and submits.
  const learner = await signedIn(browser, ACCOUNTS.learner.email, ACCOUNTS.learner.password);
  const student = learner.page;
  await student.goto('/testcorner');
  await student.getByRole('button', { name: `Start ${TEST_NAME}` }).click();
  await student
    .getByRole('dialog', { name: `Start ${TEST_NAME}?` })
    .getByRole('button', { name: 'Start now' })
    .click();
  await expect(student.getByRole('heading', { name: TEST_NAME })).toBeVisible();
  await student.getByLabel('Upload answer for question 1').setInputFiles([
    { name: 'page-1.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    { name: 'page-2.png', mimeType: 'image/png', buffer: linedPng() },
    { name: 'page-3.jpg', mimeType: 'image/jpeg', buffer: JPEG },
  ]);
  await expect(
    student.getByRole('list', { name: 'Documents for question 1' }).getByRole('link'),
  ).toHaveText(['page-1 (3 photos).pdf']);
  await student.getByLabel('Upload answer for question 2').setInputFiles({
    name: 'answer-2.pdf',
    mimeType: 'application/pdf',
    buffer: textPdf('My answer on cooperative federalism'),
  });
  await expect(
    student.getByRole('list', { name: 'Documents for question 2' }).getByRole('link'),
  ).toHaveText(['answer-2.pdf']);
  await student.getByRole('button', { name: 'Submit answers' }).click();
  await student
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit now' })
    .click();
  await expect(student.getByText('Status: Not Started')).toBeVisible();

  // 2. The administrator allocates the subject's scripts to Priya Raman in the dialog.
  const admin = await signedIn(browser, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await openResults(admin.page, testId);
  await admin.page.getByRole('button', { name: 'Allocate scripts' }).click();
  const allocation = admin.page.getByRole('dialog', { name: /Allocate scripts/ });
  await expect(allocation.getByLabel('Subject')).toHaveValue(/.+/);
  await allocation
    .getByLabel('How')
    .selectOption({ label: 'Chosen scripts to one faculty member' });
  await allocation
    .getByLabel('Faculty member')
    .selectOption({ label: `${ACCOUNTS.faculty.name} (0 scripts)` });
  await allocation.getByRole('checkbox', { name: `Choose ${ACCOUNTS.learner.name}` }).check();
  await allocation.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(allocation.getByRole('status')).toHaveText(`1 script(s) allocated in ${SUBJECT}.`);
  await expect(
    allocation
      .getByRole('table', { name: `Scripts of ${SUBJECT}` })
      .getByRole('row', { name: new RegExp(ACCOUNTS.learner.name) }),
  ).toContainText(ACCOUNTS.faculty.name);
  await allocation.getByRole('button', { name: 'Close' }).click();

  // 3. Priya opens the script from her queue and annotates two pages of the photos' PDF.
  const priya = await signedIn(browser, ACCOUNTS.faculty.email, ACCOUNTS.faculty.password);
  const faculty = priya.page;
  await openResults(faculty, testId);
  await faculty
    .getByRole('link', { name: `Next script: ${ACCOUNTS.learner.name}, ${SUBJECT}` })
    .click();
  await faculty.getByRole('button', { name: `Start evaluating ${SUBJECT}` }).click();
  const annotate = faculty.getByRole('region', { name: 'Annotate', exact: true });
  await expect(annotate.getByText('Page 1 of 3')).toBeVisible();
  const page1 = annotate.getByRole('img', { name: /Question 1: page-1 \(3 photos\)\.pdf, page 1/ });
  await expect(page1).toBeVisible();
  await annotate.getByRole('button', { name: 'Tick' }).click();
  const box1 = await page1.boundingBox();
  if (!box1) throw new Error('page 1 has no box');
  await page1.click({ position: { x: box1.width * 0.6, y: box1.height * 0.3 } });
  await expect(page1.locator('[data-kind="tick"]')).toHaveCount(1);
  await expect(annotate.getByRole('status')).toHaveText('Saved');

  await annotate.getByRole('button', { name: 'Next page' }).click();
  await expect(annotate.getByText('Page 2 of 3')).toBeVisible();
  const page2 = annotate.getByRole('img', { name: /Question 1: page-1 \(3 photos\)\.pdf, page 2/ });
  await annotate.getByRole('button', { name: 'Comment' }).click();
  await annotate.getByLabel('Comment text').fill(COMMENT);
  const box2 = await page2.boundingBox();
  if (!box2) throw new Error('page 2 has no box');
  await page2.click({ position: { x: box2.width * 0.1, y: box2.height * 0.5 } });
  // The page shows the comment in lines (SVG text does not wrap by itself).
  const note = page2.locator('[data-kind="comment"]');
  await expect(note).toHaveCount(1);
  await expect.poll(async () => squeeze(await note.textContent())).toBe(squeeze(COMMENT));
  await expect(annotate.getByRole('status')).toHaveText('Saved');

  // 4. Marks per question: rubric levels on question 1, a number on question 2; the summary.
  const card = faculty.getByRole('region', { name: `Evaluation of ${SUBJECT}` });
  await card
    .getByRole('radiogroup', { name: 'Content' })
    .getByRole('radio', { name: 'Good (6)' })
    .check();
  await card
    .getByRole('radiogroup', { name: 'Structure' })
    .getByRole('radio', { name: 'Clear (4)' })
    .check();
  await card.getByLabel('Marks for question 2').fill('5');
  await card.getByLabel('Comment on question 2').fill('Only the constitutional side.');
  await expect(card.getByText(`Total for ${SUBJECT}: 15`)).toBeVisible();
  await card.getByRole('button', { name: `Complete ${SUBJECT}` }).click();
  const confirm = faculty.getByRole('dialog', { name: `Complete ${SUBJECT}?` });
  const summary = confirm.getByRole('table', { name: `Summary of ${SUBJECT}` });
  await expect(summary).toContainText('10 / 10');
  await expect(summary).toContainText('5 / 10');
  await confirm.getByRole('button', { name: 'Confirm and complete' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText(`Completed by ${ACCOUNTS.faculty.name} with 15 marks`)).toBeVisible();
  // The completion answers once the marked copy is flattened (on the worker thread).
  await expect(card.getByRole('link', { name: `Marked copy (${SUBJECT})` })).toBeVisible({
    timeout: 30_000,
  });

  // 5. The administrator sees the subject at 100 %, opens the release check and publishes.
  await openResults(admin.page, testId);
  const progress = admin.page.getByRole('region', { name: 'Marking progress' });
  await expect(progress.getByText('1 of 1 scripts complete (100 %)')).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Scripts complete' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const polity = progress.getByRole('group', { name: `Progress of ${SUBJECT}` });
  await expect(polity.getByText('Done: 1 of 1 (100 %)')).toBeVisible();
  await expect(polity.getByRole('progressbar', { name: `${SUBJECT} done` })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(polity.getByText('Waiting: 0')).toBeVisible();
  await expect(
    polity.getByRole('row', { name: new RegExp(ACCOUNTS.faculty.name) }).getByRole('cell'),
  ).toHaveText([ACCOUNTS.faculty.name, '0', '0', '1', '—']);
  await admin.page.getByRole('button', { name: 'Release check' }).click();
  const check = admin.page.getByRole('region', { name: 'Release check' });
  await expect(check.getByText('1 of 1 scripts complete · 0 published')).toBeVisible();
  await expect(check.getByText(/Mean 15(\.00)? · median 15(\.00)? \(of 20(\.00)?\)/)).toBeVisible();
  await admin.page.getByRole('checkbox', { name: `Select ${ACCOUNTS.learner.name}` }).check();
  await admin.page.getByRole('button', { name: 'Publish selected', exact: true }).click();
  await expect(admin.page.getByText('1 result(s) published.')).toBeVisible();
  await expect(
    admin.page.getByRole('row', { name: new RegExp(ACCOUNTS.learner.name) }),
  ).toContainText('Published');

  // 6. The learner downloads the marked copy: the comment is in the PDF, on page 2.
  await student.goto('/reports');
  const item = student.getByRole('listitem', { name: TEST_NAME });
  await expect(item.getByText('Marks 15 / 20')).toBeVisible();
  const copyLink = item.getByRole('link', { name: `Marked copy (${SUBJECT})` });
  const href = await copyLink.getAttribute('href');
  if (!href) throw new Error('the marked copy has no address');
  const copy = await student.request.get(href);
  expect(copy.status()).toBe(200);
  const texts = await pdfPageTexts(await copy.body());
  // Three photo pages and the PDF's page, in script order.
  expect(texts).toHaveLength(4);
  expect(squeeze(texts[1])).toContain(squeeze(COMMENT));
  expect(squeeze(texts[0])).not.toContain(squeeze(COMMENT));
  expect(texts[3]).toContain('My answer on cooperative federalism');

  // 7. The learner asks for a re-check of question 2, with a reason.
  await item.getByRole('link', { name: 'Open the script (ask for a re-check)' }).click();
  await student.getByRole('button', { name: 'Ask for a re-check of question 2' }).click();
  const ask = student.getByRole('dialog', { name: 'Re-check of question 2' });
  await ask.getByLabel(/Why should it be re-checked/).fill(REASON);
  await ask.getByRole('button', { name: 'Ask for a re-check' }).click();
  await expect(student.getByText('Re-check requested')).toBeVisible();

  // 8. Priya answers from her re-check queue: the mark changes, with a comment.
  await faculty.goto('/reports/rechecks');
  const request2 = faculty.getByRole('listitem').filter({ hasText: Q2.slice(0, 40) });
  await expect(request2).toContainText(REASON);
  await request2.getByRole('button', { name: 'Answer' }).click();
  const answer = faculty.getByRole('dialog');
  await answer.getByLabel('Decision').selectOption('change');
  await answer.getByLabel('New mark').fill('7');
  await answer.getByLabel('Comment for the learner').fill(ANSWER);
  await answer.getByRole('button', { name: 'Send the answer' }).click();
  await expect(answer).toBeHidden();

  // 9. The learner sees the new mark, the new total and the answer.
  await student.reload();
  await expect(student.getByText('Re-checked: the mark changed')).toBeVisible();
  const history = student.getByRole('list', { name: 'Re-check history' });
  await expect(history).toContainText(`changed 5 → 7 — ${ANSWER}`);
  const marks = student
    .getByRole('region', { name: `Evaluation of ${SUBJECT}` })
    .getByRole('list', { name: 'Marks per question' });
  await expect(marks).toContainText('Question 2: 7 of 10');
  await student.goto('/reports');
  await expect(
    student.getByRole('listitem', { name: TEST_NAME }).getByText('Marks 17 / 20'),
  ).toBeVisible();

  for (const session of [learner, admin, priya]) await session.context.close();
});
