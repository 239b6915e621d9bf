// Live classes over Zoom (issue 21): class CRUD scope (faculty own vs other batches, learners see
// only theirs, the join fields never reach a learner: REST, GraphQL, populate), validation, the
// signature's rules (window, visibility, cancelled, learner role, host with a ZAK from a local
// double of Zoom's OAuth and API, and without), link joins, attendance (list, xlsx, my own),
// the .ics file, notifications on change and cancel, the room's headers, and a server with no
// Zoom keys (503, readiness, rate limit).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { serverDir, startServer } from './helpers/server.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';

const require = createRequire(`${serverDir}/package.json`);
const jwt = require('jsonwebtoken');
const ExcelJS = require('exceljs');

const SDK_KEY = 'test-sdk-key';
const SDK_SECRET = 'test-sdk-secret-0123456789';
const NOT_CONFIGURED = 'Live classes over Zoom are not configured on this server';
const JOIN_FIELDS = ['meeting_number', 'passcode', 'join_url', 'meeting_url'];

let server;
const { users, tokens, call, ok, gql, signIn } = asRoles(() => server);
const f = {};

/** A local double of Zoom's OAuth and REST API. */
const zoom = { oauthCalls: 0, zakCalls: 0, failZak: false, server: null, url: '' };
const startZoomDouble = () =>
  new Promise((resolve) => {
    zoom.server = createServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        zoom.oauthCalls += 1;
        const basic = Buffer.from('client-id:client-secret').toString('base64');
        if (
          req.headers.authorization !== `Basic ${basic}` ||
          url.searchParams.get('grant_type') !== 'account_credentials' ||
          url.searchParams.get('account_id') !== 'account-1'
        ) {
          return send(401, { reason: 'bad credentials' });
        }
        return send(200, { access_token: 'access-1', token_type: 'bearer', expires_in: 3599 });
      }
      if (
        req.method === 'GET' &&
        decodeURIComponent(url.pathname) === '/v2/users/host@zoom.test/token'
      ) {
        zoom.zakCalls += 1;
        if (zoom.failZak) return send(500, { message: 'down' });
        if (
          req.headers.authorization !== 'Bearer access-1' ||
          url.searchParams.get('type') !== 'zak'
        ) {
          return send(401, { message: 'bad token' });
        }
        return send(200, { token: 'zak-123' });
      }
      return send(404, {});
    });
    zoom.server.listen(0, '127.0.0.1', () => {
      zoom.url = `http://127.0.0.1:${zoom.server.address().port}`;
      resolve();
    });
  });

const inMinutes = (m) => new Date(Date.now() + m * 60_000).toISOString();

/** Moves a class's start straight in the database (the API refuses a start in the past). */
const setStart = (on, documentId, iso) => {
  const db = on.database();
  const row = db.prepare('SELECT date FROM classes WHERE document_id = ?').get(documentId);
  const value = typeof row.date === 'number' ? Date.parse(iso) : iso;
  db.prepare('UPDATE classes SET date = ? WHERE document_id = ?').run(value, documentId);
};

const notices = (aboutId) =>
  server
    .database()
    .prepare(
      `SELECT n.message, n.kind, n.link, l.user_id FROM notifications n
         JOIN notifications_to_user_lnk l ON l.notification_id = n.id
        WHERE n.kind = 'live-class' AND n.about_id = ? ORDER BY n.id`,
    )
    .all(aboutId);

const zoomClass = (extra = {}) => ({
  data: {
    name: 'Zoom class',
    date: inMinutes(5),
    duration_minutes: 30,
    provider: 'zoom',
    meeting_number: '123456789',
    passcode: 'pw123',
    batches: [f.batchX],
    ...extra,
  },
});

before(async () => {
  await startZoomDouble();
  server = await startServer({
    extraEnv: {
      ZOOM_SDK_KEY: SDK_KEY,
      ZOOM_SDK_SECRET: SDK_SECRET,
      ZOOM_SIGNATURE_PER_MINUTE: '1000',
      ZOOM_ACCOUNT_ID: 'account-1',
      ZOOM_CLIENT_ID: 'client-id',
      ZOOM_CLIENT_SECRET: 'client-secret',
      ZOOM_HOST_USER: 'host@zoom.test',
      ZOOM_OAUTH_URL: zoom.url,
      ZOOM_API_URL: `${zoom.url}/v2`,
    },
  });
  await signIn([
    ['admin', 'admin'],
    ['faculty', 'faculty'],
    ['faculty2', 'faculty2'],
    ['A', 'student1'],
    ['B', 'student2'],
  ]);
  const fac = users.faculty.faculty.documentId;
  const fac2 = users.faculty2.faculty.documentId;
  f.batchX = (
    await ok('admin', 'POST', '/api/batches', {
      data: { Batch: 'Live X', students: [users.A.student.documentId], faculties: [fac] },
    })
  ).documentId;
  f.batchY = (
    await ok('admin', 'POST', '/api/batches', {
      data: { Batch: 'Live Y', students: [users.B.student.documentId], faculties: [fac2] },
    })
  ).documentId;
  f.courseC = (
    await ok('admin', 'POST', '/api/courses', {
      data: { course_name: 'Live course C', faculties: [fac], batches: [f.batchX] },
    })
  ).documentId;
});

after(async () => {
  await server?.stop();
  zoom.server?.close();
});

describe('scheduling and scope', () => {
  test('faculty schedule for their own batches and courses only; staff see the join fields', async () => {
    const created = await call('faculty', 'POST', '/api/classes', {
      data: {
        name: 'Polity live',
        date: inMinutes(2 * 24 * 60),
        duration_minutes: 45,
        provider: 'zoom',
        meeting_number: '987 654 3210',
        passcode: 'secret1',
        batches: [f.batchX],
      },
    });
    assert.equal(created.status, 201, created.text);
    f.later = created.json.data.documentId;
    assert.equal(created.json.data.meeting_number, '9876543210');
    assert.equal(created.json.data.passcode, 'secret1');
    for (const data of [
      { batches: [f.batchY] },
      { batches: [f.batchX, f.batchY] },
      { batches: [], is_public: true },
    ]) {
      expectError(
        await call('faculty', 'POST', '/api/classes', zoomClass({ ...data, date: inMinutes(60) })),
        403,
        'You can schedule classes only for your own courses and batches.',
      );
    }
    const ofCourse = await call('faculty', 'POST', '/api/classes', {
      data: {
        name: 'Course class',
        date: inMinutes(600),
        provider: 'link',
        join_url: 'https://meet.example.org/c',
        course: f.courseC,
      },
    });
    assert.equal(ofCourse.status, 201, ofCourse.text);
    f.ofCourse = ofCourse.json.data.documentId;
    // faculty2 teaches neither: they do not see the classes and cannot change them.
    const seen2 = await ok('faculty2', 'GET', '/api/classes?pagination[pageSize]=100');
    assert.ok(!seen2.some((c) => c.documentId === f.later));
    expectError(await call('faculty2', 'GET', `/api/classes/${f.later}`), 404);
    expectError(
      await call('faculty2', 'PUT', `/api/classes/${f.later}`, { data: { name: 'Taken' } }),
      404,
    );
    const mine = await ok('faculty', 'GET', `/api/classes/${f.later}`);
    assert.equal(mine.passcode, 'secret1');
  });

  test('learners see only their classes, never the join fields (REST, populate, GraphQL)', async () => {
    const list = await ok(
      'A',
      'GET',
      '/api/classes?populate[course]=true&populate[batches]=true&sort=date:desc&pagination[pageSize]=100',
    );
    const later = list.find((c) => c.documentId === f.later);
    assert.ok(later, 'A sees the class of batch X');
    assert.ok(
      list.some((c) => c.documentId === f.ofCourse),
      'A sees the class of course C',
    );
    for (const row of list) {
      for (const field of JOIN_FIELDS) assert.ok(!(field in row), `${field} sent to a learner`);
    }
    assert.deepEqual(
      later.batches.map((b) => b.documentId),
      [f.batchX],
    );
    const one = await ok('A', 'GET', `/api/classes/${f.later}?populate=*`);
    for (const field of JOIN_FIELDS) assert.ok(!(field in one), field);
    // B is in batch Y only.
    const listB = await ok('B', 'GET', '/api/classes?pagination[pageSize]=100');
    assert.ok(!listB.some((c) => [f.later, f.ofCourse].includes(c.documentId)));
    expectError(await call('B', 'GET', `/api/classes/${f.later}`), 404);
    // Filtering on a hidden field is refused too.
    const filtered = await call('A', 'GET', '/api/classes?filters[passcode][$eq]=secret1');
    assert.ok(filtered.status >= 400, filtered.text);
    const q = await gql(
      'A',
      '{ classes(pagination: { limit: 100 }) { documentId name meeting_number passcode join_url course { course_name } } }',
    );
    assert.equal(q.status, 200, q.text);
    const rows = q.json.data.classes;
    assert.ok(rows.some((c) => c.documentId === f.later));
    for (const row of rows) {
      assert.equal(row.meeting_number, null);
      assert.equal(row.passcode, null);
      assert.equal(row.join_url, null);
    }
    const qB = await gql('B', '{ classes { documentId } }');
    assert.ok(!qB.json.data.classes.some((c) => c.documentId === f.later));
    const staff = await gql('faculty', `{ class(documentId: "${f.later}") { passcode } }`);
    assert.equal(staff.json.data.class.passcode, 'secret1');
  });

  test('validation answers the contract messages', async () => {
    const cases = [
      [{ name: ' ' }, 'Name the class.'],
      [{ date: inMinutes(-60) }, 'The start is in the past.'],
      [{ duration_minutes: 4 }, 'A class lasts 5 to 600 minutes.'],
      [{ duration_minutes: 601 }, 'A class lasts 5 to 600 minutes.'],
      [{ meeting_number: '12345' }, 'A Zoom meeting number has 9 to 11 digits.'],
      [
        { provider: 'link', join_url: 'http://meet.example.org' },
        'A join link is an https:// address.',
      ],
      [
        { provider: 'link', join_url: 'javascript:alert(1)' },
        'A join link is an https:// address.',
      ],
      [
        { batches: [], is_public: false },
        'Choose the batches, a course, or make the class public.',
      ],
    ];
    for (const [extra, message] of cases) {
      expectError(await call('admin', 'POST', '/api/classes', zoomClass(extra)), 400, message);
    }
    // An unchanged past start may stay; a new one may not.
    const created = await ok('admin', 'POST', '/api/classes', zoomClass({ name: 'Past one' }));
    setStart(server, created.documentId, inMinutes(-120));
    const renamed = await ok('admin', 'PUT', `/api/classes/${created.documentId}`, {
      data: { name: 'Past one renamed' },
    });
    assert.equal(renamed.name, 'Past one renamed');
    expectError(
      await call('admin', 'PUT', `/api/classes/${created.documentId}`, {
        data: { date: inMinutes(-30) },
      }),
      400,
      'The start is in the past.',
    );
    // Only administrators delete.
    expectError(await call('faculty', 'DELETE', `/api/classes/${created.documentId}`), 403);
    const deleted = await call('admin', 'DELETE', `/api/classes/${created.documentId}`);
    assert.equal(deleted.status, 204, deleted.text);
  });
});

describe('joining', () => {
  test('a learner of the batch gets a signature inside the window; attendance is recorded', async () => {
    const live = await ok('faculty', 'POST', '/api/classes', zoomClass({ name: 'Starts soon' }));
    f.soon = live.documentId;
    const res = await call('A', 'POST', '/api/zoom/signature', { classId: f.soon });
    assert.equal(res.status, 200, res.text);
    const d = res.json.data;
    assert.equal(d.sdkKey, SDK_KEY);
    assert.equal(d.meetingNumber, '123456789');
    assert.equal(d.passcode, 'pw123');
    assert.equal(d.role, 0);
    assert.equal(d.zak, null);
    assert.equal(d.userEmail, users.A.email);
    assert.ok(d.userName);
    const claims = jwt.verify(d.signature, SDK_SECRET, { algorithms: ['HS256'] });
    assert.equal(claims.appKey, SDK_KEY);
    assert.equal(claims.sdkKey, SDK_KEY);
    assert.equal(String(claims.mn), '123456789');
    assert.equal(claims.role, 0);
    assert.equal(claims.exp - claims.iat, 7200);
    assert.equal(claims.tokenExp, claims.exp);
    assert.deepEqual(jwt.decode(d.signature, { complete: true }).header, {
      alg: 'HS256',
      typ: 'JWT',
    });
    const joins = server
      .database()
      .prepare(
        `SELECT a.via FROM attendances a JOIN attendances_class_lnk c ON c.attendance_id = a.id
          JOIN classes k ON k.id = c.class_id WHERE k.document_id = ?`,
      )
      .all(f.soon);
    assert.deepEqual(
      joins.map((j) => j.via),
      ['zoom'],
    );
    // The secret and the passcode are never in the log.
    const log = readFileSync(server.logFile, 'utf8');
    assert.ok(!log.includes(SDK_SECRET) && !log.includes('pw123'));
  });

  test('the signature refuses: no class, another batch, learner as host, outside the window, cancelled', async () => {
    expectError(await call('A', 'POST', '/api/zoom/signature', {}), 400, 'Name the class.');
    expectError(await call('B', 'POST', '/api/zoom/signature', { classId: f.soon }), 404);
    expectError(await call('A', 'POST', '/api/zoom/signature', { classId: 'nope' }), 404);
    const host = await call('A', 'POST', '/api/zoom/signature', { classId: f.soon, role: 1 });
    expectError(host, 403);
    expectError(
      await call('A', 'POST', '/api/zoom/signature', { classId: f.later }),
      403,
      'This class opens for joining 15 minutes before it starts.',
    );
    const ended = await ok('admin', 'POST', '/api/classes', zoomClass({ name: 'Ended' }));
    setStart(server, ended.documentId, inMinutes(-31));
    expectError(
      await call('A', 'POST', '/api/zoom/signature', { classId: ended.documentId }),
      403,
      'This class has ended.',
    );
    const cancelled = await ok('admin', 'POST', '/api/classes', zoomClass({ name: 'Off' }));
    await ok('admin', 'PUT', `/api/classes/${cancelled.documentId}`, { data: { cancelled: true } });
    expectError(
      await call('A', 'POST', '/api/zoom/signature', { classId: cancelled.documentId }),
      409,
      'This class was cancelled.',
    );
    expectError(
      await call('A', 'POST', `/api/live-classes/${cancelled.documentId}/join`),
      409,
      'This class was cancelled.',
    );
    expectError(await call(undefined, 'POST', '/api/zoom/signature', { classId: f.soon }), 401);
  });

  test('the class faculty hosts with a ZAK (token cached); without one, an attendee with a note', async () => {
    const first = await ok('faculty', 'POST', '/api/zoom/signature', { classId: f.soon, role: 1 });
    assert.equal(first.role, 1);
    assert.equal(first.zak, 'zak-123');
    assert.equal(first.hostNote, null);
    assert.equal(jwt.verify(first.signature, SDK_SECRET).role, 1);
    const second = await ok('admin', 'POST', '/api/zoom/signature', { classId: f.soon, role: 1 });
    assert.equal(second.zak, 'zak-123');
    assert.equal(zoom.oauthCalls, 1, 'the access token is cached');
    assert.equal(zoom.zakCalls, 2);
    zoom.failZak = true;
    const third = await ok('faculty', 'POST', '/api/zoom/signature', { classId: f.soon, role: 1 });
    zoom.failZak = false;
    assert.equal(third.role, 0);
    assert.equal(third.zak, null);
    assert.match(third.hostNote, /attendee/);
    assert.equal(jwt.verify(third.signature, SDK_SECRET).role, 0);
    // Staff joins are not attendance.
    const rows = await ok('faculty', 'GET', `/api/live-classes/${f.soon}/attendance`);
    assert.equal(rows.rows.filter((r) => r.present).length, 1);
  });

  test('link joins answer the link (recorded) or the room path for Zoom', async () => {
    const link = await ok('faculty', 'POST', '/api/classes', {
      data: {
        name: 'Link class',
        date: inMinutes(10),
        duration_minutes: 20,
        provider: 'link',
        join_url: 'https://meet.example.org/abc',
        batches: [f.batchX],
      },
    });
    f.link = link.documentId;
    assert.deepEqual(await ok('A', 'POST', `/api/live-classes/${f.link}/join`), {
      url: 'https://meet.example.org/abc',
    });
    assert.deepEqual(await ok('A', 'POST', `/api/live-classes/${f.soon}/join`), {
      url: `/zoom/${encodeURIComponent(f.soon)}`,
    });
    expectError(await call('B', 'POST', `/api/live-classes/${f.link}/join`), 404);
    expectError(
      await call('A', 'POST', `/api/live-classes/${f.later}/join`),
      403,
      'This class opens for joining 15 minutes before it starts.',
    );
    expectError(await call('A', 'POST', '/api/zoom/signature', { classId: f.link }), 400);
  });

  test('upcoming and config', async () => {
    const { data } = await ok('A', 'GET', '/api/live-classes/upcoming').then((d) => ({ data: d }));
    const soon = data.find((c) => c.documentId === f.soon);
    assert.ok(soon);
    assert.equal(soon.canJoinNow, true);
    assert.equal(soon.provider, 'zoom');
    assert.ok(!('passcode' in soon) && !('meeting_number' in soon));
    const later = data.find((c) => c.documentId === f.later);
    assert.equal(later.canJoinNow, false);
    assert.equal(Date.parse(later.joinOpensAt), Date.parse(later.date) - 15 * 60_000);
    assert.equal(Date.parse(later.endsAt), Date.parse(later.date) + 45 * 60_000);
    const dates = data.map((c) => Date.parse(c.date));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => a - b),
    );
    const ofCourse = await ok('A', 'GET', `/api/live-classes/upcoming?course=${f.courseC}`);
    assert.deepEqual(
      ofCourse.map((c) => c.documentId),
      [f.ofCourse],
    );
    const b = await ok('B', 'GET', '/api/live-classes/upcoming');
    assert.ok(!b.some((c) => c.documentId === f.soon));
    for (const role of ['A', 'faculty', 'admin']) {
      assert.deepEqual(await ok(role, 'GET', '/api/live-classes/config'), { zoomConfigured: true });
    }
  });
});

describe('attendance and calendar', () => {
  test('staff list attendance present/absent against the batch; export xlsx; my attendance', async () => {
    const res = await call('faculty', 'GET', `/api/live-classes/${f.soon}/attendance`);
    assert.equal(res.status, 200, res.text);
    const { data, meta } = res.json;
    assert.equal(data.class.documentId, f.soon);
    const a = data.rows.find((r) => r.studentDocumentId === users.A.student.documentId);
    assert.equal(a.present, true);
    assert.equal(a.joins, 1);
    assert.ok(a.firstJoinedAt);
    assert.equal(meta.present, 1);
    assert.equal(meta.total, data.rows.length);
    expectError(await call('faculty2', 'GET', `/api/live-classes/${f.soon}/attendance`), 404);
    expectError(await call('A', 'GET', `/api/live-classes/${f.soon}/attendance`), 403);
    const file = await fetch(`${server.baseUrl}/api/live-classes/${f.soon}/attendance/export`, {
      headers: { authorization: `Bearer ${tokens.faculty}` },
    });
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-disposition'), /attendance-Starts soon\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await file.arrayBuffer()));
    const sheet = book.worksheets[0];
    assert.equal(sheet.getRow(1).getCell(1).value, 'Name');
    assert.equal(sheet.rowCount, data.rows.length + 1);
    const mine = await call('A', 'GET', '/api/my-attendance?page=1&pageSize=20');
    assert.equal(mine.status, 200, mine.text);
    assert.ok(mine.json.data.some((r) => r.class.documentId === f.soon));
    assert.ok(mine.json.data.some((r) => r.class.documentId === f.link));
    assert.equal(mine.json.meta.pagination.total, mine.json.data.length);
    assert.deepEqual(await ok('B', 'GET', '/api/my-attendance'), []);
    expectError(await call('faculty', 'GET', '/api/my-attendance'), 403);
    // Nobody writes or reads attendance rows through the generic API.
    for (const role of ['A', 'faculty', 'admin']) {
      const post = await call(role, 'POST', '/api/attendances', { data: { via: 'zoom' } });
      assert.ok([403, 404, 405].includes(post.status), `${role}: ${post.status}`);
      const q = await gql(role, '{ attendances { documentId } }');
      assert.ok(q.json.errors?.length || !q.json.data?.attendances?.length, q.text);
    }
  });

  test('the .ics file: UTC times, escaped text, CRLF; only for who sees the class', async () => {
    const live = await ok('admin', 'POST', '/api/classes', {
      data: {
        name: 'Rights, duties; and more',
        date: '2031-03-04T05:06:00.000Z',
        duration_minutes: 90,
        provider: 'link',
        join_url: 'https://meet.example.org/x',
        batches: [f.batchX],
      },
    });
    const res = await fetch(`${server.baseUrl}/api/live-classes/${live.documentId}/calendar`, {
      headers: { authorization: `Bearer ${tokens.A}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/calendar/);
    assert.match(
      res.headers.get('content-disposition'),
      /attachment; filename="Rights_ duties_ and more\.ics"/,
    );
    const text = await res.text();
    assert.ok(text.startsWith('BEGIN:VCALENDAR\r\n'));
    assert.ok(text.endsWith('END:VCALENDAR\r\n'));
    assert.ok(!/[^\r]\n/.test(text), 'CRLF only');
    assert.match(text, /\r\nDTSTART:20310304T050600Z\r\n/);
    assert.match(text, /\r\nDTEND:20310304T063600Z\r\n/);
    assert.match(text, /\r\nSUMMARY:Rights\\, duties\\; and more\r\n/);
    assert.ok(!text.includes('meet.example.org/x'), 'no join link in the file');
    expectError(await call('B', 'GET', `/api/live-classes/${live.documentId}/calendar`), 404);
  });
});

describe('notifications', () => {
  test('a change and a cancellation tell the learners and faculty once each', async () => {
    const live = await ok('faculty', 'POST', '/api/classes', {
      data: {
        name: 'To move',
        date: inMinutes(3000),
        provider: 'link',
        join_url: 'https://meet.example.org/m',
        batches: [f.batchX],
      },
    });
    const created = notices(live.documentId);
    assert.ok(created.some((n) => n.user_id === users.A.id && /scheduled/.test(n.message)));
    assert.ok(!created.some((n) => n.user_id === users.B.id));
    await ok('faculty', 'PUT', `/api/classes/${live.documentId}`, { data: { name: 'Renamed' } });
    assert.equal(notices(live.documentId).length, created.length, 'a rename tells nobody');
    await ok('faculty', 'PUT', `/api/classes/${live.documentId}`, {
      data: { date: inMinutes(4000) },
    });
    const changed = notices(live.documentId).filter((n) => /changed/.test(n.message));
    assert.deepEqual(
      changed.map((n) => n.user_id).sort((a, b) => a - b),
      [users.faculty.id, users.A.id].sort((a, b) => a - b),
    );
    assert.equal(changed[0].link, '/live-classes');
    await ok('faculty', 'PUT', `/api/classes/${live.documentId}`, { data: { cancelled: true } });
    const off = notices(live.documentId).filter((n) => /cancelled/.test(n.message));
    assert.equal(off.length, 2);
    const upcoming = await ok('A', 'GET', '/api/live-classes/upcoming');
    assert.equal(upcoming.find((c) => c.documentId === live.documentId).cancelled, true);
  });
});

describe('the room and a server without Zoom keys', () => {
  test('/zoom/* is cross-origin isolated; the rest of the site is not', async () => {
    const room = await fetch(`${server.baseUrl}/zoom/${encodeURIComponent(f.soon)}`);
    assert.equal(room.status, 200);
    assert.equal(room.headers.get('cross-origin-opener-policy'), 'same-origin');
    assert.equal(room.headers.get('cross-origin-embedder-policy'), 'credentialless');
    // The SDK's scripts and workers from Zoom's CDN are allowed in the room only.
    assert.match(
      room.headers.get('content-security-policy') ?? '',
      /script-src [^;]*https:\/\/source\.zoom\.us/,
    );
    for (const path of ['/', '/live-classes', '/course/x']) {
      const page = await fetch(`${server.baseUrl}${path}`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cross-origin-embedder-policy'), null, path);
      assert.doesNotMatch(page.headers.get('content-security-policy') ?? '', /zoom/, path);
    }
  });

  test('not configured: 503 with the message, config false, the start-up log says so, 429 past the limit', async () => {
    const bare = await startServer({
      extraEnv: { ZOOM_SDK_KEY: '', ZOOM_SDK_SECRET: '', ZOOM_SIGNATURE_PER_MINUTE: '2' },
    });
    try {
      const other = asRoles(() => bare);
      await other.signIn([
        ['admin', 'admin'],
        ['A', 'student1'],
      ]);
      assert.deepEqual(await other.ok('A', 'GET', '/api/live-classes/config'), {
        zoomConfigured: false,
      });
      const batch = (
        await other.ok('admin', 'POST', '/api/batches', {
          data: { Batch: 'Bare', students: [other.users.A.student.documentId] },
        })
      ).documentId;
      const live = await other.ok('admin', 'POST', '/api/classes', {
        data: {
          name: 'Zoom here',
          date: inMinutes(5),
          provider: 'zoom',
          meeting_number: '12345678901',
          batches: [batch],
        },
      });
      for (let i = 0; i < 2; i += 1) {
        expectError(
          await other.call('A', 'POST', '/api/zoom/signature', { classId: live.documentId }),
          503,
          NOT_CONFIGURED,
        );
      }
      expectError(
        await other.call('A', 'POST', '/api/zoom/signature', { classId: live.documentId }),
        429,
      );
      assert.ok(readFileSync(bare.logFile, 'utf8').includes(NOT_CONFIGURED));
      // The readiness output says so too, to anyone (no sign-in, nothing secret).
      const ready = await bare.request('GET', '/api/readiness');
      assert.equal(ready.status, 200, ready.text);
      assert.equal(ready.json.status, 'ready');
      assert.deepEqual(ready.json.checks.zoom, { ok: false, detail: NOT_CONFIGURED });
      assert.equal(ready.json.checks.database.ok, true);
      const configured = await server.request('GET', '/api/readiness');
      assert.equal(configured.json.checks.zoom.ok, true, configured.text);
      assert.ok(!configured.text.includes(server.env.ZOOM_SDK_SECRET));
    } finally {
      await bare.stop();
    }
  });
});
