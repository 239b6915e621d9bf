import { expect, test } from '@playwright/test';
import { latestMailTo, resetLinkFor, signIn, signOut } from './support/auth';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a visitor registers, signs in and signs out', async ({ page }) => {
  const email = `learner${unique()}@example.test`;
  await page.goto('/auth/login');
  await page.getByRole('link', { name: /Register/ }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);

  await page.getByLabel(/^Full name/).fill('Meera Iyer');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Mobile number/).fill('9876543210');
  await page.getByLabel(/^Password/).fill('Learner@2026');
  await page.getByLabel(/^Confirm password/).fill('Learner@2026');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Thank you for registering.')).toBeVisible();

  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Learner@2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/course$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('role-names')).toHaveText('Student');
  await page.keyboard.press('Escape');

  await signOut(page);
  // Nothing of the session is left: a protected page sends the visitor back to sign-in.
  await page.goto('/course');
  await expect(page).toHaveURL(/\/auth\/login$/);
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((key) => key !== 'appearance')).toEqual([]);
});

test('registering an email that is taken answers as for a new one and emails its holder', async ({
  page,
}) => {
  const email = 'student1@demo.test';
  const before = latestMailTo(email)?.writtenAt ?? '';
  await page.goto('/auth/signUp');
  await page.getByLabel(/^Full name/).fill('Someone Else');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Mobile number/).fill('9876500000');
  await page.getByLabel(/^Password/).fill('Learner@2026');
  await page.getByLabel(/^Confirm password/).fill('Learner@2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Thank you for registering.')).toBeVisible();
  await expect
    .poll(() => {
      const message = latestMailTo(email);
      return (message?.writtenAt ?? '') > before ? (message?.subject ?? '') : '';
    })
    .toMatch(/tried to register/);
  // The account is unchanged: its own password still signs in.
  await signIn(page, email, 'Student@12345');
  await expect(page).toHaveURL(/\/course$/);
});

test('a visitor resets a forgotten password from the emailed link, once', async ({ page }) => {
  const email = 'student2@demo.test';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The screen loads on demand: fill its field, not the sign-in screen's that is still shown.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  await page.getByLabel(/^New password/).fill('Renewed@2026');
  await page.getByLabel(/^Confirm new password/).fill('Renewed@2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await signIn(page, email, 'Renewed@2026');
  await expect(page).toHaveURL(/\/course$/);
  await signOut(page);

  // The same link does not work twice.
  await page.goto(link);
  await page.getByLabel(/^New password/).fill('Another@2026');
  await page.getByLabel(/^Confirm new password/).fill('Another@2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await signIn(page, email, 'Another@2026');
  await expect(page.getByRole('alert')).toHaveText(/Invalid Email or Password/);
});

test('the forgot-password answer is the same for an unknown email', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel(/^Email/).fill(`nobody${unique()}@example.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
});
