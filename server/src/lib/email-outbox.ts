import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

export interface EmailMessage {
  to?: string;
  from?: string;
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
  [key: string]: unknown;
}

/**
 * Development email: every message is written as a JSON file to the outbox folder instead of being
 * sent (Strapi's default "sendmail" provider would try to deliver it straight to the recipient's
 * mail server). Read the reset links there: server/.tmp/outbox/*.json by default.
 */
export const createOutboxProvider = (dir: string, log: Core.Strapi['log']) => ({
  async send(message: EmailMessage): Promise<void> {
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`,
    );
    await fs.writeFile(
      file,
      `${JSON.stringify({ ...message, writtenAt: new Date().toISOString() }, null, 2)}\n`,
    );
    log.info(`Email to ${message.to ?? '?'} written to ${file}`);
  },
});

/** Uses the outbox unless EMAIL_PROVIDER names a real provider configured in config/plugins.ts. */
export const installOutboxIfConfigured = (strapi: Core.Strapi): void => {
  const provider = (process.env.EMAIL_PROVIDER ?? 'outbox').trim().toLowerCase();
  if (provider !== 'outbox') {
    return;
  }
  const dir = path.resolve(strapi.dirs.app.root, process.env.EMAIL_OUTBOX_DIR ?? '.tmp/outbox');
  const emailPlugin = strapi.plugin('email') as unknown as { provider: unknown };
  emailPlugin.provider = createOutboxProvider(dir, strapi.log);
};
