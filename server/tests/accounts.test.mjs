// Accounts (design rule 7): forgot-password, reset-password and change-password. Reset codes expire
// and work once, the answers never say whether an email exists, and every limit is kept in the
// database. One boot of the real server for the whole file (see helpers/server.mjs).
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { DEMO, serverDir, startServer } from './helpers/server.mjs';

const EXPIRED = 'This reset link has expired. Ask for a new one.';
const INCORRECT = 'Incorrect code provided';
const TOO_MANY_REQUESTS = 'Too many password reset requests. Try again later.';
const TOO_MANY_RESETS = 'Too many password reset attempts. Try again later.';
const TOO_MANY_CHANGES = 'Too many password changes. Try again later.';
const MINUTE = 60 * 1000;

let server;

before(async () => {
  server = await startServer();
  console.log(`server booted in ${(server.bootMs / 1000).toFixed(1)} s (compile + start)`);
});

after(async () => {
  await server?.stop();
});

/** Every limiter starts empty in each test; the tests that need counts arrange them. */
beforeEach(() => {
  server?.database().prepare('DELETE FROM app_rate_limit_events').run();
});

const visitor = () => server.env.VITE_DEFAULT_API_TOKEN;
const forgot = (email) =>
  server.request('POST', '/api/auth/forgot-password', { token: visitor(), body: { email } });
const reset = (code, password = 'Renewed@2026', passwordConfirmation = password) =>
  server.request('POST', '/api/auth/reset-password', {
    token: visitor(),
    body: { code, password, passwordConfirmation },
  });
const login = (email, password) =>
  server.request('POST', '/api/login', { body: { email, password } });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const outboxFiles = () => {
  const dir = server.env.EMAIL_OUTBOX_DIR;
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const messagesTo = (to) => server.mailsTo(to);

/** Waits until `to` has `count` messages (the email is sent after the answer), returns the last. */
const waitForMessage = async (to, count) => {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const messages = messagesTo(to);
    if (messages.length >= count) return messages.at(-1);
    await sleep(50);
  }
  assert.fail(`no reset email #${count} to ${to}`);
};

const codeIn = (message) => {
  const match = /\/auth\/reset-password\?code=([0-9a-f]+)/.exec(message.html);
  assert.ok(match, `a reset link in ${message.html}`);
  return match[1];
};

/** Asks for a reset link for `email` and returns the code it carries. */
const freshCode = async (email) => {
  const before = messagesTo(email).length;
  const res = await forgot(email);
  assert.equal(res.status, 200, res.text);
  return codeIn(await waitForMessage(email, before + 1));
};

/** Runs `fn`, then puts the account's password hash back as it was (tests stay independent). */
const keepingPassword = async (email, fn) => {
  const db = server.database();
  const { password } = db.prepare('SELECT password FROM up_users WHERE email = ?').get(email);
  try {
    await fn();
  } finally {
    db.prepare('UPDATE up_users SET password = ? WHERE email = ?').run(password, email);
  }
};

describe('POST /api/auth/forgot-password', () => {
  test('an existing and an unknown email get identical answers; only the existing one gets an email', async () => {
    const email = DEMO.student1.email;
    const unknown = 'nobody-here@demo.test';
    const before = outboxFiles().length;
    const known = await forgot(email);
    const other = await forgot(unknown);
    assert.equal(known.status, 200, known.text);
    assert.equal(other.status, known.status);
    assert.equal(other.text, known.text);
    assert.deepEqual(known.json, { ok: true });

    const message = await waitForMessage(email, 1);
    await sleep(300); // the unknown email's request finished before; give it time to misbehave
    assert.equal(messagesTo(unknown).length, 0, 'no email to an unknown address');
    assert.equal(outboxFiles().length, before + 2, 'one JSON and one HTML page');

    const link = `${server.env.PUBLIC_URL}/auth/reset-password?code=`;
    assert.ok(message.html.includes(`href="${link}`), 'a clickable link to the SPA');
    assert.ok(message.text.includes(link), 'the plain text has the address');
    assert.doesNotMatch(message.text, /<\/?[a-z]/i, 'the plain text has no tags');
    assert.match(message.subject, /Learning Portal/);
    assert.match(message.html, /expires in 1 hour/);
    assert.equal(message.from, 'Learning Portal <no-reply@portal.local>');

    const page = readFileSync(
      join(server.env.EMAIL_OUTBOX_DIR, message.name.replace(/\.json$/, '.html')),
      'utf8',
    );
    assert.match(page, /<title>Reset your Learning Portal password<\/title>/);
    assert.ok(page.includes(`<td>${email}</td>`), 'the page names the recipient');
    assert.ok(page.includes(`<a href="${link}${codeIn(message)}">`), 'the page has the link');
  });

  test('a blocked account gets the same answer and no email; a malformed email is a 400', async () => {
    const email = DEMO.student2.email;
    const db = server.database();
    db.prepare('UPDATE up_users SET blocked = 1 WHERE email = ?').run(email);
    try {
      const before = messagesTo(email).length;
      const res = await forgot(email);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, { ok: true });
      await sleep(300);
      assert.equal(messagesTo(email).length, before);
    } finally {
      db.prepare('UPDATE up_users SET blocked = 0 WHERE email = ?').run(email);
    }
    const bad = await forgot('not-an-email');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.message, 'Please enter a valid email address.');
  });

  test('the 6th request for one account within the hour is refused, known or unknown', async () => {
    for (const email of [DEMO.faculty.email, 'someone-unknown@demo.test']) {
      for (let i = 1; i <= 5; i += 1) {
        const res = await forgot(i % 2 ? email : email.toUpperCase());
        assert.equal(res.status, 200, `request ${i} for ${email}: ${res.text}`);
      }
      const sixth = await forgot(email);
      assert.equal(sixth.status, 429, sixth.text);
      assert.equal(sixth.json.error.name, 'RateLimitError');
      assert.equal(sixth.json.error.message, TOO_MANY_REQUESTS);
    }
    // Another account is not affected; requests older than an hour no longer count.
    assert.equal((await forgot(DEMO.admin.email)).status, 200);
    server
      .database()
      .prepare('UPDATE app_rate_limit_events SET created_at = created_at - ? WHERE subject = ?')
      .run(61 * MINUTE, DEMO.faculty.email);
    assert.equal((await forgot(DEMO.faculty.email)).status, 200);
  });

  test('30 requests per address in an hour, whatever the email', async () => {
    const db = server.database();
    const insert = db.prepare(
      "INSERT INTO app_rate_limit_events (bucket, ip, subject, created_at) VALUES ('forgot-password', '127.0.0.1', ?, ?)",
    );
    for (let i = 0; i < 29; i += 1) insert.run(`filler-${i}@demo.test`, Date.now());
    assert.equal((await forgot('thirtieth@demo.test')).status, 200);
    const refused = await forgot('thirty-first@demo.test');
    assert.equal(refused.status, 429);
    assert.equal(refused.json.error.message, TOO_MANY_REQUESTS);
  });

  test('an email that cannot be sent changes nothing in the answer (the failure is logged)', async () => {
    const dir = server.env.EMAIL_OUTBOX_DIR;
    mkdirSync(dir, { recursive: true });
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, 'not a folder: the outbox cannot write');
    try {
      const res = await forgot(DEMO.admin.email);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, { ok: true });
      let logged = false;
      for (let waited = 0; !logged && waited < 10_000; waited += 50) {
        logged = readFileSync(server.logFile, 'utf8').includes('Password reset email not sent');
        if (!logged) await sleep(50);
      }
      assert.ok(logged, 'the failure is logged');
    } finally {
      rmSync(dir, { force: true });
      renameSync(`${dir}.away`, dir);
    }
  });

  test('there is no GraphQL mutation to go around it (issue 18 point 4)', async () => {
    const res = await server.request('POST', '/api/graphql', {
      token: visitor(),
      body: { query: `mutation { forgotPassword(email: "${DEMO.student1.email}") { ok } }` },
    });
    assert.ok(Array.isArray(res.json?.errors), res.text);
    assert.equal(res.json?.data?.forgotPassword ?? null, null);
    const rows = server
      .database()
      .prepare("SELECT subject FROM app_rate_limit_events WHERE bucket = 'forgot-password'")
      .all();
    assert.deepEqual(rows, []);
  });
});

describe('POST /api/auth/reset-password', () => {
  const email = DEMO.student2.email;

  test('a code works once: the password changes, the second use is refused', () =>
    keepingPassword(email, async () => {
      const code = await freshCode(email);
      const issued = server
        .database()
        .prepare('SELECT reset_password_token_issued_at AS t FROM up_users WHERE email = ?')
        .get(email).t;
      assert.ok(Math.abs(Date.now() - Number(issued)) < MINUTE, 'the issue time is recorded');

      const res = await reset(code, 'Renewed@2026');
      assert.equal(res.status, 200, res.text);
      assert.ok(res.json.jwt);
      assert.ok(!('resetPasswordTokenIssuedAt' in res.json.user), 'the issue time is private');
      const signIn = await login(email, 'Renewed@2026');
      assert.equal(signIn.status, 200, signIn.text);
      assert.ok(!('resetPasswordTokenIssuedAt' in signIn.json.user));
      assert.equal((await login(email, DEMO.student2.password)).status, 400, 'old password gone');

      const again = await reset(code, 'Another@2026');
      assert.equal(again.status, 400);
      assert.equal(again.json.error.message, INCORRECT);
      assert.equal((await login(email, 'Another@2026')).status, 400);
    }));

  test('a code older than RESET_CODE_TTL_MINUTES (60) is refused with its own message, and cleared', () =>
    keepingPassword(email, async () => {
      const db = server.database();
      const code = await freshCode(email);
      const age = db.prepare(
        'UPDATE up_users SET reset_password_token_issued_at = ? WHERE email = ?',
      );
      // Still valid just before the hour…
      age.run(Date.now() - 59 * MINUTE, email);
      const stored = db.prepare('SELECT reset_password_token AS c FROM up_users WHERE email = ?');
      assert.equal(stored.get(email).c, code);
      // …not after it.
      age.run(Date.now() - 61 * MINUTE, email);
      const res = await reset(code);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.name, 'ValidationError');
      assert.equal(res.json.error.message, EXPIRED);
      assert.equal(stored.get(email).c, null, 'the expired code is cleared');
      const again = await reset(code);
      assert.equal(again.json.error.message, INCORRECT);
      const signIn = await login(email, DEMO.student2.password);
      assert.equal(signIn.status, 200, 'the password did not change');

      // A code issued 59 minutes ago still works.
      const recent = await freshCode(email);
      age.run(Date.now() - 59 * MINUTE, email);
      const ok = await reset(recent, 'Renewed@2026');
      assert.equal(ok.status, 200, ok.text);
    }));

  test('a new password under 8 characters, or one that does not match, is refused', async () => {
    const code = await freshCode(email);
    const short = await reset(code, 'Short1!');
    assert.equal(short.status, 400, short.text);
    assert.equal(short.json.error.message, 'The password needs at least 8 characters.');
    const mismatch = await reset(code, 'Renewed@2026', 'Renewed@2027');
    assert.equal(mismatch.status, 400, mismatch.text);
    assert.equal(mismatch.json.error.message, 'Passwords do not match');
    const stored = server
      .database()
      .prepare('SELECT reset_password_token AS c FROM up_users WHERE email = ?')
      .get(email).c;
    assert.equal(stored, code, 'the code still works after a refused attempt');
  });

  test('10 failures per address in 15 minutes, then 429 even with a valid code', () =>
    keepingPassword(email, async () => {
      const code = await freshCode(email);
      for (let i = 0; i < 10; i += 1) {
        const res = await reset(`${'0'.repeat(120)}${i}`);
        assert.equal(res.status, 400, `attempt ${i + 1}: ${res.text}`);
      }
      const limited = await reset(code);
      assert.equal(limited.status, 429, limited.text);
      assert.equal(limited.json.error.name, 'RateLimitError');
      assert.equal(limited.json.error.message, TOO_MANY_RESETS);
      // Failures older than the window no longer count; the code was not used up.
      server
        .database()
        .prepare('UPDATE app_rate_limit_events SET created_at = created_at - ?')
        .run(16 * MINUTE);
      const res = await reset(code, 'Renewed@2026');
      assert.equal(res.status, 200, res.text);
    }));
});

describe('POST /api/auth/change-password', () => {
  test('a student changes their password with their JWT, then signs in with it', () =>
    keepingPassword(DEMO.student1.email, async () => {
      const { email, password } = DEMO.student1;
      const signIn = await login(email, password);
      assert.equal(signIn.status, 200, signIn.text);
      const next = 'Changed@2026';
      const res = await server.request('POST', '/api/auth/change-password', {
        token: signIn.json.jwt,
        body: { currentPassword: password, password: next, passwordConfirmation: next },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal((await login(email, next)).status, 200);
      assert.equal((await login(email, password)).status, 400);
      // The JWT the change hands back: the one used for it has ended (issue 18 point 8).
      const short = await server.request('POST', '/api/auth/change-password', {
        token: res.json.jwt,
        body: { currentPassword: next, password: 'Short1!', passwordConfirmation: 'Short1!' },
      });
      assert.equal(short.status, 400, short.text);
      assert.equal(short.json.error.message, 'The password needs at least 8 characters.');
    }));

  test('10 requests per user in 15 minutes (kept in the database), then 429', async () => {
    const { email, password } = DEMO.faculty;
    const signIn = await login(email, password);
    assert.equal(signIn.status, 200, signIn.text);
    const change = (currentPassword) =>
      server.request('POST', '/api/auth/change-password', {
        token: signIn.json.jwt,
        body: { currentPassword, password: 'Other@2026x', passwordConfirmation: 'Other@2026x' },
      });
    for (let i = 1; i <= 10; i += 1) {
      const res = await change(`wrong-${i}`);
      assert.equal(res.status, 400, `request ${i}: ${res.text}`);
      assert.equal(res.json.error.message, 'The provided current password is invalid');
    }
    const limited = await change(password);
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.json.error.message, TOO_MANY_CHANGES);
    const rows = server
      .database()
      .prepare("SELECT COUNT(*) AS n FROM app_rate_limit_events WHERE bucket = 'change-password'")
      .get().n;
    assert.equal(rows, 10, 'counted in the database; the refused request is not kept');
    assert.equal((await login(email, password)).status, 200, 'the password did not change');

    // Another user is not affected.
    const other = await login(DEMO.admin.email, DEMO.admin.password);
    const res = await server.request('POST', '/api/auth/change-password', {
      token: other.json.jwt,
      body: {
        currentPassword: 'wrong',
        password: 'Other@2026x',
        passwordConfirmation: 'Other@2026x',
      },
    });
    assert.equal(res.status, 400, res.text);
  });
});

describe('the reset link follows PUBLIC_URL (src/bootstrap/auth-settings.ts)', () => {
  const require = createRequire(join(serverDir, 'package.json'));
  const load = () => require(join(serverDir, 'dist', 'src', 'bootstrap', 'auth-settings.js'));
  const DEFAULT_TEMPLATE = {
    from: { name: 'Administration Panel', email: 'no-reply@strapi.io' },
    response_email: '',
    object: 'Reset password',
    message: '<p>We heard that you lost your password. Sorry about that!</p>',
  };

  /** A stand-in for Strapi: its store (shared between boots) and PUBLIC_URL. */
  const fakeStrapi = (stores) => ({
    config: { get: (_key, fallback) => fallback },
    store: ({ type, name }) => {
      const bucket = (stores[`${type}:${name}`] ??= {});
      return {
        get: async ({ key }) => structuredClone(bucket[key] ?? null),
        set: async ({ key, value }) => {
          bucket[key] = structuredClone(value);
        },
      };
    },
  });

  const boot = async (stores, publicUrl) => {
    const previous = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = publicUrl;
    try {
      await load().ensureAuthSettings(fakeStrapi(stores));
    } finally {
      if (previous === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = previous;
    }
    const up = stores['plugin:users-permissions'];
    return { link: up.advanced.email_reset_password, template: up.email.reset_password.options };
  };

  test('set on a fresh database, and updated when PUBLIC_URL changes', async () => {
    const stores = {
      'plugin:users-permissions': {
        advanced: { email_reset_password: null, default_role: 'student' },
        email: { reset_password: { display: 'x', options: DEFAULT_TEMPLATE } },
      },
    };
    const first = await boot(stores, 'https://old.example.org/');
    assert.equal(first.link, 'https://old.example.org/auth/reset-password');
    assert.equal(first.template.object, 'Reset your Learning Portal password');
    assert.match(first.template.message, /<%= URL %>\?code=<%= TOKEN %>/);
    assert.equal(stores['plugin:users-permissions'].advanced.default_role, 'student');
    const second = await boot(stores, 'https://portal.example.org');
    assert.equal(second.link, 'https://portal.example.org/auth/reset-password');
  });

  test('the email names PORTAL_NAME, says RESET_CODE_TTL_MINUTES and sends from EMAIL_FROM', () => {
    const email = load().resetPasswordEmail({
      PORTAL_NAME: 'Acme Academy',
      RESET_CODE_TTL_MINUTES: '30',
      EMAIL_FROM: 'portal@example.org',
      EMAIL_REPLY_TO: 'help@example.org',
    });
    assert.equal(email.object, 'Reset your Acme Academy password');
    assert.deepEqual(email.from, { name: 'Acme Academy', email: 'portal@example.org' });
    assert.equal(email.response_email, 'help@example.org');
    assert.match(email.message, /your Acme Academy account/);
    assert.match(email.message, /expires in 30 minutes/);
    assert.match(email.message, /<a href="<%= URL %>\?code=<%= TOKEN %>">/);
    const odd = load().resetPasswordEmail({ PORTAL_NAME: 'R&D <Lab>, "North"' });
    assert.equal(odd.from.name, '"R&D <Lab>, North"');
    assert.match(odd.message, /R&amp;D &lt;Lab&gt;/);
  });

  test('a link written before the record existed is updated too', async () => {
    const stores = {
      'plugin:users-permissions': {
        advanced: { email_reset_password: 'http://127.0.0.1:1337/auth/reset-password' },
        email: { reset_password: { options: DEFAULT_TEMPLATE } },
      },
    };
    const { link } = await boot(stores, 'https://portal.example.org');
    assert.equal(link, 'https://portal.example.org/auth/reset-password');
  });

  test('values an administrator changed are left alone', async () => {
    const custom = { ...DEFAULT_TEMPLATE, object: 'Our own subject', message: '<p>Ours</p>' };
    const stores = {
      'plugin:users-permissions': {
        advanced: { email_reset_password: null },
        email: { reset_password: { options: DEFAULT_TEMPLATE } },
      },
    };
    await boot(stores, 'https://portal.example.org');
    stores['plugin:users-permissions'].advanced.email_reset_password = 'https://elsewhere.test/x';
    stores['plugin:users-permissions'].email.reset_password.options = custom;
    const { link, template } = await boot(stores, 'https://new.example.org');
    assert.equal(link, 'https://elsewhere.test/x');
    assert.deepEqual(template, custom);
  });
});
