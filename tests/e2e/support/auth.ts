import { expect, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

interface OutboxMessage {
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  writtenAt?: string;
}

/** The newest message the development outbox holds for `to` (the server writes JSON files). */
export function latestMailTo(to: string): OutboxMessage | null {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set (run the tests with npm run test:e2e)');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return null;
  }
  const messages = files
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as OutboxMessage)
    .filter((message) => message.to === to)
    .sort((a, b) => (a.writtenAt ?? '').localeCompare(b.writtenAt ?? ''));
  return messages.at(-1) ?? null;
}

/** The reset link of the newest reset email to `to`, as a path the browser can open. */
export async function resetLinkFor(to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => {
      const message = latestMailTo(to);
      const body = `${message?.html ?? ''} ${message?.text ?? ''}`;
      const match = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?code=[\w-]+/.exec(body);
      link = match ? match[0] : null;
      return link;
    })
    .not.toBeNull();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}
