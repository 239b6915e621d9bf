// Issue 24, keyboard only: after signing in, a learner takes a whole test with the keyboard —
// Tab and Shift+Tab to move, arrows and Space to answer, Enter to press — with no click: opens the
// test from the menu, answers, marks a question as important, jumps with the palette, goes back
// and forth, opens the submit dialog (Escape returns the focus to its button; Tab stays inside
// it), submits and reaches the result. The focus is visible (an outline) at each kind of control.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { createBatch, createMcqTest } from './support/exams';
import { addLearnerWithPassword, apiLogin } from './support/learners';

const stamp = `${Date.now()}`;
const NAME = `E2E Keyboard ${stamp}`;
const LEARNER = {
  name: `E2E Keyboard Learner ${stamp}`,
  email: `e2e-keyboard-${stamp}@example.org`,
  password: 'Keyboard@2026',
};
const QUESTIONS = [1, 2, 3, 4].map((n) => `Keyboard question ${n} (${stamp})`);

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, back = false) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard never reached ${target.toString()}`);
}

/** The focused control (a radio's or a button's ButtonBase) shows an outline. */
async function expectVisibleFocus(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return 'nothing focused';
        const shown = focused.closest('.MuiButtonBase-root') ?? focused;
        const style = getComputedStyle(shown);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
          ? 'outline'
          : `no outline on ${shown.tagName} ${shown.textContent ?? ''}`;
      }),
    )
    .toBe('outline');
}

/** Moves into question `number`'s choices from below and picks `letter` with the arrows. */
async function choose(page: Page, number: number, letter: string) {
  const group = page.getByRole('radiogroup', { name: /^Answer to question/ });
  const target = group.getByRole('radio', { name: `${letter}. Choice ${letter} of ${number}` });
  await expect(page.getByText(QUESTIONS[number - 1] ?? '')).toBeVisible();
  await expect(group.getByRole('radio')).toHaveCount(4);
  for (let presses = 0; presses < 20; presses += 1) {
    const inGroup = await group.evaluate((element) => element.contains(document.activeElement));
    if (inGroup) break;
    await page.keyboard.press('Shift+Tab');
  }
  for (let presses = 0; presses < 4 && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
}

test('a learner takes a whole test with the keyboard only', async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const batchId = await createBatch(request, headers, `E2E Keyboard batch ${stamp}`);
  await createMcqTest(request, headers, { name: NAME, batchId, questions: QUESTIONS });
  await addLearnerWithPassword(request, page, LEARNER, [batchId]);
  await signIn(page, LEARNER.email, LEARNER.password);
  await expect(page).toHaveURL(/\/course$/);

  // From the menu to the test, by keyboard.
  await tabTo(page, page.getByRole('link', { name: 'Test Corner' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: `Start test ${NAME}` }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Start test', exact: true }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/testcorner\/attempt\/[\w-]+$/);
  const heading = (n: number) => page.getByRole('heading', { name: `Question ${n} of 4` });
  await expect(heading(1)).toBeVisible();

  // Question 1: into the choices, A with Space.
  await tabTo(page, page.getByRole('radio', { name: 'A. Choice A of 1' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'A. Choice A of 1' })).toBeChecked();

  // Next; question 2: B with the arrows, then marked as important.
  const next = page.getByRole('button', { name: 'Next' });
  await tabTo(page, next);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(heading(2)).toBeVisible();
  await choose(page, 2, 'B');
  const mark = page.getByRole('button', { name: 'Mark as important' });
  await tabTo(page, mark);
  await page.keyboard.press('Space');
  await expect(mark).toHaveAttribute('aria-pressed', 'true');

  // The palette: jump to question 4 and answer it from there.
  const palette = page.getByRole('navigation', { name: 'Questions' });
  await expect(
    palette.getByRole('button', { name: 'Question 2, answered, marked as important' }),
  ).toBeVisible();
  await tabTo(page, palette.getByRole('button', { name: 'Question 4, not visited' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(heading(4)).toBeVisible();
  await choose(page, 4, 'C');

  // Previous to question 3, answer it, Next to the last: the focus moves to Previous.
  await tabTo(page, page.getByRole('button', { name: 'Previous' }));
  await page.keyboard.press('Enter');
  await expect(heading(3)).toBeVisible();
  await choose(page, 3, 'A');
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(heading(4)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'All answers saved' })).toBeVisible();

  // Submit: Escape closes the dialog and gives the focus back; Tab stays inside the dialog.
  const submit = page.getByRole('button', { name: 'Submit test' });
  await tabTo(page, submit, true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit test?' });
  await expect(dialog).toContainText('You have 0 unanswered and 1 marked questions.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Submit now' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  // The result: questions 1 and 3 right (2 marks each), 2 and 4 wrong (0).
  await expect(page).toHaveURL(/\/testcorner\/result\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByLabel('Score 4 / 8')).toBeVisible();
});
