// API tests: one boot of the real server for the whole file (see helpers/server.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, SPA_ASSET, SPA_INDEX, startServer } from './helpers/server.mjs';

const INVALID = {
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid Email or Password',
    details: {},
  },
};
const TOO_MANY = 'Too many sign-in attempts. Try again later.';
const SECRET_FIELDS = ['password', 'resetPasswordToken', 'confirmationToken'];

let server;
const jwts = {};

before(async () => {
  server = await startServer();
  console.log(`server booted in ${(server.bootMs / 1000).toFixed(1)} s (compile + start)`);
});

after(async () => {
  await server?.stop();
});

const login = (body) => server.request('POST', '/api/login', { body });

describe('POST /api/login', () => {
  const cases = [
    ['admin', 'ROLE_ADMIN', 'administrator', 'Admin'],
    ['faculty', 'ROLE_FACULTY', 'faculty', 'Faculty'],
    ['student1', 'ROLE_STUDENT', 'student', 'Student'],
    ['student2', 'ROLE_STUDENT', 'student', 'Student'],
  ];
  for (const [key, authority, roleType, userRole] of cases) {
    test(`${key} signs in and gets ${authority}`, async () => {
      const account = DEMO[key];
      const res = await login({ email: account.email, password: account.password });
      assert.equal(res.status, 200, res.text);
      const { jwt, authorities, user } = res.json;
      assert.match(jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.deepEqual(authorities, [authority]);
      assert.equal(user.email, account.email);
      assert.equal(user.UserRole, userRole);
      assert.equal(user.role.type, roleType);
      assert.deepEqual(Object.keys(user.role).sort(), ['id', 'name', 'type']);
      assert.equal(user.confirmed, true);
      assert.equal(user.blocked, false);
      assert.ok('userAvatar' in user, 'userAvatar is present');
      assert.equal(user.userAvatar, null);
      for (const field of SECRET_FIELDS) {
        assert.ok(!(field in user), `user.${field} must not be sent`);
      }
      assert.doesNotMatch(res.text, /\$2[aby]\$/, 'no password hash anywhere in the answer');
      if (roleType === 'student') {
        assert.ok(user.student?.documentId, 'student link');
        assert.match(user.student.Roll_Number, /^DEMO-00\d$/);
        assert.equal(user.faculty, null);
      } else if (roleType === 'faculty') {
        assert.equal(user.faculty?.faculty_email_id, account.email);
        assert.equal(user.student, null);
      } else {
        assert.equal(user.student, null);
        assert.equal(user.faculty, null);
      }
      jwts[key] = jwt;
    });
  }

  test('email is case-insensitive and "identifier" is accepted', async () => {
    const res = await login({
      identifier: DEMO.student1.email.toUpperCase(),
      password: DEMO.student1.password,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.user.email, DEMO.student1.email);
  });

  test('wrong password and unknown email give the same 400', async () => {
    const wrong = await login({ email: DEMO.admin.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@demo.test', password: DEMO.admin.password });
    const missing = await login({ email: DEMO.admin.email });
    for (const res of [wrong, unknown, missing]) {
      assert.equal(res.status, 400);
      assert.deepEqual(res.json, INVALID);
    }
  });

  test('a blocked user is told so only after the right password (issue 24)', async () => {
    const db = server.database();
    db.prepare('UPDATE up_users SET blocked = 1 WHERE email = ?').run(DEMO.student2.email);
    try {
      // A guesser (wrong password) learns nothing of the account's state.
      const guess = await login({ email: DEMO.student2.email, password: 'not-the-password' });
      assert.equal(guess.status, 400);
      assert.deepEqual(guess.json, INVALID);
      const res = await login({ email: DEMO.student2.email, password: DEMO.student2.password });
      assert.equal(res.status, 403);
      assert.equal(
        res.json.error.message,
        'Your account is blocked. Ask your institute’s administrator to unblock it.',
      );
      assert.equal(res.json.data, null);
      assert.equal(res.json.jwt, undefined);
    } finally {
      db.prepare('UPDATE up_users SET blocked = 0 WHERE email = ?').run(DEMO.student2.email);
    }
  });
});

describe('default API token (signed-out visitor)', () => {
  const token = () => server.env.VITE_DEFAULT_API_TOKEN;

  test('may ask for a password reset', async () => {
    const res = await server.request('POST', '/api/auth/forgot-password', {
      token: token(),
      body: { email: DEMO.student1.email },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { ok: true });
  });

  test('an unknown bearer token is refused on the same call (so the token above really authenticated)', async () => {
    const res = await server.request('POST', '/api/auth/forgot-password', {
      token: 'not-a-token',
      body: { email: DEMO.student1.email },
    });
    assert.equal(res.status, 401);
  });

  for (const path of [
    '/api/users',
    '/api/courses',
    '/api/tests',
    '/api/questions',
    '/api/students',
    '/api/users-permissions/roles',
  ]) {
    test(`is refused on GET ${path}`, async () => {
      const res = await server.request('GET', path, { token: token() });
      assert.ok(
        [401, 403].includes(res.status),
        `${path} answered ${res.status}: ${res.text.slice(0, 200)}`,
      );
      assert.equal(res.json?.data, null);
    });
  }

  test('is refused on GraphQL course data', async () => {
    const res = await server.request('POST', '/api/graphql', {
      token: token(),
      body: { query: '{ courses { course_name } }' },
    });
    assert.equal(res.json?.data, null, res.text.slice(0, 300));
    assert.match(res.json?.errors?.[0]?.message ?? '', /forbidden/i);
  });

  test('is stored hashed, never in plain text', () => {
    const rows = server
      .database()
      .prepare('SELECT name, type, access_key FROM strapi_api_tokens')
      .all();
    const row = rows.find((r) => r.name === 'default-visitor');
    assert.ok(row, 'default-visitor token exists');
    assert.equal(row.type, 'custom');
    assert.notEqual(row.access_key, token());
    assert.ok(!rows.some((r) => r.access_key === token()));
  });
});

describe('no header at all (the Public role)', () => {
  test("cannot use Strapi's own sign-in, which would bypass the rate limit", async () => {
    const res = await server.request('POST', '/api/auth/local', {
      body: { identifier: DEMO.admin.email, password: DEMO.admin.password },
    });
    assert.ok([401, 403].includes(res.status), res.text);
    assert.ok(!res.text.includes('jwt'));
  });

  test('cannot sign in through the GraphQL login mutation', async () => {
    const query = `mutation { login(input: { identifier: "${DEMO.admin.email}", password: "${DEMO.admin.password}" }) { jwt } }`;
    const res = await server.request('POST', '/api/graphql', { body: { query } });
    assert.equal(res.json?.data?.login?.jwt ?? null, null, res.text.slice(0, 300));
  });

  test("cannot register through Strapi's own endpoint", async () => {
    const res = await server.request('POST', '/api/auth/local/register', {
      body: { username: 'intruder', email: 'intruder@example.test', password: 'Intruder@12345' },
    });
    assert.ok([401, 403].includes(res.status), res.text);
  });

  test("the default visitor token cannot use Strapi's own registration", async () => {
    const res = await server.request('POST', '/api/auth/local/register', {
      token: server.env.VITE_DEFAULT_API_TOKEN,
      body: { username: 'intruder2', email: 'intruder2@example.test', password: 'Intruder@12345' },
    });
    assert.equal(res.status, 403, res.text);
  });

  test("the default visitor token cannot use Strapi's own sign-in either", async () => {
    const res = await server.request('POST', '/api/auth/local', {
      token: server.env.VITE_DEFAULT_API_TOKEN,
      body: { identifier: DEMO.admin.email, password: DEMO.admin.password },
    });
    assert.equal(res.status, 403, res.text);
  });

  test("Strapi's auto-created Read Only and Full Access tokens are gone", () => {
    const names = server
      .database()
      .prepare('SELECT name FROM strapi_api_tokens')
      .all()
      .map((r) => r.name);
    assert.deepEqual(names, ['default-visitor']);
  });
});

describe('role permissions', () => {
  test('a student JWT is recognised but gets 403 on the question pool', async () => {
    assert.ok(jwts.student1, 'student signed in earlier');
    const res = await server.request('GET', '/api/question-pools', { token: jwts.student1 });
    assert.equal(res.status, 403, res.text);
  });

  test('a forged JWT gets 401', async () => {
    const res = await server.request('GET', '/api/questions', {
      token: `${jwts.student1.slice(0, -4)}AAAA`,
    });
    assert.equal(res.status, 401);
  });
});

describe('SPA served from SPA_DIST_DIR', () => {
  for (const path of ['/', '/course', '/course/abc/subjects', '/auth/login']) {
    test(`GET ${path} answers index.html`, async () => {
      const res = await server.request('GET', path, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200);
      assert.equal(res.text, SPA_INDEX);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    });
  }

  test('hashed assets are served with a long cache', async () => {
    const res = await server.request('GET', '/assets/app-3f2a1b.js');
    assert.equal(res.status, 200);
    assert.equal(res.text, SPA_ASSET);
    assert.match(res.headers.get('cache-control') ?? '', /immutable/);
  });

  test('text files go gzipped to a browser that accepts it, as they are otherwise', async () => {
    // fetch asks for gzip and undoes it: the text is the file's either way.
    const zipped = await server.request('GET', '/assets/app-3f2a1b.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.match(zipped.headers.get('vary') ?? '', /accept-encoding/i);
    assert.equal(zipped.text, SPA_ASSET);
    const plain = await server.request('GET', '/assets/app-3f2a1b.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(plain.text, SPA_ASSET);
    // The two are different representations: a cache must not answer one with the other.
    assert.notEqual(plain.headers.get('etag'), zipped.headers.get('etag'));
    const page = await server.request('GET', '/auth/login', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    assert.equal(page.headers.get('content-encoding'), 'gzip');
    assert.equal(page.text, SPA_INDEX);
  });

  test('a missing asset is a 404, not index.html', async () => {
    const res = await server.request('GET', '/assets/missing-123.js');
    assert.equal(res.status, 404);
    assert.notEqual(res.text, SPA_INDEX);
  });

  for (const path of ['/api/nothing', '/uploads/nothing.png', '/admin/nothing']) {
    test(`GET ${path} is not the SPA`, async () => {
      const res = await server.request('GET', path, { headers: { accept: 'text/html' } });
      assert.notEqual(res.status, 200);
      assert.notEqual(res.text, SPA_INDEX);
    });
  }

  test('GraphQL is at /api/graphql', async () => {
    const res = await server.request('POST', '/api/graphql', {
      token: jwts.student1,
      body: { query: '{ __typename }' },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { data: { __typename: 'Query' } });
  });
});

// Last: these fill the database-backed failure counter for this client's address.
describe('sign-in rate limit', () => {
  test('10 failures for one email, then 429 even with the right password', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await login({ email: DEMO.faculty.email, password: `wrong-${i}` });
      assert.equal(res.status, 400, `attempt ${i + 1}`);
    }
    const blocked = await login({
      email: DEMO.faculty.email.toUpperCase(),
      password: DEMO.faculty.password,
    });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.json.error.message, TOO_MANY);
    assert.equal(blocked.json.error.name, 'RateLimitError');
    assert.equal(blocked.json.data, null);
  });

  test('another email from the same address is not blocked by that', async () => {
    const res = await login({ email: DEMO.student1.email, password: DEMO.student1.password });
    assert.equal(res.status, 200, res.text);
  });

  test('successful sign-ins are not counted; 100 failures per address block every email', async () => {
    const db = server.database();
    const ips = db
      .prepare("SELECT DISTINCT ip FROM app_rate_limit_events WHERE bucket = 'login'")
      .all();
    assert.equal(ips.length, 1, 'one client address so far');
    const { ip } = ips[0];
    const count = () =>
      db
        .prepare(
          "SELECT COUNT(*) AS n FROM app_rate_limit_events WHERE bucket = 'login' AND ip = ?",
        )
        .get(ip).n;
    const before = count();
    // wrong password + unknown email + the blocked user's guess + 10 faculty failures; malformed
    // bodies, successful sign-ins and the blocked user's right password added nothing.
    assert.equal(before, 13);
    const insert = db.prepare(
      "INSERT INTO app_rate_limit_events (bucket, ip, subject, created_at) VALUES ('login', ?, ?, ?)",
    );
    const now = Date.now();
    db.transaction(() => {
      for (let i = before; i < 99; i += 1) insert.run(ip, `filler-${i}@demo.test`, now);
    })();
    const hundredth = await login({ email: 'someone-new@demo.test', password: 'x' });
    assert.equal(hundredth.status, 400, 'the 100th failure is still judged');
    const res = await login({ email: DEMO.admin.email, password: DEMO.admin.password });
    assert.equal(res.status, 429);
    assert.equal(res.json.error.message, TOO_MANY);
    // Failures older than the window no longer count.
    db.prepare('UPDATE app_rate_limit_events SET created_at = ? WHERE ip = ?').run(
      now - 16 * 60 * 1000,
      ip,
    );
    const later = await login({ email: DEMO.admin.email, password: DEMO.admin.password });
    assert.equal(later.status, 200, later.text);
  });
});
