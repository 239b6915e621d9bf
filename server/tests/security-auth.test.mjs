// Issue 18, accounts and sessions: GraphQL account mutations (point 4), sessions that end on a
// password change or block (point 8), the sign-in limit under concurrency (point 9), and
// registration that does not say which emails are taken (point 16e). SQLite with one process,
// then PostgreSQL with two processes on one database (skipped without TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { DEMO, deploymentSecrets, startServer } from './helpers/server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** JWT `iat` has second resolution: a token and a later password change must be a second apart. */
const nextSecond = () => sleep(1100);

const signIn = async (server, email, password) => {
  const res = await server.request('POST', '/api/login', { body: { email, password } });
  assert.equal(res.status, 200, res.text);
  return res.json;
};

/** 30 parallel wrong-password sign-ins for one email, spread over `servers`; their statuses. */
const parallelWrongLogins = async (servers, email) => {
  const calls = Array.from({ length: 30 }, (_, i) =>
    servers[i % servers.length].request('POST', '/api/login', {
      body: { email, password: `Wrong-${i}-password` },
    }),
  );
  return (await Promise.all(calls)).map((res) => res.status);
};

/** The exam's own authentication (PUT /api/answers/:id) and the generic one (Strapi's). */
const sessionWorks = async (server, jwt) => {
  const me = await server.request('GET', '/api/users/me', { token: jwt });
  const myTests = await server.request('GET', '/api/test/prelims/my-tests', { token: jwt });
  // The fast path authenticates before it looks the answer up: 404 signed in, 401 if not.
  const save = await server.request('PUT', '/api/answers/no-such-answer', {
    token: jwt,
    body: { data: { selected_answer: 'a', revision: 1 } },
  });
  return { me: me.status, myTests: myTests.status, save: save.status };
};
const WORKS = { me: 200, myTests: 200, save: 404 };
const REFUSED = { me: 401, myTests: 401, save: 401 };

describe('SQLite, one process', () => {
  let server;
  const visitor = () => server.env.VITE_DEFAULT_API_TOKEN;
  const db = () => server.database();
  const graphql = (query, token) =>
    server.request('POST', '/api/graphql', { token, body: { query } });
  const outbox = (to) => server.mailsTo(to);

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    db().prepare('DELETE FROM app_rate_limit_events').run();
  });

  /** Runs `fn`, then puts the account's password hash and flags back as they were. */
  const keepingAccount = async (email, fn) => {
    const row = db().prepare('SELECT password, blocked FROM up_users WHERE email = ?').get(email);
    try {
      await fn();
    } finally {
      db()
        .prepare('UPDATE up_users SET password = ?, blocked = ? WHERE email = ?')
        .run(row.password, row.blocked, email);
    }
  };

  describe('point 4: no GraphQL account mutations', () => {
    const email = DEMO.student1.email;
    const MUTATIONS = {
      login: `login(input: { identifier: "${email}", password: "Wrong-password-1" }) { jwt }`,
      register: `register(input: { username: "gqlnew", email: "gql.new@example.test", password: "Password@1" }) { jwt }`,
      forgotPassword: `forgotPassword(email: "${email}") { ok }`,
      resetPassword: `resetPassword(password: "Password@1", passwordConfirmation: "Password@1", code: "abc") { jwt }`,
      changePassword: `changePassword(currentPassword: "${DEMO.student1.password}", password: "Password@1", passwordConfirmation: "Password@1") { jwt }`,
      emailConfirmation: `emailConfirmation(confirmation: "abc") { jwt }`,
      createUsersPermissionsUser: `createUsersPermissionsUser(data: { username: "gqlmade", email: "gql.made@example.test", password: "Password@1" }) { data { id } }`,
      updateUsersPermissionsUser: `updateUsersPermissionsUser(id: "1", data: { blocked: true }) { data { id } }`,
      deleteUsersPermissionsUser: `deleteUsersPermissionsUser(id: "1") { data { id } }`,
      createUsersPermissionsRole: `createUsersPermissionsRole(data: { name: "gql" }) { ok }`,
      updateUsersPermissionsRole: `updateUsersPermissionsRole(id: "1", data: { name: "gql" }) { ok }`,
      deleteUsersPermissionsRole: `deleteUsersPermissionsRole(id: "1") { ok }`,
    };

    test('each mutation is refused with the visitor token and with a learner JWT', async () => {
      const learner = (await signIn(server, DEMO.student2.email, DEMO.student2.password)).jwt;
      const users = () => db().prepare('SELECT COUNT(*) AS n FROM up_users').get().n;
      const before = users();
      for (const [name, field] of Object.entries(MUTATIONS)) {
        for (const [who, token] of [
          ['visitor', visitor()],
          ['learner', learner],
        ]) {
          const res = await graphql(`mutation { ${field} }`, token);
          assert.ok(Array.isArray(res.json?.errors), `${name} as ${who}: ${res.text}`);
          assert.equal(res.json?.data?.[name] ?? null, null, `${name} as ${who}: ${res.text}`);
        }
      }
      assert.equal(users(), before, 'no account made');
      const rows = db().prepare('SELECT COUNT(*) AS n FROM app_rate_limit_events').get().n;
      assert.equal(rows, 0, 'nothing reached the account flows');
    });

    test('twelve login guesses, then the right password: refused; the REST limit still counts', async () => {
      // Before: every GraphQL guess was checked, none counted, and the right one got a JWT.
      for (let i = 0; i < 12; i += 1) {
        const res = await graphql(
          `mutation { login(input: { identifier: "${email}", password: "Guess-${i}-x" }) { jwt } }`,
          visitor(),
        );
        assert.ok(Array.isArray(res.json?.errors), res.text);
      }
      const aliases = Array.from(
        { length: 3 },
        (_, i) =>
          `g${i}: login(input: { identifier: "${email}", password: "Guess-${i}-y" }) { jwt }`,
      ).join(' ');
      const aliased = await graphql(`mutation { ${aliases} }`, visitor());
      assert.ok(Array.isArray(aliased.json?.errors), aliased.text);
      const right = await graphql(
        `mutation { login(input: { identifier: "${email}", password: "${DEMO.student1.password}" }) { jwt } }`,
        visitor(),
      );
      assert.equal(right.json?.data?.login?.jwt ?? null, null, right.text);
      const statuses = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push(
          (
            await server.request('POST', '/api/login', {
              body: { email, password: `Wrong-${i}-password` },
            })
          ).status,
        );
      }
      assert.deepEqual(statuses, [...Array(10).fill(400), 429]);
    });

    test('aliased forgot-, reset- and change-password in one request are refused', async () => {
      const learner = (await signIn(server, DEMO.student2.email, DEMO.student2.password)).jwt;
      const query = `mutation {
        a: forgotPassword(email: "${email}") { ok }
        b: forgotPassword(email: "${email}") { ok }
        c: resetPassword(password: "Password@1", passwordConfirmation: "Password@1", code: "x") { jwt }
        d: changePassword(currentPassword: "${DEMO.student2.password}", password: "Password@1", passwordConfirmation: "Password@1") { jwt }
      }`;
      for (const token of [visitor(), learner]) {
        const res = await graphql(query, token);
        assert.ok(Array.isArray(res.json?.errors), res.text);
        assert.equal(res.json?.data ?? null, null, res.text);
      }
      // student2's password did not change.
      await signIn(server, DEMO.student2.email, DEMO.student2.password);
    });
  });

  describe('point 8: a password change or a block ends the sessions before it', () => {
    test('change-password: the old JWT is refused (REST and the exam fast path), the new one works', () =>
      keepingAccount(DEMO.student1.email, async () => {
        const { email, password } = DEMO.student1;
        const old = (await signIn(server, email, password)).jwt;
        assert.deepEqual(await sessionWorks(server, old), WORKS);
        await nextSecond();
        const next = 'Changed@2026';
        const res = await server.request('POST', '/api/auth/change-password', {
          token: old,
          body: { currentPassword: password, password: next, passwordConfirmation: next },
        });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(await sessionWorks(server, old), REFUSED);
        assert.deepEqual(await sessionWorks(server, res.json.jwt), WORKS);
        assert.deepEqual(
          await sessionWorks(server, (await signIn(server, email, next)).jwt),
          WORKS,
        );
      }));

    test("an administrator's password reset (PUT /api/users/:id) ends the user's sessions", () =>
      keepingAccount(DEMO.student2.email, async () => {
        const { email, password } = DEMO.student2;
        const admin = (await signIn(server, DEMO.admin.email, DEMO.admin.password)).jwt;
        const learner = await signIn(server, email, password);
        await nextSecond();
        const res = await server.request('PUT', `/api/users/${learner.user.id}`, {
          token: admin,
          body: { password: 'AdminSet@2026' },
        });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(await sessionWorks(server, learner.jwt), REFUSED);
        const fresh = (await signIn(server, email, 'AdminSet@2026')).jwt;
        assert.deepEqual(await sessionWorks(server, fresh), WORKS);
        // The administrator's own session is untouched.
        assert.equal((await server.request('GET', '/api/users/me', { token: admin })).status, 200);
      }));

    test('a forgot-password reset ends the sessions before it', () =>
      keepingAccount(DEMO.student1.email, async () => {
        const { email, password } = DEMO.student1;
        const old = (await signIn(server, email, password)).jwt;
        await nextSecond();
        const count = outbox(email).length;
        const forgot = await server.request('POST', '/api/auth/forgot-password', {
          token: visitor(),
          body: { email },
        });
        assert.equal(forgot.status, 200, forgot.text);
        let message;
        for (let waited = 0; !message && waited < 10_000; waited += 50) {
          message = outbox(email)[count];
          if (!message) await sleep(50);
        }
        const code = /reset-password\?code=([0-9a-f]+)/.exec(message?.html ?? '')?.[1];
        assert.ok(code, 'a reset link');
        const reset = await server.request('POST', '/api/auth/reset-password', {
          token: visitor(),
          body: { code, password: 'Renewed@2026', passwordConfirmation: 'Renewed@2026' },
        });
        assert.equal(reset.status, 200, reset.text);
        assert.deepEqual(await sessionWorks(server, old), REFUSED);
      }));

    test('a block ends the sessions, and they stay ended after the unblock', () =>
      keepingAccount(DEMO.student2.email, async () => {
        const { email, password } = DEMO.student2;
        const admin = (await signIn(server, DEMO.admin.email, DEMO.admin.password)).jwt;
        const learner = await signIn(server, email, password);
        await nextSecond();
        const block = (blocked) =>
          server.request('PUT', `/api/custom-users/${learner.user.id}`, {
            token: admin,
            body: { blocked },
          });
        assert.equal((await block(true)).status, 200);
        assert.deepEqual(await sessionWorks(server, learner.jwt), REFUSED);
        assert.equal((await block(false)).status, 200);
        assert.deepEqual(await sessionWorks(server, learner.jwt), REFUSED);
        assert.deepEqual(
          await sessionWorks(server, (await signIn(server, email, password)).jwt),
          WORKS,
        );
      }));

    test('a client cannot set the mark (tokensValidAfter is refused or ignored)', async () => {
      const row = () =>
        db()
          .prepare('SELECT tokens_valid_after AS t FROM up_users WHERE email = ?')
          .get(DEMO.faculty.email).t;
      const before = row();
      const admin = (await signIn(server, DEMO.admin.email, DEMO.admin.password)).jwt;
      const id = db().prepare('SELECT id FROM up_users WHERE email = ?').get(DEMO.faculty.email).id;
      await server.request('PUT', `/api/users/${id}`, {
        token: admin,
        body: { tokensValidAfter: 1, UserRole: 'Faculty' },
      });
      assert.equal(row(), before);
    });
  });

  describe('point 9: the sign-in limit under concurrency', () => {
    test('30 parallel wrong-password sign-ins: at most 10 checked, the rest 429', async () => {
      const email = DEMO.faculty2.email;
      const statuses = await parallelWrongLogins([server], email);
      const checked = statuses.filter((s) => s === 400).length;
      assert.ok(checked <= 10, `checked ${checked}: ${statuses.join(',')}`);
      assert.equal(checked + statuses.filter((s) => s === 429).length, 30, statuses.join(','));
      const counted = db()
        .prepare("SELECT COUNT(*) AS n FROM app_rate_limit_events WHERE bucket = 'login'")
        .get().n;
      assert.equal(counted, checked, 'one row per checked sign-in');
    });

    test('a successful sign-in does not count; the right password after 10 failures is 429', async () => {
      const { email, password } = DEMO.faculty2;
      await signIn(server, email, password);
      const rows = () =>
        db().prepare("SELECT COUNT(*) AS n FROM app_rate_limit_events WHERE bucket = 'login'").get()
          .n;
      assert.equal(rows(), 0);
      for (let i = 0; i < 10; i += 1) {
        const res = await server.request('POST', '/api/login', {
          body: { email, password: `Wrong-${i}-x` },
        });
        assert.equal(res.status, 400);
      }
      const res = await server.request('POST', '/api/login', { body: { email, password } });
      assert.equal(res.status, 429, res.text);
    });
  });

  describe('point 16e: registration does not say which emails are taken', () => {
    const register = (student_email) =>
      server.request('POST', '/api/register', {
        token: visitor(),
        body: {
          StudentName: 'Someone',
          student_email,
          student_mobile_number: '9876543210',
          password: 'Password@1',
        },
      });

    test('a taken email gets the answer of a new one; its holder gets an email instead', async () => {
      const students = () => db().prepare('SELECT COUNT(*) AS n FROM students').get().n;
      const fresh = await register(`fresh.${randomBytes(3).toString('hex')}@example.test`);
      assert.equal(fresh.status, 200, fresh.text);
      const before = students();
      const taken = DEMO.student1.email;
      const mails = outbox(taken).length;
      const again = await register(taken.toUpperCase());
      assert.equal(again.status, fresh.status);
      assert.deepEqual(again.json, fresh.json);
      assert.equal(students(), before, 'nothing created');
      let notice;
      for (let waited = 0; !notice && waited < 10_000; waited += 50) {
        notice = outbox(taken)[mails];
        if (!notice) await sleep(50);
      }
      assert.ok(notice, 'the holder is told');
      assert.match(notice.subject, /tried to register/);
      assert.match(notice.html, /\/auth\/forgot-password/);
      // Once an hour per address: a second try sends nothing more, answers the same.
      const third = await register(taken);
      assert.deepEqual(third.json, fresh.json);
      await sleep(500);
      assert.equal(outbox(taken).length, mails + 1);
    });
  });
});

describe('PostgreSQL, two processes on one database', { skip: skipWithoutPostgres }, () => {
  // Both processes are one deployment: the same secrets.
  const shared = deploymentSecrets();
  let db;
  let a;
  let b;
  const database = (sql) => db.query(sql);

  before(async () => {
    db = await createSeededDatabase();
    a = await startServer({ databaseUrl: db.url, extraEnv: shared });
    b = await startServer({ databaseUrl: db.url, extraEnv: shared });
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  test('point 8: a password changed on A ends the old session on B, exam calls too', async () => {
    const { email, password } = DEMO.student1;
    const old = (await signIn(a, email, password)).jwt;
    assert.deepEqual(await sessionWorks(b, old), WORKS);
    await nextSecond();
    const next = 'Changed@2026';
    const res = await a.request('POST', '/api/auth/change-password', {
      token: old,
      body: { currentPassword: password, password: next, passwordConfirmation: next },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await sessionWorks(b, old), REFUSED);
    assert.deepEqual(await sessionWorks(b, res.json.jwt), WORKS);
  });

  test('point 9: 30 parallel wrong sign-ins, 15 to each process: at most 10 checked', async () => {
    await database('DELETE FROM app_rate_limit_events');
    const statuses = await parallelWrongLogins([a, b], DEMO.faculty.email);
    const checked = statuses.filter((s) => s === 400).length;
    assert.ok(checked <= 10, `checked ${checked}: ${statuses.join(',')}`);
    assert.equal(checked + statuses.filter((s) => s === 429).length, 30, statuses.join(','));
    const counted = await database(
      "SELECT COUNT(*)::int AS n FROM app_rate_limit_events WHERE bucket = 'login'",
    );
    assert.equal(counted.rows[0].n, checked);
  });

  test('point 4: the GraphQL login is refused on either process', async () => {
    for (const server of [a, b]) {
      const res = await server.request('POST', '/api/graphql', {
        token: shared.VITE_DEFAULT_API_TOKEN,
        body: {
          query: `mutation { login(input: { identifier: "${DEMO.admin.email}", password: "${DEMO.admin.password}" }) { jwt } }`,
        },
      });
      assert.ok(Array.isArray(res.json?.errors), res.text);
      assert.equal(res.json?.data?.login?.jwt ?? null, null, res.text);
    }
  });
});
