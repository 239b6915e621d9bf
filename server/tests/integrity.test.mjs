// The integrity log (issue 23): events ride with the answer saves and the submit (bad entries
// dropped, the answer kept; a non-array refused before anything is saved), bounded per save and
// per attempt, an IP change recorded by the server, the staff endpoint scoped like results (faculty
// their batches' learners; learners refused), the count column of the results list and its export.
// TRUST_PROXY makes X-Forwarded-For the request's IP, so a test can change it. One boot.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { mcq } from './helpers/fixtures.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { DEMO, startServer } from './helpers/server.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');

let server;
const { tokens, users, call: callOn, ok: okOn, signIn } = asRoles(() => server);
const f = {};

/** As helpers/roles.mjs's, with request headers (X-Forwarded-For) last. */
const call = (role, method, path, body, headers) =>
  callOn(role, method, path, body, undefined, headers);
const ok = (role, method, path, body, headers) =>
  okOn(role, method, path, body, undefined, headers);

const IP1 = { 'X-Forwarded-For': '203.0.113.10' };
const IP2 = { 'X-Forwarded-For': '198.51.100.7' };
const at = () => new Date().toISOString();
const save = (answerId, data, headers = IP1) =>
  call('A', 'PUT', `/api/answers/${answerId}`, { data }, headers);

const storedEvents = (attemptDocumentId) =>
  server
    .database()
    .prepare(
      `SELECT e.kind, e.detail FROM app_attempt_events e JOIN attempts a ON a.id = e.attempt_id
       WHERE a.document_id = ? ORDER BY e.id`,
    )
    .all(attemptDocumentId);

const makeTest = async (name) => {
  const test = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 30,
      MaximumMarks: 4,
      max_attempts: 5,
      students: [users.A.student.documentId],
      batch: f.batch,
    },
  });
  for (const i of [1, 2]) {
    await ok('admin', 'POST', '/api/questions', {
      data: mcq(`Q${i} of ${name}?`, { points_correct_answer: 2, test: test.documentId }),
    });
  }
  return test.documentId;
};

before(async () => {
  server = await startServer({ extraEnv: { TRUST_PROXY: 'true' } });
  await signIn([
    ['A', 'student1'],
    ['faculty', 'faculty'],
    ['faculty2', 'faculty2'],
    ['admin', 'admin'],
  ]);
  f.batch = (
    await ok('admin', 'POST', '/api/batches', {
      data: {
        Batch: 'Integrity batch',
        students: [users.A.student.documentId],
        faculties: [users.faculty.faculty.documentId],
      },
    })
  ).documentId;
  f.test = await makeTest('Integrity test');
  const started = await ok('A', 'POST', '/api/test/prelims/initialize', { testId: f.test }, IP1);
  f.attempt = started.attempt.documentId;
  f.answers = started.answers.map((a) => a.documentId);
});

after(async () => {
  await server?.stop();
});

describe('integrity log', () => {
  test('events ride with a save: stored with the answer; bad entries dropped, the answer kept', async () => {
    const res = await save(f.answers[0], {
      selected_answer: 'a',
      revision: 1,
      events: [
        { kind: 'tab-hidden', at: at(), detail: 'hidden for 4 s' },
        { kind: 'paste', at: at() },
        { kind: 'hacked', at: at() }, // unknown kind: dropped
        { kind: 'ip-change', at: at() }, // the server's own kind: dropped
        { kind: 'copy', at: '2001-01-01T00:00:00Z' }, // a time far from now: dropped
        'nonsense',
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.selected_answer, 'a');
    assert.deepEqual(
      storedEvents(f.attempt).map((e) => e.kind),
      ['tab-hidden', 'paste'],
    );
    assert.equal(storedEvents(f.attempt)[0].detail, 'hidden for 4 s');
  });

  test('events that are not an array: 400 and nothing saved', async () => {
    expectError(await save(f.answers[0], { selected_answer: 'b', revision: 2, events: 'x' }), 400);
    const row = server
      .database()
      .prepare('SELECT selected_answer, revision FROM answers WHERE document_id = ?')
      .get(f.answers[0]);
    assert.equal(row.selected_answer, 'a');
    assert.equal(row.revision, 1);
  });

  test('at most 20 events are read from one save', async () => {
    const before = storedEvents(f.attempt).length;
    const events = Array.from({ length: 30 }, () => ({ kind: 'window-blur', at: at() }));
    assert.equal(
      (await save(f.answers[1], { selected_answer: 'c', revision: 1, events })).status,
      200,
    );
    assert.equal(storedEvents(f.attempt).length, before + 20);
  });

  test('a save from another IP records an ip-change (once), not a save from the same IP', async () => {
    const before = storedEvents(f.attempt).length;
    assert.equal(
      (await save(f.answers[1], { selected_answer: 'd', revision: 2 }, IP1)).status,
      200,
    );
    assert.equal(storedEvents(f.attempt).length, before);
    assert.equal(
      (await save(f.answers[1], { selected_answer: 'a', revision: 3 }, IP2)).status,
      200,
    );
    assert.equal(
      (await save(f.answers[1], { selected_answer: 'b', revision: 4 }, IP2)).status,
      200,
    );
    const changes = storedEvents(f.attempt).filter((e) => e.kind === 'ip-change');
    assert.equal(changes.length, 1);
    assert.match(changes[0].detail, /203\.0\.113\.10 → 198\.51\.100\.7/);
  });

  test('the submit carries the last events; the staff read the timeline, scoped', async () => {
    const submitted = await ok(
      'A',
      'POST',
      '/api/test/prelims/submit',
      { attemptId: f.attempt, events: [{ kind: 'offline', at: at(), detail: '12 s' }] },
      IP2,
    );
    f.result = submitted.result.documentId;
    const kinds = storedEvents(f.attempt).map((e) => e.kind);
    assert.equal(kinds.at(-1), 'offline');
    const path = `/api/reports/results/${f.result}/events`;
    const admin = (await call('admin', 'GET', path)).json;
    assert.equal(admin.data.length, kinds.length);
    assert.equal(admin.meta.total, kinds.length);
    assert.equal(admin.meta.firstIp, '203.0.113.10');
    assert.deepEqual(Object.keys(admin.data[0]).sort(), ['clientAt', 'detail', 'kind', 'serverAt']);
    assert.equal((await call('faculty', 'GET', path)).json.data.length, kinds.length);
    // faculty2 teaches no batch of this learner (the demo's links of theirs removed here).
    server
      .database()
      .prepare(
        `DELETE FROM batches_faculties_lnk WHERE faculty_id IN
          (SELECT id FROM faculties WHERE faculty_email_id = ?)`,
      )
      .run(DEMO.faculty2.email);
    expectError(await call('faculty2', 'GET', path), 404);
    expectError(await call('A', 'GET', path), 403);
    expectError(await call('admin', 'GET', '/api/reports/results/unknown/events'), 404);
  });

  test('the results list and its export count each attempt’s events', async () => {
    const total = storedEvents(f.attempt).length;
    const list = (await call('admin', 'GET', `/api/reports/tests/${f.test}/results`)).json;
    assert.equal(list.data[0].integrityEvents, total);
    const res = await fetch(`${server.baseUrl}/api/reports/tests/${f.test}/results/export`, {
      headers: { Authorization: `Bearer ${tokens.admin}` },
    });
    assert.equal(res.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
    const sheet = book.worksheets[0];
    const header = sheet.getRow(1).values;
    const column = header.indexOf('Integrity events');
    assert.ok(column > 0);
    assert.equal(sheet.getRow(2).getCell(column).value, total);
  });

  test('at most 500 events stored per attempt; the rest counted', async () => {
    const started = await ok('A', 'POST', '/api/test/prelims/initialize', { testId: f.test }, IP1);
    const answer = started.answers[0].documentId;
    for (let i = 1; i <= 26; i += 1) {
      const events = Array.from({ length: 20 }, () => ({ kind: 'copy', at: at() }));
      const res = await save(answer, { selected_answer: 'a', revision: i, events });
      assert.equal(res.status, 200, res.text);
    }
    assert.equal(storedEvents(started.attempt.documentId).length, 500);
    const counted = server
      .database()
      .prepare(
        `SELECT i.total FROM app_attempt_integrity i JOIN attempts a ON a.id = i.attempt_id
         WHERE a.document_id = ?`,
      )
      .get(started.attempt.documentId);
    assert.equal(counted.total, 520);
    // A malformed events field never stands in the way of a submit.
    const done = await call('A', 'POST', '/api/test/prelims/submit', {
      attemptId: started.attempt.documentId,
      events: 'not a list',
    });
    assert.equal(done.status, 200, done.text);
  });

  test('learners never read the log: no REST or GraphQL type for it', async () => {
    expectError(await call('A', 'GET', '/api/attempt-events'), 404);
    const res = await call('A', 'POST', '/api/graphql', {
      query: '{ attemptEvents { kind } }',
    });
    assert.ok(res.json?.errors?.length > 0, res.text);
  });
});
