import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { resetLinkFor } from './auth';

/** The Authorization header of `email` signed in through the API. */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  return { Authorization: `Bearer ${jwt}` };
}

export interface NewLearner {
  name: string;
  email: string;
  password: string;
}

/**
 * An administrator adds a learner to `batchIds` through the API; the new account has no usable
 * password, so its set-password email's link gives it `learner.password` (in `page`). A journey
 * that signs in as a learner uses its own: other journeys change the demo learners' passwords.
 */
export async function addLearnerWithPassword(
  request: APIRequestContext,
  page: Page,
  learner: NewLearner,
  batchIds: string[],
) {
  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  const created = await request.post('/api/students-custom', {
    headers,
    data: {
      StudentName: learner.name,
      student_email: learner.email,
      student_mobile_number: `98${Date.now().toString().slice(-8)}`,
      batches: batchIds,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(await resetLinkFor(learner.email));
  await page.getByLabel(/^New password/).fill(learner.password);
  await page.getByLabel(/^Confirm new password/).fill(learner.password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
}
