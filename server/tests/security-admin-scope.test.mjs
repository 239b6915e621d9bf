// Issue 18, points 1, 10 and 16 (a, c): Strapi's admin API is not reachable unless the admin panel
// is switched on, and even then nobody becomes super-administrator over HTTP; faculty do not
// change who teaches or grades what, nobody writes marks through the generic routes, and work
// with attempts is not deleted; two processes boot together on an empty PostgreSQL database;
// the development origin is not allowed by CORS outside development.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { DEMO, serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const DEV_ORIGIN = 'http://localhost:5173';

const login = async (server, email, password) => {
  const res = await server.request('POST', '/api/login', { body: { email, password } });
  assert.equal(res.status, 200, res.text);
  return res.json;
};

const registerAdmin = (server) =>
  server.request('POST', '/admin/register-admin', {
    body: {
      firstname: 'Mallory',
      lastname: 'Attacker',
      email: `mallory-${randomBytes(3).toString('hex')}@evil.test`,
      password: 'Mallory@12345',
    },
  });

/** Admin-API paths of Strapi and its plugins (the admin panel's back end). */
const ADMIN_API = [
  ['GET', '/admin/init'],
  ['POST', '/admin/register-admin'],
  ['POST', '/admin/register'],
  ['GET', '/admin/registration-info?registrationToken=x'],
  ['POST', '/admin/login'],
  ['POST', '/admin/renew-token'],
  ['POST', '/admin/access-token'],
  ['POST', '/admin/forgot-password'],
  ['POST', '/admin/reset-password'],
  ['GET', '/admin/users'],
  ['GET', '/admin/users/me'],
  ['GET', '/admin/roles'],
  ['GET', '/admin/api-tokens'],
  ['POST', '/admin/api-tokens'],
  ['GET', '/admin/information'],
  ['GET', '/admin/project-settings'],
  ['GET', '/admin/telemetry-properties'],
  ['GET', '/admin/transfer/tokens'],
  ['GET', '/ADMIN/init'],
  ['GET', '/admin/init/'],
  ['DELETE', '/admin/init'],
  ['GET', '/content-manager/init'],
  ['GET', '/content-manager/content-types'],
  ['GET', '/content-manager/collection-types/api::question.question'],
  ['PUT', '/content-manager/collection-types/api::result.result/x'],
  ['GET', '/content-type-builder/content-types'],
  ['GET', '/content-type-builder/reserved-names'],
  ['GET', '/upload/files'],
  ['POST', '/upload'],
  ['GET', '/upload/configuration'],
  ['GET', '/users-permissions/roles'],
  ['GET', '/users-permissions/advanced'],
  ['GET', '/users-permissions/providers'],
  ['GET', '/i18n/locales'],
  ['GET', '/i18n/iso-locales'],
  ['GET', '/review-workflows/workflows'],
  ['GET', '/content-releases'],
  ['GET', '/email/settings'],
];

describe('panel off (the default): no admin API, faculty scope, marks, CORS', () => {
  let server;
  const { tokens, call, ok, gql, signIn } = asRoles(() => server);
  const f = {};

  before(async () => {
    server = await startServer();
    await signIn([
      ['admin', 'admin'],
      ['faculty', 'faculty'],
      ['studentA', 'student1'],
    ]);
    // A faculty member with no batch, no course and no work of their own.
    const email = `lonely-${randomBytes(3).toString('hex')}@demo.test`;
    const made = await ok('admin', 'POST', '/api/faculties-custom', {
      FacultyName: 'Lonely Faculty',
      faculty_email_id: email,
    });
    f.lonely = made.documentId;
    const bcrypt = require('bcryptjs');
    server
      .database()
      .prepare('UPDATE up_users SET password = ? WHERE email = ?')
      .run(bcrypt.hashSync('Lonely@12345', 10), email);
    tokens.lonely = (await login(server, email, 'Lonely@12345')).jwt;

    const tests = await ok('admin', 'GET', '/api/tests?pagination[pageSize]=100');
    f.prelims = tests.find((t) => t.TestName === 'Prelims Mock Test 1').documentId;
    f.mains = tests.find((t) => t.TestName === 'Mains Answer Writing 1').documentId;
    const works = await ok('admin', 'GET', '/api/assignments?populate[faculties]=true');
    const essay = works.find((a) => a.assignment_name === 'Essay Practice 1');
    f.essay = essay.documentId;
    f.essayFaculties = essay.faculties.map((x) => x.documentId).sort();

    // Learner A sits the Prelims test (attempt, answers, result) and starts the essay.
    const started = await ok('studentA', 'POST', '/api/test/prelims/initialize', {
      testId: f.prelims,
    });
    f.answer = started.answers[0].documentId;
    const submitted = await ok('studentA', 'POST', '/api/test/prelims/submit', {
      attemptId: started.attempt.documentId,
    });
    f.result = submitted.result.documentId;
    const essayStart = await call('studentA', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: f.essay,
    });
    assert.ok(essayStart.status < 300, essayStart.text);
  });

  after(async () => {
    await server?.stop();
  });

  describe('point 1: the admin API is not routed', () => {
    test('GET /admin/init and POST /admin/register-admin answer 404, no token', async () => {
      const init = await server.request('GET', '/admin/init');
      assert.equal(init.status, 404, init.text);
      assert.ok(!init.text.includes('hasAdmin'));
      const reg = await registerAdmin(server);
      assert.equal(reg.status, 404, reg.text);
      assert.ok(!reg.text.includes('token'), reg.text);
    });

    test('every admin-API path of Strapi and its plugins answers 404', async () => {
      const answered = [];
      for (const [method, path] of ADMIN_API) {
        const res = await server.request(method, path, {
          token: tokens.admin,
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        if (res.status !== 404) answered.push(`${method} ${path} → ${res.status}`);
      }
      assert.deepEqual(answered, []);
    });

    test('the product API still answers (REST, GraphQL, upload list)', async () => {
      assert.equal((await call('admin', 'GET', '/api/upload/files')).status, 200);
      const res = await gql('admin', '{ tests { documentId } }');
      assert.equal(res.status, 200, res.text);
      assert.ok(Array.isArray(res.json.data.tests));
      assert.equal((await server.request('GET', '/_health')).status, 204);
    });
  });

  describe('point 10a: only administrators change who teaches or grades what', () => {
    test('a faculty member cannot add themselves to an assignment (REST)', async () => {
      const res = await call('lonely', 'PUT', `/api/assignments/${f.essay}`, {
        data: { faculties: [f.lonely] },
      });
      assert.equal(res.status, 403, res.text);
      const seen = await ok('admin', 'GET', `/api/assignments/${f.essay}?populate[faculties]=true`);
      assert.deepEqual(seen.faculties.map((x) => x.documentId).sort(), f.essayFaculties);
      // ...so the learners' work of that assignment stays out of their reach.
      const attempts = await ok(
        'lonely',
        'GET',
        `/api/attempts?filters[assignment][documentId][$eq]=${f.essay}`,
      );
      assert.equal(attempts.length, 0);
    });

    test('nor through connect, set or emptying, on tests, or by GraphQL', async () => {
      for (const [path, data] of [
        [`/api/assignments/${f.essay}`, { faculties: { connect: [f.lonely] } }],
        [`/api/assignments/${f.essay}`, { faculties: { set: [f.lonely] } }],
        [`/api/assignments/${f.essay}`, { faculties: [] }],
        [`/api/tests/${f.prelims}`, { faculties: [f.lonely] }],
      ]) {
        const res = await call('lonely', 'PUT', path, { data });
        assert.equal(res.status, 403, `${path} ${JSON.stringify(data)}: ${res.text}`);
      }
      const viaGql = await gql(
        'lonely',
        'mutation($id: ID!, $f: [ID]) { updateAssignment(documentId: $id, data: { faculties: $f }) { documentId } }',
        { id: f.essay, f: [f.lonely] },
      );
      assert.ok(viaGql.json.errors?.length, viaGql.text);
      const seen = await ok('admin', 'GET', `/api/assignments/${f.essay}?populate[faculties]=true`);
      assert.deepEqual(seen.faculties.map((x) => x.documentId).sort(), f.essayFaculties);
    });

    test('an edit that keeps the faculties as they are still saves (the SPA sends them)', async () => {
      const res = await call('faculty', 'PUT', `/api/assignments/${f.essay}`, {
        data: { assignment_description: 'Edited by faculty.', faculties: f.essayFaculties },
      });
      assert.equal(res.status, 200, res.text);
    });

    test('a faculty member creates work naming only themselves; administrators assign anyone', async () => {
      const other = await call('lonely', 'POST', '/api/tests', {
        data: { TestName: 'Not mine to give', faculties: f.essayFaculties },
      });
      assert.equal(other.status, 403, other.text);
      const own = await call('lonely', 'POST', '/api/tests', {
        data: { TestName: 'My own test', faculties: [f.lonely] },
      });
      assert.equal(own.status, 201, own.text);
      const byAdmin = await call('admin', 'PUT', `/api/tests/${own.json.data.documentId}`, {
        data: { faculties: f.essayFaculties },
      });
      assert.equal(byAdmin.status, 200, byAdmin.text);
    });
  });

  describe('point 10b: marks are the marking code’s; work with attempts is not deleted', () => {
    test('nobody PUTs an answer’s points (REST)', async () => {
      const before = server.database().prepare('SELECT points FROM answers WHERE document_id = ?');
      const stored = before.all(f.answer).map((r) => r.points);
      // (The faculty member without a batch does not even see it: 404.)
      for (const [role, refused] of [
        ['lonely', [403, 404]],
        ['faculty', [400, 403]],
        ['admin', [400, 403]],
      ]) {
        const res = await call(role, 'PUT', `/api/answers/${f.answer}`, { data: { points: 50 } });
        assert.ok(refused.includes(res.status), `${role}: ${res.status} ${res.text}`);
      }
      assert.deepEqual(
        before.all(f.answer).map((r) => r.points),
        stored,
      );
    });

    test('nor by GraphQL, nor a result’s marks', async () => {
      for (const role of ['faculty', 'admin']) {
        const res = await gql(
          role,
          'mutation($id: ID!) { updateAnswer(documentId: $id, data: { points: 50 }) { documentId } }',
          { id: f.answer },
        );
        assert.ok(res.json.errors?.length, `${role}: ${res.text}`);
        const marks = await call(role, 'PUT', `/api/results/${f.result}`, {
          data: { total_marks: 99 },
        });
        assert.ok([400, 403].includes(marks.status), `${role}: ${marks.text}`);
      }
      const points = server
        .database()
        .prepare('SELECT points FROM answers WHERE document_id = ?')
        .all(f.answer);
      assert.ok(points.every((r) => r.points !== 50));
    });

    test('a test with attempts cannot be deleted, by faculty or administrators (409)', async () => {
      for (const role of ['lonely', 'admin']) {
        const res = await call(role, 'DELETE', `/api/tests/${f.prelims}`);
        assert.equal(res.status, 409, `${role}: ${res.text}`);
        assert.match(res.json.error.message, /deactivate it instead/);
      }
      const viaGql = await gql(
        'admin',
        'mutation($id: ID!) { deleteTest(documentId: $id) { documentId } }',
        { id: f.prelims },
      );
      assert.match(viaGql.json.errors?.[0]?.message ?? '', /deactivate it instead/, viaGql.text);
      assert.equal((await call('admin', 'GET', `/api/tests/${f.prelims}`)).status, 200);
      const results = server
        .database()
        .prepare('SELECT count(*) AS n FROM results WHERE document_id = ?')
        .get(f.result);
      assert.equal(results.n, 1);
    });

    test('an assignment with attempts neither; work without attempts still can', async () => {
      const res = await call('admin', 'DELETE', `/api/assignments/${f.essay}`);
      assert.equal(res.status, 409, res.text);
      assert.match(res.json.error.message, /deactivate it instead/);
      const fresh = await ok('faculty', 'POST', '/api/tests', { data: { TestName: 'Unused' } });
      assert.equal((await call('faculty', 'DELETE', `/api/tests/${fresh.documentId}`)).status, 204);
    });
  });

  describe('point 16c: CORS outside development', () => {
    test('the development origin gets no Access-Control-Allow-Origin', async () => {
      for (const method of ['OPTIONS', 'GET']) {
        const res = await server.request(method, '/api/course-names', {
          headers: { origin: DEV_ORIGIN, 'access-control-request-method': 'GET' },
        });
        assert.equal(res.headers.get('access-control-allow-origin'), null, method);
      }
    });
  });
});

describe('panel on (SERVE_ADMIN_PANEL=true): the first super-administrator comes from the environment', () => {
  let server;
  const adminEmail = 'owner@portal.test';
  const adminPassword = 'Owner@123456';

  before(async () => {
    server = await startServer({
      extraEnv: {
        SERVE_ADMIN_PANEL: 'true',
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        CORS_ORIGINS: 'https://portal.example.org',
      },
    });
  });

  after(async () => {
    await server?.stop();
  });

  test('register-admin never answers with a token', async () => {
    const reg = await registerAdmin(server);
    assert.ok([403, 404].includes(reg.status), `${reg.status} ${reg.text}`);
    assert.ok(!reg.text.includes('token'), reg.text);
  });

  test('the environment’s administrator exists and signs in', async () => {
    const init = await server.request('GET', '/admin/init');
    assert.equal(init.status, 200, init.text);
    assert.equal(init.json.data.hasAdmin, true);
    const res = await server.request('POST', '/admin/login', {
      body: { email: adminEmail, password: adminPassword },
    });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.json.data.token);
  });

  test('CORS: CORS_ORIGINS is allowed, the development origin is not', async () => {
    const allowed = await server.request('OPTIONS', '/api/course-names', {
      headers: { origin: 'https://portal.example.org', 'access-control-request-method': 'GET' },
    });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://portal.example.org');
    const dev = await server.request('OPTIONS', '/api/course-names', {
      headers: { origin: DEV_ORIGIN, 'access-control-request-method': 'GET' },
    });
    assert.equal(dev.headers.get('access-control-allow-origin'), null);
  });
});

describe(
  'point 16a: two processes start together on an empty PostgreSQL database',
  { skip: skipWithoutPostgres },
  () => {
    let db;
    const servers = [];

    before(async () => {
      db = await createSeededDatabase();
    });

    after(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db?.drop();
    });

    test('both come up and answer', async () => {
      const boots = await Promise.allSettled([
        startServer({ databaseUrl: db.url }),
        startServer({ databaseUrl: db.url }),
      ]);
      for (const boot of boots) {
        if (boot.status === 'fulfilled') servers.push(boot.value);
      }
      const failures = boots
        .filter((b) => b.status === 'rejected')
        .map((b) => String(b.reason).slice(0, 2000));
      assert.deepEqual(failures, []);
      for (const s of servers) {
        const res = await s.request('POST', '/api/login', {
          body: { email: DEMO.admin.email, password: DEMO.admin.password },
        });
        assert.equal(res.status, 200, res.text);
      }
    });
  },
);
