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

interface EmailProvider {
  send(message: EmailMessage): Promise<unknown>;
  [key: string]: unknown;
}

interface EmailSettings {
  defaultFrom?: string;
  defaultReplyTo?: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

const decodeHtml = (value: string): string =>
  value
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The plain-text version of an HTML email: paragraphs kept, links written out. */
export const htmlToText = (html: string): string =>
  decodeHtml(
    html
      .replace(
        /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_, href: string, label: string) => {
          const text = label.replace(/<[^>]*>/g, '').trim();
          return !text || text === href ? href : `${text}: ${href}`;
        },
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const looksLikeHtml = (value: string): boolean => /<\/?[a-z][^>]*>/i.test(value);

/**
 * users-permissions sends the same HTML as `text` and `html`: the text part gets a plain version
 * (clients that show text would print the tags), whichever provider sends it.
 */
export const withPlainText = (message: EmailMessage): EmailMessage => {
  const { html, text } = message;
  if (typeof html === 'string' && (text === undefined || text === html) && looksLikeHtml(html)) {
    return { ...message, text: htmlToText(html) };
  }
  return message;
};

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;

const linkify = (escapedText: string): string =>
  escapedText.replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`);

/** Makes the addresses written out in an HTML body clickable too (not those already in links). */
const linkifyHtml = (html: string): string => {
  let inAnchor = false;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) inAnchor = true;
        else if (/^<\/a\s*>/i.test(part)) inAnchor = false;
        return part;
      }
      return inAnchor ? part : linkify(part);
    })
    .join('');
};

/** A page a person can open in a browser: the headers, then the body with clickable links. */
export const renderOutboxPage = (message: EmailMessage, writtenAt: string): string => {
  const rows = (
    [
      ['Subject', message.subject],
      ['To', message.to],
      ['From', message.from],
      ['Reply-To', message.replyTo],
      ['Written', writtenAt],
    ] as const
  )
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(String(value))}</td></tr>`)
    .join('\n');
  const body =
    typeof message.html === 'string' && message.html
      ? linkifyHtml(message.html)
      : `<pre>${linkify(escapeHtml(message.text ?? ''))}</pre>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(message.subject ?? '(no subject)')}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; margin-bottom: 1rem; }
th { text-align: left; padding: 0.2rem 1rem 0.2rem 0; color: #555; font-weight: 600; }
pre { white-space: pre-wrap; font: inherit; }
.body { border-top: 1px solid #ccc; padding-top: 1rem; overflow-wrap: anywhere; }
</style>
</head>
<body>
<table>
${rows}
</table>
<div class="body">
${body}
</div>
</body>
</html>
`;
};

/**
 * Development email: every message is written to the outbox folder instead of being sent, as a
 * JSON file (what tests read) and an HTML page of the same name (what a person opens). Read the
 * reset links there: server/.tmp/outbox by default.
 */
export const createOutboxProvider = (
  dir: string,
  log: Core.Strapi['log'],
  settings: EmailSettings = {},
): EmailProvider => ({
  async send(input: EmailMessage): Promise<void> {
    const message: EmailMessage = {
      ...input,
      from: input.from ?? settings.defaultFrom,
      replyTo: input.replyTo ?? settings.defaultReplyTo,
    };
    const writtenAt = new Date().toISOString();
    await fs.mkdir(dir, { recursive: true });
    const base = path.join(dir, `${writtenAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
    await fs.writeFile(`${base}.html`, renderOutboxPage(message, writtenAt));
    // Written under another name, then renamed: a reader never sees half a JSON file.
    await fs.writeFile(
      `${base}.json.partial`,
      `${JSON.stringify({ ...message, writtenAt }, null, 2)}\n`,
    );
    await fs.rename(`${base}.json.partial`, `${base}.json`);
    log.info(`Email to ${message.to ?? '?'} written to ${base}.html`);
  },
});

/** EMAIL_PROVIDER: "outbox" (default, also when empty) or "smtp" (config/plugins.ts). */
export const emailProviderName = (): string =>
  (process.env.EMAIL_PROVIDER ?? '').trim().toLowerCase() || 'outbox';

/**
 * Installs the outbox unless EMAIL_PROVIDER=smtp, and gives every message a plain-text part
 * (see withPlainText) whichever provider sends it. Runs after the email plugin's bootstrap.
 */
export const installEmailProvider = (strapi: Core.Strapi): void => {
  const emailPlugin = strapi.plugin('email') as unknown as { provider: EmailProvider };
  if (emailProviderName() === 'outbox') {
    const dir = path.resolve(strapi.dirs.app.root, process.env.EMAIL_OUTBOX_DIR ?? '.tmp/outbox');
    const settings = strapi.config.get('plugin::email.settings', {}) as EmailSettings;
    emailPlugin.provider = createOutboxProvider(dir, strapi.log, settings);
  }
  const provider = emailPlugin.provider;
  const send = provider.send.bind(provider);
  provider.send = (message: EmailMessage) => send(withPlainText(message));
};
