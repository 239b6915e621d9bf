// EMAIL_PROVIDER=smtp (config/plugins.ts): the email plugin is configured for
// @strapi/provider-email-nodemailer from the SMTP_* variables, and that provider delivers to an
// SMTP server with the configured login and sender. No Strapi boot: the compiled configuration is
// called directly and the provider talks to a fake SMTP server.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { startFakeSmtp } from './helpers/fake-smtp.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { env } = require('@strapi/utils');

const VARIABLES = [
  'EMAIL_PROVIDER',
  'EMAIL_FROM',
  'EMAIL_REPLY_TO',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USERNAME',
  'SMTP_PASSWORD',
];

/** The email plugin's configuration for these variables (the others unset). */
const emailConfig = (variables) => {
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, variables);
  try {
    const plugins = require(join(serverDir, 'dist', 'config', 'plugins.js')).default;
    return plugins({ env }).email.config;
  } finally {
    for (const name of VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
};

let smtp;

before(async () => {
  await ensureCompiled(serverDir);
  smtp = await startFakeSmtp();
});

after(async () => {
  await smtp?.stop();
});

describe('email configuration', () => {
  test('the outbox is the default (the provider named is replaced at bootstrap)', () => {
    for (const variables of [{}, { EMAIL_PROVIDER: '' }, { EMAIL_PROVIDER: ' Outbox ' }]) {
      const config = emailConfig(variables);
      assert.equal(config.provider, 'sendmail');
      assert.deepEqual(config.settings, {
        defaultFrom: 'no-reply@portal.local',
        defaultReplyTo: 'no-reply@portal.local',
      });
    }
  });

  test('EMAIL_PROVIDER=smtp uses nodemailer with SMTP_HOST, SMTP_PORT (587), SMTP_SECURE (false) and the login', () => {
    const config = emailConfig({
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.org',
      SMTP_USERNAME: 'mailer',
      SMTP_PASSWORD: 'secret',
      EMAIL_FROM: 'portal@example.org',
      EMAIL_REPLY_TO: 'help@example.org',
    });
    assert.equal(config.provider, 'nodemailer');
    assert.deepEqual(config.providerOptions, {
      host: 'smtp.example.org',
      port: 587,
      secure: false,
      auth: { user: 'mailer', pass: 'secret' },
    });
    assert.deepEqual(config.settings, {
      defaultFrom: 'portal@example.org',
      defaultReplyTo: 'help@example.org',
    });
    const tls = emailConfig({
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'relay.internal',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
    });
    assert.deepEqual(tls.providerOptions, { host: 'relay.internal', port: 465, secure: true });
  });

  test('smtp without SMTP_HOST, or an unknown provider, stops the start with a clear error', () => {
    assert.throws(() => emailConfig({ EMAIL_PROVIDER: 'smtp' }), /needs SMTP_HOST/);
    assert.throws(() => emailConfig({ EMAIL_PROVIDER: 'stmp' }), /"outbox" or "smtp"/);
  });
});

test('the nodemailer provider delivers to the SMTP server with the login and default sender', async () => {
  const config = emailConfig({
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_USERNAME: 'mailer',
    SMTP_PASSWORD: 'secret',
    EMAIL_FROM: 'portal@example.org',
  });
  const provider = require(`@strapi/provider-email-${config.provider}`).init(
    config.providerOptions,
    config.settings,
  );
  try {
    await provider.send({
      to: 'learner@example.org',
      subject: 'Reset your Learning Portal password',
      text: 'Open https://portal.example.org/auth/reset-password?code=abc',
      html: '<p><a href="https://portal.example.org/auth/reset-password?code=abc">Open</a></p>',
    });
  } finally {
    provider.close();
  }
  assert.equal(smtp.logins.length, 1, 'signed in');
  assert.equal(smtp.messages.length, 1);
  const raw = smtp.messages[0];
  assert.match(raw, /^From: portal@example\.org$/m);
  assert.match(raw, /^Reply-To: portal@example\.org$/m);
  assert.match(raw, /^To: learner@example\.org$/m);
  assert.match(raw, /^Subject: Reset your Learning Portal password$/m);
  assert.match(raw, /Content-Type: multipart\/alternative/);
});
