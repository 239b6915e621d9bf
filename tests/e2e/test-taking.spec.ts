import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';

const stamp = `${Date.now()}`;
const testName = `E2E Timed Test ${stamp}`;
const LETTERS = ['a', 'b', 'c', 'd'] as const;
type Letter = (typeof LETTERS)[number];

interface QuestionPlan {
  text: string;
  correct: Letter;
  pointsCorrect: number;
  pointsIncorrect: number;
}

// Ten questions: mostly +2 / −0.5, with a +3, a +1 and a −1 to make the sum telling.
const QUESTIONS: QuestionPlan[] = Array.from({ length: 10 }, (_, index) => ({
  text: `Timed question ${index + 1} (${stamp})`,
  correct: LETTERS[index % 4] ?? 'a',
  pointsCorrect: index === 2 ? 3 : index === 3 ? 1 : 2,
  pointsIncorrect: index === 4 ? -1 : -0.5,
}));
/** The plan of question `index` (the array is fixed, so it is always there). */
function plan(index: number): QuestionPlan {
  const found = QUESTIONS[index];
  if (!found) throw new Error(`no question ${index}`);
  return found;
}
const optionText = (index: number, letter: Letter) =>
  `Choice ${letter.toUpperCase()} of ${index + 1}`;
const radioName = (index: number, letter: Letter) =>
  `${letter.toUpperCase()}. ${optionText(index, letter)}`;

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  return { Authorization: `Bearer ${jwt}` };
}

/** An administrator makes a 10-question test for the demo batch, through the API. */
async function createTimedTest(request: APIRequestContext): Promise<number> {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batches = await request.get(
    '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
    { headers },
  );
  const batch = ((await batches.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(batch).toBeDefined();
  const maximum = QUESTIONS.reduce((sum, q) => sum + q.pointsCorrect, 0);
  const created = await request.post('/api/tests', {
    headers,
    data: {
      data: {
        TestName: testName,
        instructions: 'Answer carefully: wrong answers cost marks.',
        TestDuration: 30,
        MaximumMarks: maximum,
        PassMark: 5,
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
          points_correct_answer: q.pointsCorrect,
          points_incorrect_answer: q.pointsIncorrect,
          question_type: 'MCQ',
          explanation: `The answer to ${index + 1} is ${q.correct.toUpperCase()}.`,
          test: testId,
        },
      },
    });
    expect(question.status()).toBe(201);
  }
  return maximum;
}

const wrongOf = (letter: Letter): Letter => (letter === 'a' ? 'b' : 'a');

async function answer(page: Page, index: number, letter: Letter) {
  await expect(
    page.getByRole('heading', { name: `Question ${index + 1} of ${QUESTIONS.length}` }),
  ).toBeVisible();
  await page.getByRole('radio', { name: radioName(index, letter) }).check();
}

async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time left' }).innerText()).trim();
  return text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

test('a learner takes a timed test through a network drop and a reload; the server marks it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const maximum = await createTimedTest(request);

  await signIn(page, 'student1@demo.test', 'Student@12345');
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await page.getByRole('link', { name: `Start test ${testName}` }).click();
  await expect(page.getByRole('heading', { name: testName })).toBeVisible();
  await expect(page.getByText('Answer carefully: wrong answers cost marks.')).toBeVisible();
  await page.getByRole('button', { name: 'Start test', exact: true }).click();
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/);
  // Full screen: the menu is hidden while the test runs.
  await expect(page.getByRole('link', { name: 'Courses' })).toBeHidden();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  // The plan: what the learner picks per question (undefined: left unanswered).
  const picks: Array<Letter | undefined> = [];
  const pick = async (index: number, letter: Letter) => {
    await answer(page, index, letter);
    picks[index] = letter;
  };
  const next = () => page.getByRole('button', { name: 'Next' }).click();

  await pick(0, plan(0).correct);
  await next();
  await pick(1, wrongOf(plan(1).correct));
  await next();
  await pick(2, plan(2).correct);
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible();

  // The network drops while answering: the answers wait in the browser.
  await page.context().setOffline(true);
  await next();
  await pick(3, plan(3).correct);
  await next();
  await pick(4, wrongOf(plan(4).correct));
  await expect(page.getByText(/Offline — 2 answers waiting to be saved/)).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible();

  // Saves fail again, and the learner reloads with an answer still unsent.
  await page.route('**/api/answers/**', (route) => route.abort('internetdisconnected'));
  await next();
  await pick(5, plan(5).correct);
  await expect(page.getByText(/1 answer waiting to be saved/)).toBeVisible();
  const before = await secondsLeft(page);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: `Question 6 of ${QUESTIONS.length}` }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: radioName(5, plan(5).correct) })).toBeChecked();
  const after = await secondsLeft(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(25 * 60);
  await expect.poll(() => secondsLeft(page), { timeout: 5_000 }).toBeLessThan(after);
  await page.unroute('**/api/answers/**');
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible({
    timeout: 30_000,
  });

  // Question 7: marked as important, answered, then cleared (unanswered scores 0).
  await next();
  await page.getByRole('button', { name: 'Mark as important' }).click();
  await answer(page, 6, wrongOf(plan(6).correct));
  await page.getByRole('button', { name: 'Clear answer' }).click();
  await expect(
    page.getByRole('button', { name: /^Question 7, not answered, marked as important/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Question 1, answered/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Question 10, not visited/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible();

  // Submit, after a confirmation that counts what is missing.
  await page.getByRole('button', { name: 'Submit test' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit test?' });
  await expect(confirm).toContainText('You have 4 unanswered and 1 marked questions.');
  await confirm.getByRole('button', { name: 'Submit now' }).click();
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/);

  // The marks the server gave equal the sum from the questions' points, negatives included.
  const expected = QUESTIONS.reduce((sum, q, index) => {
    const chosen = picks[index];
    if (chosen === undefined) return sum;
    return sum + (chosen === q.correct ? q.pointsCorrect : q.pointsIncorrect);
  }, 0);
  expect(expected).toBe(6.5); // 2 − 0.5 + 3 + 1 − 1 + 2
  await expect(page.getByLabel(`Score ${expected} / ${maximum}`)).toBeVisible();
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
  const review = page.getByRole('list', { name: 'Review' });
  await expect(
    review.getByText(`The answer to 2 is ${plan(1).correct.toUpperCase()}.`),
  ).toBeVisible();

  // The menu is back, and the test now shows as attempted with its result.
  await expect(page.getByRole('link', { name: 'Courses' })).toBeVisible();
  await page.getByRole('link', { name: 'Test Corner' }).click();
  await expect(page.getByRole('link', { name: `View result of ${testName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Start test ${testName}` })).toHaveCount(0);
});
