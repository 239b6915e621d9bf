import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import {
  axeFindings,
  expectNoFindings,
  setAppearance,
  type Finding,
  type Mode,
} from './support/axe';
import { addLearnerWithPassword, apiLogin } from './support/learners';

// Issue 24 ("WCAG 2.1 AA on every screen"): the axe journey. For each role it opens every menu
// route that role has (src/app/screens.tsx) and, signed out, the sign-in, register and
// forgot-password pages, in light and in dark mode: one axe run per route and mode. Signed in,
// each mode's first route is a page load (the mode is read at start-up) and the others are
// reached as the menu reaches them, by a client-side route change (half the time of a reload). It
// fails on any critical or serious finding and prints each one (rule, impact, target,
// help), so the failure says what to fix. Nothing is changed on the shared server except the
// journey's own learner (the demo learners' passwords are changed by other journeys). The screens
// reached by doing something (dialogs, the test player, Mains work, results) and right-to-left
// are in accessibility-flows.spec.ts; the axe run itself is support/axe.ts.

const MODES = ['light', 'dark'] as const;

const SIGNED_OUT = ['/auth/login', '/auth/register', '/auth/forgot-password'];
const EVERYONE = ['/course', '/testcorner', '/assignment', '/live-classes', '/notifications'];
const STAFF = ['/questionpool', '/subjects', '/batches', '/learners', '/testSubCategory2'];
const ROUTES = {
  admin: [...EVERYONE, ...STAFF, '/faculties', '/users', '/reports', '/diagnostics', '/settings'],
  faculty: [...EVERYONE, ...STAFF, '/reports', '/settings'],
  learner: [...EVERYONE, '/reports/progress', '/reports', '/settings'],
};

/** Waits until the screen's data has arrived (no request and no spinner left). */
async function settled(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('heading').first()).toBeVisible();
}

/** Opens `path` with a page load. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/**
 * Goes to `path` as a menu link does, without a page load (the router follows the history), and
 * waits until the screen before it has left the page and the new one has settled.
 */
async function follow(page: Page, path: string) {
  const before = await page.locator('main > *').first().elementHandle();
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (before) {
    await page.waitForFunction((element) => !element.isConnected, before, { timeout: 15_000 });
  }
  await settled(page);
}

async function scan(page: Page, path: string, mode: Mode, load: boolean): Promise<Finding[]> {
  await (load ? open(page, path) : follow(page, path));
  // Dark mode must really be on (a dark body background), or the run would check light twice.
  const brightness = await page.evaluate(() =>
    (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? [])
      .slice(0, 3)
      .reduce((sum, part) => sum + Number(part), 0),
  );
  expect(brightness > 384, `${path}: body background bright in ${mode} mode`).toBe(
    mode === 'light',
  );
  return axeFindings(page, `${path} (${mode})`);
}

/** Scans `paths` in each mode; `signedIn`: after each mode's first page load, by route changes. */
async function scanAll(page: Page, paths: readonly string[], signedIn = true) {
  const findings: Finding[] = [];
  for (const mode of MODES) {
    await setAppearance(page, mode);
    for (const [i, path] of paths.entries()) {
      findings.push(...(await scan(page, path, mode, !signedIn || i === 0)));
    }
  }
  expectNoFindings(findings);
}

test.describe('axe: WCAG 2.1 A and AA, no critical or serious findings', () => {
  // 15 routes in two modes for the administrator: 1.8 min alone on the CI machine; room for a busy one.
  test.describe.configure({ timeout: 300_000 });

  test('signed out: sign-in, register and forgot password', async ({ page }) => {
    await page.goto('/auth/login');
    await scanAll(page, SIGNED_OUT, false);
  });

  test('administrator: every menu route', async ({ page }) => {
    await signIn(page, 'admin@demo.test', 'Admin@12345');
    await expect(page).toHaveURL(/\/course$/);
    await scanAll(page, ROUTES.admin);
  });

  test('faculty: every menu route', async ({ page }) => {
    await signIn(page, 'faculty@demo.test', 'Faculty@12345');
    await expect(page).toHaveURL(/\/course$/);
    await scanAll(page, ROUTES.faculty);
  });

  test('learner: every menu route', async ({ page, request }) => {
    const stamp = `${Date.now()}`;
    const learner = {
      name: `E2E Axe learner ${stamp}`,
      email: `e2e-axe-${stamp}@example.org`,
      password: 'AxeLearner@2026',
    };
    const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
    const batches = await request.get(
      '/api/batches?filters[Batch][$eq]=Foundation Batch 2026&pagination[pageSize]=1',
      { headers },
    );
    const batch = ((await batches.json()) as { data: Array<{ documentId: string }> }).data[0];
    expect(batch).toBeDefined();
    await addLearnerWithPassword(request, page, learner, [batch?.documentId ?? '']);
    await signIn(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/course$/);
    await scanAll(page, ROUTES.learner);
  });
});
