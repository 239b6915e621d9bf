import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut } from './support/auth';

const stamp = `${Date.now()}`;
const courseName = `E2E Course ${stamp}`;
const topicName = `E2E Topic ${stamp}`;
const videoTitle = `E2E Video ${stamp}`;
const pdfName = `notes-${stamp}.pdf`;

/** A real (if minimal) PDF of about `kb` kilobytes. */
function pdfBytes(kb: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + '%'.repeat(kb * 1024) + tail);
}

/** A 1×1 PNG. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function pick(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  // Escape would close the whole dialog: leave the picker by clicking its label instead.
  await expect(page.getByRole('button', { name: option })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

let courseDocumentId = '';

test('an administrator creates a course with an image, two subjects, a topic PDF and a video', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course' });
  await dialog.getByLabel(/^Course name/).fill(courseName);
  await dialog.getByLabel('Description').fill('Made by the end-to-end test.');
  await dialog.getByLabel('Course image').setInputFiles({
    name: `cover-${stamp}.png`,
    mimeType: 'image/png',
    buffer: pngBytes,
  });
  await expect(dialog.getByRole('button', { name: 'Remove image' })).toBeVisible();
  await pick(page, 'Subjects', 'Indian Polity');
  await pick(page, 'Subjects', 'Indian Economy');
  await pick(page, 'Batches', 'Foundation Batch 2026');
  await dialog.getByRole('button', { name: 'Create course' }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByLabel(/Search/)
    .first()
    .fill(courseName);
  await page.getByText(courseName).first().click();
  await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
  courseDocumentId = page.url().split('/course/')[1] ?? '';
  expect(courseDocumentId).not.toBe('');

  // A topic with a PDF: the upload is slowed down so its progress is visible.
  await page.goto('/subjects');
  await page.getByRole('link', { name: 'Indian Polity' }).click();
  await page.getByRole('button', { name: 'New topic' }).click();
  const topicDialog = page.getByRole('dialog', { name: 'New topic' });
  await topicDialog.getByLabel(/^Topic name/).fill(topicName);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await topicDialog.getByLabel('Add files to Materials').setInputFiles({
    name: pdfName,
    mimeType: 'application/pdf',
    buffer: pdfBytes(1024),
  });
  await expect(page.getByRole('progressbar', { name: `Uploading ${pdfName}` })).toBeVisible();
  await expect(topicDialog.getByText(pdfName)).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await topicDialog.getByRole('button', { name: 'Save topic' }).click();
  await expect(topicDialog).toBeHidden();

  await page.getByRole('button', { name: `Add video to ${topicName}` }).click();
  const videoDialog = page.getByRole('dialog', { name: 'Add video' });
  await videoDialog.getByLabel(/^Title/).fill(videoTitle);
  await videoDialog.getByLabel(/^YouTube link/).fill('https://youtu.be/dQw4w9WgXcQ');
  await videoDialog.getByRole('button', { name: 'Save video' }).click();
  await expect(videoDialog).toBeHidden();
  await expect(page.getByText(videoTitle)).toBeVisible();
  await signOut(page);
});

test('a learner in a linked batch sees the course, its topic, PDF and video', async ({ page }) => {
  await signIn(page, 'student1@demo.test', 'Student@12345');
  await expect(page).toHaveURL(/\/course$/);
  await page.goto(`/course/${courseDocumentId}`);
  await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
  await expect(page.getByText(topicName)).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${pdfName}` })).toBeVisible();
  await expect(page.getByText(videoTitle)).toBeVisible();
  await signOut(page);
});

test('a learner outside the batches sees neither the course nor its files, in the UI or the API', async ({
  page,
  request,
}) => {
  const email = `outsider${stamp}@example.test`;
  await page.goto('/auth/register');
  await page.getByLabel(/^Full name/).fill('Out Sider');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Mobile number/).fill('9876501234');
  await page.getByLabel(/^Password/).fill('Outsider@2026');
  await page.getByLabel(/^Confirm password/).fill('Outsider@2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email, 'Outsider@2026');
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByText(courseName)).toHaveCount(0);
  await page.goto(`/course/${courseDocumentId}`);
  await expect(page.getByText(topicName)).toHaveCount(0);
  await expect(page.getByText(pdfName)).toHaveCount(0);

  const login = await request.post('/api/login', {
    data: { email, password: 'Outsider@2026' },
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const headers = { Authorization: `Bearer ${jwt}` };
  const course = await request.get(`/api/courses/${courseDocumentId}`, { headers });
  expect([403, 404]).toContain(course.status());
  const topics = await request.get(
    `/api/topics?filters[topic_name][$eq]=${encodeURIComponent(topicName)}&populate=*`,
    { headers },
  );
  const topicBody = await topics.text();
  expect(topicBody).not.toContain(pdfName);
  expect(topicBody).not.toContain(topicName);
  const files = await request.get('/api/upload/files', { headers });
  expect(files.status() >= 400 || !(await files.text()).includes(pdfName)).toBe(true);
  const contents = await request.get(
    `/api/course-contents?filters[course][documentId][$eq]=${courseDocumentId}`,
    { headers },
  );
  expect((await contents.text()).includes(courseDocumentId)).toBe(false);
});
