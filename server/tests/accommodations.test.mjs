// Accommodations (issue 23): a learner's or a batch's extra time (minutes, percent), extra
// attempts and personal window on one test, set by staff through /api/tests/:id/accommodations and
// applied by the server at the start (expires_at, the attempt count, the window checks) and in the
// learner's list. Learners never read or write them. One boot on SQLite, then (with
// TEST_DATABASE_URL) one on PostgreSQL for the start's expiry, window and batch rule.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { startServer } from './helpers/server.mjs';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';

const minute = 60_000;
const hour = 60 * minute;
const at = (offset) => new Date(Date.now() + offset).toISOString();

/** The calls of one booted server (SQLite or PostgreSQL). */
const suite = (getServer) => {
  const roles = asRoles(getServer);
  const { users, call, ok } = roles;
  const me = (role) => users[role].student.documentId;

  /** A test of A and B with one question (and `data` over the defaults). */
  const makeTest = async (data) => {
    const made = await testWithQuestions(
      ok,
      { MaximumMarks: 2, students: [me('A'), me('B')], ...data },
      [mcq(`Q of ${data.TestName}?`, { points_correct_answer: 2 })],
    );
    return made.test.documentId;
  };
  const accommodate = (testId, data, role = 'admin') =>
    ok(role, 'POST', `/api/tests/${testId}/accommodations`, { data });
  const start = (role, testId) => call(role, 'POST', '/api/test/prelims/initialize', { testId });
  /** Minutes between the attempt's start and its expiry. */
  const minutesOf = (attempt) =>
    (new Date(attempt.expires_at).getTime() - new Date(attempt.start_date_time).getTime()) / minute;
  const myTest = async (role, testId) =>
    (await ok(role, 'GET', '/api/test/prelims/my-tests?pageSize=100')).find(
      (t) => t.documentId === testId,
    );
  /**
   * A Mains test (a descriptive question) of A and B: A's accommodation (extra time, a personal
   * window) applies to the Mains start, the deadline and the learner's list as to an MCQ test.
   */
  const mainsCase = async (name) => {
    const t = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 30,
        MaximumMarks: 10,
        ValidTo: at(3 * hour),
        students: [me('A'), me('B')],
      },
    });
    await ok('admin', 'POST', '/api/questions', {
      data: {
        question: `Write (${name}).`,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        test: t.documentId,
      },
    });
    const windowTo = at(5 * hour);
    await accommodate(t.documentId, { student: me('A'), extra_minutes: 15, window_to: windowTo });
    const mainsItem = async (role) =>
      (await ok(role, 'GET', '/api/mains/my-work?kind=test&pageSize=100')).find(
        (w) => w.documentId === t.documentId,
      );
    const listed = await mainsItem('A');
    assert.equal(listed.durationMinutes, 45);
    assert.equal(listed.closesAt, windowTo);
    assert.equal((await mainsItem('B')).durationMinutes, 30);
    const a = await ok('A', 'POST', '/api/mains/start', { kind: 'test', documentId: t.documentId });
    assert.equal(minutesOf(a.attempt), 45);
    const read = await ok('A', 'GET', `/api/mains/attempts/${a.attempt.documentId}`);
    assert.equal(read.attempt.expires_at, a.attempt.expires_at);
    const b = await ok('B', 'POST', '/api/mains/start', { kind: 'test', documentId: t.documentId });
    assert.equal(minutesOf(b.attempt), 30);
  };

  return { ...roles, me, makeTest, accommodate, start, minutesOf, myTest, mainsCase };
};

describe('accommodations on SQLite', () => {
  let server;
  const s = suite(() => server);
  const { call, ok, gql, me, makeTest, accommodate, start, minutesOf, myTest } = s;

  before(async () => {
    server = await startServer();
    await s.signIn([
      ['admin', 'admin'],
      ['faculty', 'faculty'],
      ['A', 'student1'],
      ['B', 'student2'],
    ]);
  });

  after(async () => {
    await server?.stop();
  });

  test('extra minutes and percent lengthen the attempt; the list shows the learner their time', async () => {
    const t = await makeTest({ TestName: 'Acc time' });
    const acc = await accommodate(t, {
      student: me('A'),
      extra_minutes: 10,
      extra_percent: 50,
      note: 'Scribe',
    });
    assert.equal(acc.student.documentId, me('A'));
    assert.equal(acc.batch, null);
    const listed = await myTest('A', t);
    assert.equal(listed.TestDuration, 30);
    assert.equal(listed.effectiveDuration, 55);
    assert.equal(listed.extraMinutes, 25);
    assert.equal(listed.accommodated, true);
    // The start page asks for this one test only.
    const one = await ok('A', 'GET', `/api/test/prelims/my-tests?testId=${t}`);
    assert.deepEqual(
      one.map((x) => [x.documentId, x.effectiveDuration]),
      [[t, 55]],
    );
    const a = await start('A', t);
    assert.equal(a.status, 201, a.text);
    assert.equal(minutesOf(a.json.data.attempt), 55);
    // B has none: the test's own 30 minutes.
    const other = await myTest('B', t);
    assert.equal(other.effectiveDuration, 30);
    assert.equal(other.extraMinutes, 0);
    assert.equal(other.accommodated, false);
    const b = await start('B', t);
    assert.equal(minutesOf(b.json.data.attempt), 30);
  });

  test('extra attempts allow one more start', async () => {
    const t = await makeTest({ TestName: 'Acc attempts', max_attempts: 1 });
    await accommodate(t, { student: me('A'), extra_attempts: 1 });
    assert.equal((await myTest('A', t)).max_attempts, 2);
    for (const expected of [201, 201, 403]) {
      const res = await start('A', t);
      assert.equal(res.status, expected, res.text);
      if (res.status === 201) {
        await ok('A', 'POST', '/api/test/prelims/submit', {
          attemptId: res.json.data.attempt.documentId,
        });
      }
    }
    const b = await start('B', t);
    await ok('B', 'POST', '/api/test/prelims/submit', {
      attemptId: b.json.data.attempt.documentId,
    });
    assert.equal((await start('B', t)).status, 403);
  });

  test('the answer key waits for the extra attempt (review after the last attempt)', async () => {
    const t = await makeTest({
      TestName: 'Acc review',
      max_attempts: 1,
      review_answer_key: 'after_last_attempt',
    });
    await accommodate(t, { student: me('A'), extra_attempts: 1 });
    const sit = async (role) => {
      const res = await start(role, t);
      assert.equal(res.status, 201, res.text);
      const done = await ok(role, 'POST', '/api/test/prelims/submit', {
        attemptId: res.json.data.attempt.documentId,
      });
      return ok(role, 'GET', `/api/test/prelims/results/${done.result.documentId}`);
    };
    const b = await sit('B');
    assert.equal(b.review.answerKeyShown, true);
    const first = await sit('A');
    assert.equal(first.review.answerKeyShown, false);
    const second = await sit('A');
    assert.equal(second.review.answerKeyShown, true);
  });

  test('a personal window replaces the test window (start and list) and caps the expiry', async () => {
    // The test opens tomorrow; A's window is now, ending in 10 minutes.
    const later = await makeTest({
      TestName: 'Acc window later',
      ValidFrom: at(24 * hour),
      ValidTo: at(48 * hour),
    });
    await accommodate(later, {
      student: me('A'),
      window_from: at(-hour),
      window_to: at(10 * minute),
    });
    const listed = await myTest('A', later);
    assert.equal(listed.isOpen, true);
    assert.equal(listed.ValidFrom !== null && new Date(listed.ValidFrom) < new Date(), true);
    assert.equal((await myTest('B', later)).isOpen, false);
    const a = await start('A', later);
    assert.equal(a.status, 201, a.text);
    const minutes = minutesOf(a.json.data.attempt);
    assert.ok(minutes > 9 && minutes <= 10, `capped by the window end: ${minutes}`);
    assert.equal((await start('B', later)).status, 403);

    // The test is open now; A's own window is tomorrow: A is refused today.
    const now = await makeTest({
      TestName: 'Acc window now',
      ValidFrom: at(-hour),
      ValidTo: at(hour),
    });
    await accommodate(now, {
      student: me('A'),
      window_from: at(24 * hour),
      window_to: at(25 * hour),
    });
    const refused = await start('A', now);
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.json.error.message, /opens on/);
    assert.equal((await myTest('A', now)).isOpen, false);
    assert.equal((await start('B', now)).status, 201);
  });

  test("a batch's accommodation applies to its learners; the learner's own wins", async () => {
    const batch = await ok('admin', 'POST', '/api/batches', {
      data: { Batch: 'Acc batch', students: [me('A'), me('B')] },
    });
    const t = await makeTest({ TestName: 'Acc batch' });
    await accommodate(t, { batch: batch.documentId, extra_minutes: 20 });
    await accommodate(t, { student: me('A'), extra_minutes: 5 });
    assert.equal((await myTest('B', t)).effectiveDuration, 50);
    assert.equal((await myTest('A', t)).effectiveDuration, 35);
    assert.equal(minutesOf((await start('B', t)).json.data.attempt), 50);
    assert.equal(minutesOf((await start('A', t)).json.data.attempt), 35);
  });

  test('a Mains test follows the accommodation: the start, the deadline and the list', async () => {
    await s.mainsCase('Acc mains');
  });

  test('staff list, change and delete; faculty too; one per learner or batch', async () => {
    const t = await makeTest({ TestName: 'Acc crud' });
    const made = await accommodate(t, { student: me('A'), extra_minutes: 5 }, 'faculty');
    const dup = await call('admin', 'POST', `/api/tests/${t}/accommodations`, {
      data: { student: me('A') },
    });
    assert.equal(dup.status, 409, dup.text);
    const changed = await ok(
      'faculty',
      'PUT',
      `/api/tests/${t}/accommodations/${made.documentId}`,
      {
        data: { extra_percent: 10, note: 'Changed' },
      },
    );
    assert.equal(changed.extra_minutes, 5);
    assert.equal(changed.extra_percent, 10);
    assert.equal(changed.note, 'Changed');
    assert.equal((await myTest('A', t)).effectiveDuration, 38);
    const list = await ok('admin', 'GET', `/api/tests/${t}/accommodations`);
    assert.deepEqual(
      list.map((a) => [a.documentId, a.student?.documentId]),
      [[made.documentId, me('A')]],
    );
    await ok('admin', 'DELETE', `/api/tests/${t}/accommodations/${made.documentId}`);
    assert.deepEqual(await ok('admin', 'GET', `/api/tests/${t}/accommodations`), []);
    assert.equal((await myTest('A', t)).effectiveDuration, 30);
  });

  test('bad input is a 400 that changes nothing', async () => {
    const t = await makeTest({ TestName: 'Acc validation' });
    const kept = await accommodate(t, { student: me('B'), extra_minutes: 7 });
    const batch = await ok('admin', 'POST', '/api/batches', { data: { Batch: 'Acc batch 2' } });
    const cases = [
      [{ student: me('A'), batch: batch.documentId }, 'Name exactly one learner or one batch.'],
      [{ extra_minutes: 5 }, 'Name exactly one learner or one batch.'],
      [{ student: me('A'), extra_minutes: -1 }, 'Extra minutes cannot be negative.'],
      [{ student: me('A'), extra_attempts: -2 }, 'Extra attempts cannot be negative.'],
      [{ student: me('A'), extra_percent: 301 }, 'Extra percent cannot be more than 300.'],
      [{ student: me('A'), extra_minutes: 1.5 }, 'Extra minutes must be a whole number.'],
      [
        { student: me('A'), window_from: at(2 * hour), window_to: at(hour) },
        'The window end must be after its start.',
      ],
      [{ student: me('A'), window_to: 'soon' }, 'Window end is not a date.'],
      [{ student: 'no-such-learner' }, 'Unknown learner.'],
    ];
    for (const [data, message] of cases) {
      const res = await call('admin', 'POST', `/api/tests/${t}/accommodations`, { data });
      assert.equal(res.status, 400, `${JSON.stringify(data)}: ${res.text}`);
      assert.equal(res.json.error.message, message);
    }
    const put = await call('admin', 'PUT', `/api/tests/${t}/accommodations/${kept.documentId}`, {
      data: { extra_percent: 400 },
    });
    assert.equal(put.status, 400, put.text);
    const list = await ok('admin', 'GET', `/api/tests/${t}/accommodations`);
    assert.equal(list.length, 1);
    assert.equal(list[0].extra_minutes, 7);
    assert.equal(list[0].extra_percent, 0);
    assert.equal((await myTest('A', t)).accommodated, false);
  });

  test('learners cannot read or write accommodations (REST, GraphQL)', async () => {
    const t = await makeTest({ TestName: 'Acc private' });
    const acc = await accommodate(t, { student: me('A'), extra_minutes: 5, note: 'Medical' });
    const refused = (res) => res.status >= 400 || Boolean(res.json?.errors?.length);
    for (const role of ['A', 'B']) {
      assert.equal((await call(role, 'GET', `/api/tests/${t}/accommodations`)).status, 403);
      const post = await call(role, 'POST', `/api/tests/${t}/accommodations`, {
        data: { student: me(role), extra_minutes: 100 },
      });
      assert.equal(post.status, 403, post.text);
      const put = await call(role, 'PUT', `/api/tests/${t}/accommodations/${acc.documentId}`, {
        data: { extra_minutes: 100 },
      });
      assert.equal(put.status, 403, put.text);
      const del = await call(role, 'DELETE', `/api/tests/${t}/accommodations/${acc.documentId}`);
      assert.equal(del.status, 403, del.text);
      const rest = await call(role, 'GET', '/api/accommodations');
      assert.ok([403, 404, 405].includes(rest.status), `${role}: ${rest.status}`);
      const read = await gql(role, '{ accommodations { documentId note } }');
      assert.ok(refused(read), `${role}: ${read.text.slice(0, 200)}`);
      const write = await gql(
        role,
        'mutation { createAccommodation(data: { extra_minutes: 100 }) { documentId } }',
      );
      assert.ok(refused(write), `${role}: ${write.text.slice(0, 200)}`);
      const test = await call(role, 'GET', `/api/tests/${t}?populate=*`);
      assert.ok(!test.text.includes('Medical'), test.text.slice(0, 400));
    }
    // Staff have no generic reads of the rows either: only the test's calls.
    const staffRead = await gql('admin', '{ accommodations { documentId } }');
    assert.ok(refused(staffRead), staffRead.text.slice(0, 200));
    const list = await ok('admin', 'GET', `/api/tests/${t}/accommodations`);
    assert.equal(list[0].extra_minutes, 5);
  });
});

describe('accommodations on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let db;
  let server;
  const s = suite(() => server);
  const { ok, me, makeTest, accommodate, start, minutesOf, myTest } = s;

  before(async () => {
    db = await createSeededDatabase();
    server = await startServer({ databaseUrl: db.url });
    await s.signIn([
      ['admin', 'admin'],
      ['A', 'student1'],
      ['B', 'student2'],
    ]);
  });

  after(async () => {
    await server?.stop();
    await db?.drop();
  });

  test('a Mains test follows the accommodation on PostgreSQL too', async () => {
    await s.mainsCase('PG acc mains');
  });

  test('time, window and batch rules at the start', async () => {
    const batch = await ok('admin', 'POST', '/api/batches', {
      data: { Batch: 'PG acc batch', students: [me('B')] },
    });
    const t = await makeTest({
      TestName: 'PG acc',
      ValidFrom: at(24 * hour),
      ValidTo: at(48 * hour),
    });
    await accommodate(t, {
      student: me('A'),
      extra_percent: 100,
      window_from: at(-hour),
      window_to: at(2 * hour),
    });
    await accommodate(t, {
      batch: batch.documentId,
      extra_minutes: 15,
      extra_attempts: 1,
      window_from: at(-hour),
      window_to: at(2 * hour),
    });
    assert.equal((await myTest('A', t)).effectiveDuration, 60);
    assert.equal((await myTest('B', t)).max_attempts, 2);
    const a = await start('A', t);
    assert.equal(a.status, 201, a.text);
    assert.equal(minutesOf(a.json.data.attempt), 60);
    const b = await start('B', t);
    assert.equal(b.status, 201, b.text);
    assert.equal(minutesOf(b.json.data.attempt), 45);
  });
});
