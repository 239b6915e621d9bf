// Issue 24: an administrator gives the portal the institute's name, logo and colour in Settings;
// a signed-out visitor sees them on the sign-in page. The settings are put back at the end (the
// journeys share one server).
import { expect, test } from '@playwright/test';
import { signIn, signOut } from './support/auth';
import { apiLogin } from './support/learners';

// A 1 × 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an administrator brands the portal; a signed-out visitor sees it on the sign-in page', async ({
  page,
  request,
}) => {
  try {
    await signIn(page, 'admin@demo.test', 'Admin@12345');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Institute' });
    await card.getByLabel(/^Institute name/).fill('Sunrise Academy');
    await card.getByLabel(/^Primary colour/).fill('#0b5394');
    await card.getByRole('button', { name: 'Save institute settings' }).click();
    await expect(card.getByText('The institute’s settings are saved.')).toBeVisible();
    await card.getByLabel('Choose the logo').setInputFiles({
      name: 'sunrise.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(card.getByRole('img', { name: 'The institute’s logo' })).toBeVisible();
    // The layout wears it at once.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByText('Sunrise Academy').first()).toBeVisible();

    await signOut(page);
    await expect(page.getByText('Sunrise Academy')).toBeVisible();
    const logo = page.locator('main header img');
    await expect(logo).toBeVisible();
    await expect(page).toHaveTitle('Sunrise Academy');
    const background = await page
      .getByRole('button', { name: 'Sign in' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).toBe('rgb(11, 83, 148)');
  } finally {
    const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
    await request.put('/api/institute', {
      headers,
      data: { data: { name: 'Learning Portal', primaryColour: null } },
    });
    await request.delete('/api/institute/files/logo', { headers });
  }
});
