// Shared set-up of the Mains journeys (issues 8 and 27): API sign-in and look-ups, a signed-in
// browser context whose session survives a full page load, and small real answer files (a one-page
// PDF with a line of text, an 8×12 JPEG, a PNG drawn here) — the server checks a file's content,
// not only its name, so the fixtures must be real. Each spec keeps its own test and questions.
import { deflateSync } from 'node:zlib';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { signIn } from './auth';

export type Headers = Record<string, string>;

export const ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'Admin@12345' },
  faculty: { email: 'faculty@demo.test', password: 'Faculty@12345', name: 'Priya Raman' },
  faculty2: { email: 'faculty2@demo.test', password: 'Faculty@12345' },
  learner: { email: 'student1@demo.test', password: 'Student@12345', name: 'Arjun Mehta' },
} as const;

export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  return { Authorization: `Bearer ${jwt}` };
}

/** The documentId of the first record `path` lists. */
export async function firstId(request: APIRequestContext, headers: Headers, path: string) {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  const item = ((await response.json()) as { data: Array<{ documentId: string }> }).data[0];
  expect(item, path).toBeDefined();
  return item?.documentId ?? '';
}

/** The demo records a Mains test is made of: the batch, the Mains category, two subjects. */
export async function demoRefs(request: APIRequestContext, headers: Headers) {
  const one = (path: string) => firstId(request, headers, `${path}&pagination[pageSize]=1`);
  return {
    batch: await one('/api/batches?filters[Batch][$eq]=Foundation Batch 2026'),
    mains: await one('/api/test-sub-categories?filters[TestSubCategory][$eq]=Mains'),
    polity: await one('/api/subjects?filters[SubjectName][$eq]=Indian Polity'),
    economy: await one('/api/subjects?filters[SubjectName][$eq]=Indian Economy'),
  };
}

/** A one-page PDF with a line of text. */
export function textPdf(text: string, size: [number, number] = [400, 300]): Buffer {
  const stream = `BT /F1 18 Tf 40 ${size[1] / 2} Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj`,
      `4 0 obj << /Length ${stream.length} >> stream`,
      stream,
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/** An 8×12 JPEG, as a phone's photo would be (only smaller). */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAMAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
  'base64',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A `width`×`height` RGB PNG of ruled "handwriting" lines on white paper. */
export function linedPng(width = 60, height = 80): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    if (y % 10 === 5) {
      for (let x = 4; x < width - 4; x += 1) row.fill(40, 1 + x * 3, 4 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Waits until the signed-in session is written to the browser's storage (redux-persist writes
 * after the state changes), so that a full page load (page.goto) finds it.
 */
export async function sessionStored(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) {
            db.close();
            resolve(false);
            return;
          }
          const read = db.transaction('state').objectStore('state').get('persist:auth');
          read.onsuccess = () => {
            db.close();
            resolve(typeof read.result === 'string' && read.result.includes('eyJ'));
          };
          read.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      }),
  );
}

/** A browser context of its own, signed in as `email`, its session stored. */
export async function signedIn(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/course/);
  await sessionStored(page);
  return { context, page };
}
