import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { signIn } from './support/auth';

// Issue 9: an administrator imports a learners spreadsheet with 5 good rows and 3 bad ones, puts
// two of the new learners in a batch, moves them to another batch, and exports the learners; the
// exported file, read back with a spreadsheet library, holds the same learners.

const stamp = `${Date.now()}`;
const HEADER = ['Name', 'Email', 'Mobile', 'Roll Number', 'Enrollment Date', 'Batch'];
const GOOD = Array.from({ length: 5 }, (_, index) => ({
  name: `E2E Learner ${index + 1} ${stamp}`,
  email: `e2e-learner-${index + 1}-${stamp}@example.org`,
}));
const BATCH_A = `E2E Batch A ${stamp}`;
const BATCH_B = `E2E Batch B ${stamp}`;

/** The learners spreadsheet, written by a spreadsheet library here (not by the import code). */
function learnersSheet(): Buffer {
  const rows = [
    ...GOOD.map((learner, index) => [
      learner.name,
      learner.email,
      `98765432${String(index).padStart(2, '0')}`,
      `R-${stamp}-${index + 1}`,
      '2026-06-01',
      '',
    ]),
    ['', `e2e-noname-${stamp}@example.org`, '9876500000', '', '', ''],
    [`E2E Bad Email ${stamp}`, 'not-an-email', '9876500001', '', '', ''],
    [`E2E Bad Mobile ${stamp}`, `e2e-badmobile-${stamp}@example.org`, '12ab', '', '', ''],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Learners');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function createBatches(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { email: 'admin@demo.test', password: 'Admin@12345' },
  });
  expect(login.status()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  for (const name of [BATCH_A, BATCH_B]) {
    const created = await request.post('/api/batches', {
      headers: { Authorization: `Bearer ${jwt}` },
      data: { data: { Batch: name, batch_start_date: '2026-06-01', batch_end_date: '2027-05-31' } },
    });
    expect(created.status()).toBe(201);
  }
}

/** Ticks the learners, runs a batch action ("Add to batch", "Move to batch") and confirms it. */
async function toBatch(
  page: Page,
  names: string[],
  action: { title: string; field: string; batch: string; confirm: string },
) {
  for (const name of names) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('button', { name: action.title }).click();
  const dialog = page.getByRole('dialog', { name: action.title });
  await dialog.getByLabel(action.field).selectOption({ label: action.batch });
  await dialog.getByRole('button', { name: action.confirm }).click();
  await expect(dialog).toBeHidden();
}

async function showLearners(page: Page, batch: string) {
  await page.getByLabel('Batch', { exact: true }).selectOption({ label: batch });
}

test('an administrator imports learners, batches two of them, moves them and exports the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createBatches(request);
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await page.getByRole('link', { name: 'Learners' }).click();

  // Import: 5 accepted, 3 skipped and listed by reason.
  await page.getByRole('button', { name: 'Import learners' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import learners' });
  await dialog.getByLabel('Learners spreadsheet').setInputFiles({
    name: `learners-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: learnersSheet(),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('5 learner(s) imported successfully')).toBeVisible();
  const skipped = page.getByRole('region', { name: 'Skipped learners' });
  await expect(skipped).toContainText('Missing name (1)');
  await expect(skipped).toContainText('Invalid email (1)');
  await expect(skipped).toContainText(`E2E Bad Email ${stamp}`);
  await expect(skipped).toContainText('Invalid mobile number (1)');
  await expect(skipped).toContainText(`E2E Bad Mobile ${stamp}`);
  await page.keyboard.press('Escape');

  // The five are listed.
  await page.getByRole('searchbox', { name: /Search/ }).fill(stamp);
  const table = page.getByRole('table', { name: 'Learners' });
  for (const learner of GOOD) {
    await expect(table).toContainText(learner.name);
  }
  await expect(table).not.toContainText(`E2E Bad Email ${stamp}`);

  // Two of them go into batch A.
  const [first, second] = GOOD;
  if (!first || !second) throw new Error('two learners expected');
  await toBatch(page, [first.name, second.name], {
    title: 'Add to batch',
    field: 'Batch',
    batch: BATCH_A,
    confirm: 'Add',
  });

  // Batch A holds them; they are moved to batch B.
  await showLearners(page, BATCH_A);
  await expect(table).toContainText(first.name);
  await expect(table).toContainText(second.name);
  await expect(table).not.toContainText(GOOD[2]?.name ?? '-');
  await toBatch(page, [first.name, second.name], {
    title: 'Move to batch',
    field: 'To batch',
    batch: BATCH_B,
    confirm: 'Move',
  });
  await expect(page.getByText(first.name)).toHaveCount(0);
  await showLearners(page, BATCH_B);
  await expect(table).toContainText(first.name);
  await expect(table).toContainText(second.name);

  // Export (all learners matching the search) and read the file back.
  await page.getByLabel('Batch', { exact: true }).selectOption({ index: 0 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export learners' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('students.xlsx');
  const saved = await file.path();
  const book = XLSX.read(readFileSync(saved), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('the export has no sheet');
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
  const exported = rows
    .map((row) => ({ name: String(row.Name ?? ''), email: String(row.Email ?? '') }))
    .filter((row) => row.name.endsWith(stamp))
    .sort((a, b) => a.name.localeCompare(b.name));
  expect(exported).toEqual([...GOOD].sort((a, b) => a.name.localeCompare(b.name)));
});
