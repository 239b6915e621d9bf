// Issue 24: a person crops their picture before it is sent. The picture chosen is 300 × 200; what
// the server stores is the 512 × 512 square the person placed in the round frame.
import { deflateSync, crc32 } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { apiLogin } from './support/learners';

/** A PNG of `width` × `height` in two colours (left half red, right half blue). */
function twoColourPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set(x < width / 2 ? [200, 30, 30] : [30, 30, 200], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a person crops their picture with the keyboard and the stored picture is the square', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin@demo.test', 'Admin@12345');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Profile' });
  await card.getByLabel('Choose your picture').setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: twoColourPng(300, 200),
  });
  const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
  const area = dialog.getByRole('group', { name: /Crop area/ });
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByRole('button', { name: 'Use this picture' }).click();
  await expect(dialog).toBeHidden();

  const headers = await apiLogin(request, 'admin@demo.test', 'Admin@12345');
  await expect
    .poll(async () => {
      const profile = await request.get('/api/profile', { headers });
      return ((await profile.json()) as { data: { avatarUrl: string | null } }).data.avatarUrl;
    })
    .toMatch(/holiday/);
  const profile = (await (await request.get('/api/profile', { headers })).json()) as {
    data: { avatarUrl: string };
  };
  const stored = await (await request.get(profile.data.avatarUrl)).body();
  // A PNG's width and height are the first fields of its IHDR chunk.
  expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([512, 512]);
  await expect(card.locator(`img[src="${profile.data.avatarUrl}"]`)).toBeVisible();
});
