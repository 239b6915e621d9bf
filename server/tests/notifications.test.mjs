// Notifications (issue 20): the top-5 answer, read-all, one's own rows only (REST and GraphQL),
// an administrator's message, preferences, the event stream, emails and retention. One boot.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer } from './helpers/server.mjs';
import { asRoles } from './helpers/roles.mjs';
import { openEventStream } from './helpers/event-stream.mjs';

let server;
const { tokens, users, call, ok, gql, signIn } = asRoles(() => server);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const message = (to, text, extra = {}) =>
  ok('admin', 'POST', '/api/notifications', { data: { message: text, to_user: to, ...extra } });

const top = (role, query = '') =>
  call(role, 'GET', `/api/top-notifications?userId=${users[role].id}${query}`);

const mailsTo = (to) => server.mailsTo(to);

before(async () => {
  server = await startServer({
    extraEnv: {
      NOTIFICATION_EMAIL_RULE: '*/1 * * * * *',
      NOTIFICATION_SWEEP_RULE: '*/2 * * * * *',
      NOTIFICATION_STREAM_POLL_MS: '200',
    },
  });
  await signIn([
    ['admin', 'admin'],
    ['faculty', 'faculty'],
    ['student', 'student1'],
    ['student2', 'student2'],
  ]);
  // A clean bell for the learner: the demo's notification is read.
  await ok('student', 'PUT', '/api/read-all-notifications', { userId: users.student.id });
});

after(async () => {
  await server?.stop();
});

describe('top notifications and read-all', () => {
  test('the newest 5 with total and unread, the unread-only flag, and read-all', async () => {
    const before = (await top('student')).json.meta;
    for (let i = 1; i <= 7; i += 1) {
      await message(users.student.id, `Notice ${i}`, { link: '/course' });
    }
    const res = await top('student');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.json.data.map((n) => n.message),
      ['Notice 7', 'Notice 6', 'Notice 5', 'Notice 4', 'Notice 3'],
    );
    assert.deepEqual(res.json.meta, { total: before.total + 7, unread: before.unread + 7 });
    const first = res.json.data[0];
    assert.equal(first.kind, 'message');
    assert.equal(first.link, '/course');
    assert.equal(first.read, false);
    assert.ok(first.documentId && first.createdAt);
    assert.equal('email_pending' in first, false);

    // Mark one read through the core route: only `read` is writable.
    await ok('student', 'PUT', `/api/notifications/${first.documentId}`, {
      data: { read: true, message: 'changed' },
    });
    const after = await top('student', '&unread=true');
    assert.equal(after.json.data.length, 5);
    assert.ok(after.json.data.every((n) => n.read === false && n.message !== 'Notice 7'));
    assert.equal(after.json.meta.unread, before.unread + 6);
    const one = await ok('student', 'GET', `/api/notifications/${first.documentId}`);
    assert.equal(one.message, 'Notice 7');

    // Read-all: the learner's own rows only.
    await message(users.student2.id, 'For the other learner');
    const otherBefore = (await top('student2')).json.meta.unread;
    const all = await ok('student', 'PUT', '/api/read-all-notifications', {
      userId: users.student.id,
    });
    assert.equal(all.updated, 6);
    assert.equal((await top('student')).json.meta.unread, 0);
    assert.equal((await top('student2')).json.meta.unread, otherBefore);
  });

  test("another user's id is refused, not trusted, and changes nothing", async () => {
    await message(users.student2.id, 'Still unread');
    const unread = (await top('student2')).json.meta.unread;
    const res = await call('student', 'GET', `/api/top-notifications?userId=${users.student2.id}`);
    assert.equal(res.status, 403, res.text);
    const put = await call('student', 'PUT', '/api/read-all-notifications', {
      userId: users.student2.id,
    });
    assert.equal(put.status, 403, put.text);
    assert.equal((await top('student2')).json.meta.unread, unread);
    // No userId: the session's user.
    const mine = await call('student', 'GET', '/api/top-notifications');
    assert.equal(mine.status, 200);
    // No session: refused before the controller.
    const anonymous = await call(undefined, 'GET', '/api/top-notifications');
    assert.ok([401, 403].includes(anonymous.status), anonymous.text);
  });
});

describe('own rows only', () => {
  test("a learner cannot read, mark or delete another's notifications (REST and GraphQL)", async () => {
    await message(users.student2.id, 'Private to learner 2');
    const theirs = (await call('student2', 'GET', '/api/top-notifications')).json.data[0];
    assert.equal(theirs.message, 'Private to learner 2');
    const list = await ok('student', 'GET', '/api/notifications?pagination[pageSize]=100');
    assert.ok(list.every((n) => n.documentId !== theirs.documentId));
    assert.equal(
      (await call('student', 'GET', `/api/notifications/${theirs.documentId}`)).status,
      404,
    );
    const put = await call('student', 'PUT', `/api/notifications/${theirs.documentId}`, {
      data: { read: true },
    });
    assert.ok([403, 404].includes(put.status), put.text);
    assert.equal(
      (await call('student', 'DELETE', `/api/notifications/${theirs.documentId}`)).status,
      403,
    );
    const q = await gql(
      'student',
      '{ notifications(pagination: { limit: 100 }) { documentId message } }',
    );
    assert.ok(
      (q.json.data?.notifications ?? []).every((n) => n.documentId !== theirs.documentId),
      q.text,
    );
    const m = await gql(
      'student',
      `mutation { updateNotification(documentId: "${theirs.documentId}", data: { read: true }) { read } }`,
    );
    assert.ok(m.json.errors?.length, m.text);
    const still = (await call('student2', 'GET', '/api/top-notifications')).json.data[0];
    assert.equal(still.read, false);
  });

  test("an administrator's bell and list are their own too", async () => {
    await message(users.student.id, 'Not for the admin');
    const list = await ok('admin', 'GET', '/api/notifications?pagination[pageSize]=100');
    assert.ok(list.every((n) => n.message !== 'Not for the admin'));
  });

  test('only administrators send messages; bad input is a 400 and writes nothing', async () => {
    for (const role of ['faculty', 'student']) {
      const res = await call(role, 'POST', '/api/notifications', {
        data: { message: 'Hi', to_user: users.student2.id },
      });
      assert.equal(res.status, 403, `${role}: ${res.text}`);
    }
    const total = (await top('student2')).json.meta.total;
    for (const data of [
      { message: '', to_user: users.student2.id },
      { message: 'x'.repeat(501), to_user: users.student2.id },
      { message: 'Hi', to_user: users.student2.id, link: 'https://evil.example' },
      { message: 'Hi', to_user: users.student2.id, link: '//evil.example' },
      { message: 'Hi', to_user: users.student2.id, link: 'javascript:alert(1)' },
      { message: 'Hi' },
      { message: 'Hi', to_user: 999999 },
    ]) {
      const res = await call('admin', 'POST', '/api/notifications', { data });
      assert.equal(res.status, 400, `${JSON.stringify(data).slice(0, 80)}: ${res.text}`);
    }
    assert.equal((await top('student2')).json.meta.total, total);
    // Text, never HTML: stored as sent, with the learner as `student` reaching their account.
    const student = await ok('student2', 'GET', '/api/users/me?populate=student');
    await message(undefined, '<b>Exam</b> moved', { student: student.student?.documentId });
    const newest = (await top('student2')).json.data[0];
    assert.equal(newest.message, '<b>Exam</b> moved');
  });
});

describe('preferences', () => {
  test("a role's kinds with defaults; unknown kinds are refused and nothing is saved", async () => {
    const prefs = await ok('student', 'GET', '/api/notification-preferences');
    const kinds = Object.fromEntries(prefs.kinds.map((k) => [k.kind, k]));
    assert.equal(kinds['marks-published'].email, true);
    assert.equal(kinds['marks-published'].inApp, true);
    assert.equal(kinds['work-available'].email, false);
    assert.equal(kinds['import-finished'], undefined);
    const bad = await call('student', 'PUT', '/api/notification-preferences', {
      data: {
        kinds: [
          { kind: 'message', inApp: false, email: false },
          { kind: 'import-finished', inApp: false, email: false },
        ],
      },
    });
    assert.equal(bad.status, 400, bad.text);
    const again = await ok('student', 'GET', '/api/notification-preferences');
    assert.deepEqual(again, prefs);
    const notBool = await call('student', 'PUT', '/api/notification-preferences', {
      data: { kinds: [{ kind: 'message', inApp: 'no', email: false }] },
    });
    assert.equal(notBool.status, 400);
  });

  test('in-app off writes nothing unread; email on sends through the outbox', async () => {
    await ok('student2', 'PUT', '/api/notification-preferences', {
      data: { kinds: [{ kind: 'message', inApp: false, email: true }] },
    });
    const { unread } = (await top('student2')).json.meta;
    const res = await message(users.student2.id, 'Timetable changed', { link: '/course' });
    assert.equal(res.notified, 1);
    assert.equal((await top('student2')).json.meta.unread, unread);
    let mail;
    for (let waited = 0; waited < 15_000 && !mail; waited += 250) {
      mail = mailsTo(users.student2.email).find((m) => m.text?.includes('Timetable changed'));
      if (!mail) await sleep(250);
    }
    assert.ok(mail, 'no email');
    assert.ok(mail.text.includes(`${server.baseUrl}/course`), mail.text);
    // Both off: nothing at all.
    await ok('student2', 'PUT', '/api/notification-preferences', {
      data: { kinds: [{ kind: 'message', inApp: false, email: false }] },
    });
    assert.equal((await message(users.student2.id, 'Silent')).notified, 0);
    await ok('student2', 'PUT', '/api/notification-preferences', {
      data: { kinds: [{ kind: 'message', inApp: true, email: false }] },
    });
  });
});

describe('the event stream', () => {
  test('sends the counts at once and again when a notice arrives; 8 tabs per user at most', async () => {
    const stream = await openEventStream(
      server.baseUrl,
      '/api/notifications/stream',
      tokens.faculty,
    );
    try {
      const first = await stream.next('notifications');
      const counts = JSON.parse(first.data);
      assert.equal(typeof counts.unread, 'number');
      await message(users.faculty.id, 'Staff meeting at 4');
      const second = JSON.parse((await stream.next('notifications', 5_000)).data);
      assert.equal(second.unread, counts.unread + 1);
      await ok('faculty', 'PUT', '/api/read-all-notifications', { userId: users.faculty.id });
      assert.equal(JSON.parse((await stream.next('notifications', 5_000)).data).unread, 0);
    } finally {
      stream.close();
    }
    const tabs = [];
    try {
      for (let i = 0; i < 8; i += 1) {
        tabs.push(
          await openEventStream(server.baseUrl, '/api/notifications/stream', tokens.student2),
        );
      }
      const ninth = await call('student2', 'GET', '/api/notifications/stream');
      assert.equal(ninth.status, 429, ninth.text);
    } finally {
      for (const tab of tabs) tab.close();
    }
    // A closed tab releases its place.
    await sleep(300);
    const again = await openEventStream(
      server.baseUrl,
      '/api/notifications/stream',
      tokens.student2,
    );
    again.close();
    const anonymous = await fetch(`${server.baseUrl}/api/notifications/stream`);
    assert.ok([401, 403].includes(anonymous.status));
    await anonymous.body?.cancel();
  });
});

describe('retention', () => {
  test('notifications older than 180 days are pruned by the sweep', async () => {
    await message(users.student.id, 'Old news');
    const db = server.database();
    const row = db
      .prepare("SELECT id FROM notifications WHERE message = 'Old news' ORDER BY id DESC")
      .get();
    db.prepare('UPDATE notifications SET created_at = ? WHERE id = ?').run(
      Date.now() - 181 * 86_400_000,
      row.id,
    );
    let gone = false;
    for (let waited = 0; waited < 10_000 && !gone; waited += 250) {
      gone = !db.prepare('SELECT id FROM notifications WHERE id = ?').get(row.id);
      if (!gone) await sleep(250);
    }
    assert.ok(gone, 'not pruned');
    assert.equal(
      db
        .prepare('SELECT COUNT(*) AS n FROM notifications_to_user_lnk WHERE notification_id = ?')
        .get(row.id).n,
      0,
    );
  });
});
