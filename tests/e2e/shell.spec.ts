import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test('an administrator signs in through the real sign-in screen and sees the full layout', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
  for (const item of ['Test Corner', 'Learners', 'Faculties', 'Users', 'Reports', 'Settings']) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  // Sidebar 280 px and top bar 60 px, as the spec's layout constants say.
  const drawer = page.locator('.MuiDrawer-paper').first();
  expect((await drawer.boundingBox())?.width).toBe(280);
  expect((await page.locator('header').boundingBox())?.height).toBeCloseTo(60, 0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('role-names')).toHaveText('Admin');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/batches');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a student signs in and sees the student menu only', async ({ page }) => {
  await signIn(page, 'student1@demo.test', 'Student@12345');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Test Corner' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Learners' })).toHaveCount(0);
});

test('a wrong password shows "Invalid Email or Password"', async ({ page }) => {
  await signIn(page, 'admin@demo.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(/Invalid Email or Password/);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('/nowhere lands on the 404 page', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/auth\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the appearance customizer switches to dark mode and keeps it after a reload', async ({
  page,
}) => {
  await signIn(page, 'faculty@demo.test', 'Faculty@12345');
  await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
  const lightBackground = await page.evaluate(
    () => getComputedStyle(document.body).backgroundColor,
  );
  await page.getByRole('button', { name: 'Open appearance settings' }).click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .not.toBe(lightBackground);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    lightBackground,
  );
});
