// Issue 18, points 12 and 14: multipart bodies are parsed (written to the temp folder) only on the
// routes that take files and only for callers allowed to call them, and every temp file is gone
// when the request ends (success, refusal, a throwing handler, an aborted client); per-user daily
// quotas of uploads (bytes and files) and diagnostics logs (bytes and records), kept in the
// database, answered 413/429 in Strapi's error shape. One SQLite boot with TMPDIR pointed at a
// folder of this test (the server's os.tmpdir(): formidable's upload folder), so the count of
// leftover files is exact; a PostgreSQL part with two processes for the shared quota.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { expectError } from './helpers/roles.mjs';
import { DEMO, deploymentSecrets, readResponse, startServer } from './helpers/server.mjs';

const MB = 1024 * 1024;
/** Learner limits of this test (the defaults are 200 MB and 200 files a day). */
const QUOTA_ENV = {
  LEARNER_UPLOAD_BYTES_PER_DAY: String(3 * MB),
  LEARNER_UPLOAD_FILES_PER_DAY: '6',
};

/** A PDF (by content) of about `size` bytes. */
const pdfOf = (size) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 15, 0x20), Buffer.from('\n%%EOF')]);
const TEXT = Buffer.alloc(MB, 0x61);

/** Every file below a folder (recursive), as relative paths. */
const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(dir.length + 1))
    .sort();

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** A multipart POST/PUT of files (each [field, name, bytes, type]) and text fields. */
const multipart = async (server, method, path, { token, files = [], fields = {} } = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, name, bytes, type] of files) {
    form.append(field, new Blob([bytes], { type }), name);
  }
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return readResponse(res);
};

const login = async (server, key) => {
  const res = await server.request('POST', '/api/login', {
    body: { email: DEMO[key].email, password: DEMO[key].password },
  });
  assert.equal(res.status, 200, res.text);
  return res.json.jwt;
};

const expectRetryAfter = (res) => {
  const seconds = Number(res.headers.get('retry-after'));
  assert.ok(
    Number.isInteger(seconds) && seconds > 0 && seconds <= 86_400,
    `Retry-After: ${res.headers.get('retry-after')}`,
  );
};

describe('multipart bodies and quotas (SQLite)', () => {
  let server;
  let temp;
  const tokens = {};
  let visitorToken;

  before(async () => {
    temp = mkdtempSync(join(tmpdir(), 'upload-limits-tmp-'));
    server = await startServer({ extraEnv: { TMPDIR: temp, ...QUOTA_ENV } });
    visitorToken = server.env.VITE_DEFAULT_API_TOKEN;
    for (const [role, key] of [
      ['A', 'student1'],
      ['B', 'student2'],
      ['faculty', 'faculty'],
      ['admin', 'admin'],
    ]) {
      tokens[role] = await login(server, key);
    }
  });

  after(async () => {
    await server?.stop();
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  /** Runs requests and asserts the temp folder holds the same files afterwards. */
  const leavesNoTempFiles = async (run) => {
    const before = filesUnder(temp);
    await run();
    await pause(300);
    assert.deepEqual(filesUnder(temp), before, 'files left in the server temp folder');
  };

  describe('point 12: multipart only where files are taken, temp files always removed', () => {
    const EIGHT_MB = ['files', 'big.pdf', pdfOf(8 * MB), 'application/pdf'];

    test('an 8 MB multipart file to routes that take no files writes nothing', async () => {
      await leavesNoTempFiles(async () => {
        for (const [path, token] of [
          ['/api/login', undefined],
          ['/api/register', visitorToken],
          ['/api/auth/forgot-password', visitorToken],
          ['/api/logs', tokens.A],
          ['/api/courses', tokens.admin],
          ['/api/graphql', tokens.A],
        ]) {
          const res = await multipart(server, 'POST', path, {
            token,
            files: [EIGHT_MB, ['file', 'other.pdf', pdfOf(MB), 'application/pdf']],
            fields: { email: 'x@example.test', password: 'whatever1' },
          });
          // forgot-password answers 200 whatever it is sent (it reveals nothing).
          assert.ok(res.status < 500, `${path}: ${res.status} ${res.text}`);
        }
      });
    });

    test('file routes: nothing parsed for signed-out callers, the visitor token or a role without the route', async () => {
      await leavesNoTempFiles(async () => {
        for (const [method, path, token, status] of [
          ['POST', '/api/upload', undefined, 401],
          ['POST', '/api/upload', visitorToken, 403],
          ['POST', '/api/upload', 'not-a-jwt', 401],
          ['POST', '/api/questions-import', tokens.A, 403],
          ['POST', '/api/learners-bulk', tokens.faculty, 403],
          ['PUT', '/api/custom-users/1/avatar', tokens.A, 403],
          ['POST', '/api/mains/evaluations/1/document', tokens.A, 403],
        ]) {
          // `file` too: Strapi's parser removed only the `files` field's temp files.
          const res = await multipart(server, method, path, {
            token,
            files: [EIGHT_MB, ['file', 'other.pdf', pdfOf(MB), 'application/pdf']],
          });
          assert.equal(res.status, status, `${method} ${path}: ${res.text}`);
        }
      });
    });

    test('allowed uploads: temp files removed after success, refusal and a throwing handler', async () => {
      await leavesNoTempFiles(async () => {
        const ok = await multipart(server, 'POST', '/api/upload', {
          token: tokens.faculty,
          files: [['files', 'notes.pdf', pdfOf(4096), 'application/pdf']],
        });
        assert.equal(ok.status, 201, ok.text);
        // Refused by the type check (after parsing): the handler throws.
        const bad = await multipart(server, 'POST', '/api/upload', {
          token: tokens.faculty,
          files: [['files', 'notes.pdf', TEXT, 'application/pdf']],
        });
        assert.equal(bad.status, 400, bad.text);
        // A field the upload plugin does not read (Strapi only ever removed `files`).
        const other = await multipart(server, 'POST', '/api/upload', {
          token: tokens.faculty,
          files: [['attachment', 'extra.pdf', pdfOf(4096), 'application/pdf']],
        });
        assert.ok(other.status >= 400, other.text);
        // An import with a file that is not a spreadsheet.
        const sheet = await multipart(server, 'POST', '/api/users-bulk', {
          token: tokens.admin,
          files: [['file', 'users.xlsx', TEXT, 'application/octet-stream']],
        });
        assert.equal(sheet.status, 400, sheet.text);
      });
    });

    test('a client that aborts mid-upload leaves nothing behind', async () => {
      await leavesNoTempFiles(async () => {
        const boundary = `----abort${randomBytes(6).toString('hex')}`;
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
        );
        const url = new URL('/api/upload', server.baseUrl);
        await new Promise((resolve) => {
          const req = httpRequest(url, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tokens.faculty}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(8 * MB),
            },
          });
          req.on('error', () => resolve());
          req.on('response', (res) => {
            res.resume();
            resolve();
          });
          req.write(head);
          req.write(Buffer.alloc(2 * MB, 0x20), () => {
            setTimeout(() => {
              req.destroy();
              resolve();
            }, 300);
          });
        });
        await pause(700);
      });
    });
  });

  describe('point 14: daily quotas per user', () => {
    test('a learner’s uploads stop at the day’s bytes (429, Retry-After), also on the Mains route', async () => {
      for (let i = 0; i < 3; i += 1) {
        const res = await multipart(server, 'POST', '/api/upload', {
          token: tokens.A,
          files: [['files', `part${i}.pdf`, pdfOf(MB), 'application/pdf']],
        });
        assert.equal(res.status, 201, `upload ${i}: ${res.text}`);
      }
      const over = await multipart(server, 'POST', '/api/upload', {
        token: tokens.A,
        files: [['files', 'part3.pdf', pdfOf(MB), 'application/pdf']],
      });
      expectError(over, 429, /today/i);
      expectRetryAfter(over);

      const mains = await server.request('GET', '/api/tests?pagination[pageSize]=100', {
        token: tokens.admin,
      });
      const mainsTest = mains.json.data.find((t) => t.TestName === 'Mains Answer Writing 1');
      const started = await server.request('POST', '/api/mains/start', {
        token: tokens.A,
        body: { kind: 'test', documentId: mainsTest.documentId },
      });
      assert.ok(started.status < 300, started.text);
      const answerId = started.json.data.answers[0].documentId;
      const document = await multipart(server, 'POST', `/api/mains/answers/${answerId}/documents`, {
        token: tokens.A,
        files: [['files', 'answer.pdf', pdfOf(64 * 1024), 'application/pdf']],
      });
      expectError(document, 429, /today/i);
      expectRetryAfter(document);
    });

    test('one file larger than the whole day’s allowance: 413', async () => {
      const res = await multipart(server, 'POST', '/api/upload', {
        token: tokens.B,
        files: [['files', 'huge.pdf', pdfOf(4 * MB), 'application/pdf']],
      });
      expectError(res, 413, /a day/i);
    });

    test('refused uploads do not count; the day’s file count answers 429', async () => {
      for (let i = 0; i < 3; i += 1) {
        const bad = await multipart(server, 'POST', '/api/upload', {
          token: tokens.B,
          files: [['files', `bad${i}.pdf`, TEXT, 'application/pdf']],
        });
        assert.equal(bad.status, 400, bad.text);
      }
      for (let i = 0; i < 6; i += 1) {
        const res = await multipart(server, 'POST', '/api/upload', {
          token: tokens.B,
          files: [['files', `small${i}.pdf`, pdfOf(1024), 'application/pdf']],
        });
        assert.equal(res.status, 201, `upload ${i}: ${res.text}`);
      }
      const over = await multipart(server, 'POST', '/api/upload', {
        token: tokens.B,
        files: [['files', 'small6.pdf', pdfOf(1024), 'application/pdf']],
      });
      expectError(over, 429, /files/i);
      expectRetryAfter(over);
    });

    test('the two-step upload (/api/media) counts against the same day', async () => {
      // B has spent today's files in the test above.
      const twoStep = async (token, name) => {
        const signed = await server.request('POST', '/api/media/s3-upload-url', {
          token,
          body: { fileName: name, fileType: 'application/pdf' },
        });
        assert.equal(signed.status, 200, signed.text);
        const put = await fetch(new URL(signed.json.uploadURL, server.baseUrl), {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: pdfOf(2048),
        });
        assert.equal(put.status, 200, await put.text());
        return server.request('POST', '/api/media', {
          token,
          body: { data: { key: signed.json.key, name, type: 'application/pdf', size: 2048 } },
        });
      };
      const over = await twoStep(tokens.B, 'two-step.pdf');
      expectError(over, 429, /files/i);
      expectRetryAfter(over);
      const staff = await twoStep(tokens.faculty, 'two-step-staff.pdf');
      assert.equal(staff.status, 201, staff.text);
    });

    test('staff have a higher limit: 8 concurrent 1 MB uploads all accepted', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          multipart(server, 'POST', '/api/upload', {
            token: tokens.faculty,
            files: [['files', `staff${i}.pdf`, pdfOf(MB), 'application/pdf']],
          }),
        ),
      );
      // 8 MB in 8 files is over the learners' limit of this test, not under the staff one.
      assert.deepEqual(
        results.map((r) => r.status),
        Array(8).fill(201),
        results.map((r) => r.text.slice(0, 200)).join('\n'),
      );
    });

    test('diagnostics logs: 5 MB a day, then 429 with Retry-After', async () => {
      const big = 'x'.repeat(900 * 1024);
      const statuses = [];
      let last;
      for (let i = 0; i < 7; i += 1) {
        last = await server.request('POST', '/api/logs', {
          token: tokens.faculty,
          body: { data: { browser: 'quota', consoleLogs: [big] } },
        });
        statuses.push(last.status);
      }
      // Staff allow more: the learner's limit is checked with student A's logs.
      assert.deepEqual(statuses, Array(7).fill(201));
      const learner = [];
      for (let i = 0; i < 6; i += 1) {
        last = await server.request('POST', '/api/logs', {
          token: tokens.A,
          body: { data: { browser: 'quota', consoleLogs: [big] } },
        });
        learner.push(last.status);
      }
      assert.deepEqual(learner, [201, 201, 201, 201, 201, 429]);
      expectError(last, 429, /today/i);
      expectRetryAfter(last);
    });

    test('diagnostics logs: 50 records a day', async () => {
      const statuses = [];
      let last;
      for (let i = 0; i < 51; i += 1) {
        last = await server.request('POST', '/api/logs', {
          token: tokens.B,
          body: { data: { browser: 'count', consoleLogs: [`line ${i}`] } },
        });
        statuses.push(last.status);
      }
      assert.deepEqual(statuses, [...Array(50).fill(201), 429]);
      expectError(last, 429, /today/i);
      expectRetryAfter(last);
    });
  });
});

describe(
  'quotas are shared by processes (PostgreSQL, two processes)',
  { skip: skipWithoutPostgres },
  () => {
    let db;
    let one;
    let two;

    before(async () => {
      db = await createSeededDatabase('portal_quota');
      // One after the other: the first creates the schema and the demo data. One deployment's
      // secrets: a sign-in on one process is valid on the other, as behind a load balancer.
      const shared = { SEED_DEMO: 'true', ...deploymentSecrets(), ...QUOTA_ENV };
      one = await startServer({ databaseUrl: db.url, extraEnv: shared });
      two = await startServer({ databaseUrl: db.url, extraEnv: shared });
    });

    after(async () => {
      await one?.stop();
      await two?.stop();
      await db?.drop();
    });

    test('uploads racing on two processes stop at the day’s bytes', async () => {
      const token = await login(one, 'student1');
      // These are the first uploads of the database: the upload plugin's "API Uploads" folder is
      // made at start, so two processes' first uploads do not collide making it.
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          multipart(i % 2 ? two : one, 'POST', '/api/upload', {
            token,
            files: [['files', `race${i}.pdf`, pdfOf(MB), 'application/pdf']],
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      assert.deepEqual(
        statuses,
        [201, 201, 201, 429, 429, 429, 429, 429],
        results.map((r) => `${r.status} ${r.text.slice(0, 300)}`).join('\n'),
      );
    });
  },
);
