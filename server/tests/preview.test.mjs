// Preview as a learner (issue 26): staff see a test, a test's question and a pool question as the
// learner's player gets them, with the key only when they ask for it, and no attempt, answer or
// result row is ever written. Learners are refused; a faculty member may preview exactly the tests
// they may edit. One boot on SQLite, then (with TEST_DATABASE_URL) the same cases on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeOnPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const KEY_FIELDS = [
  'correct_answer',
  'explanation',
  'points_correct_answer',
  'points_incorrect_answer',
  'answer_tolerance',
  'answer_min',
  'answer_max',
  'rubric',
];

let server;
/** Counts rows of a table on whichever database the server runs. */
let countRows;
const { users, call, ok, signIn: signInAs } = asRoles(() => server);

const refused = async (role, path, statuses) => {
  const res = await call(role, 'GET', path);
  assert.ok(statuses.includes(res.status), `${role} ${path}: ${res.status} ${res.text}`);
  assert.equal(res.json?.data ?? null, null, `${role} ${path}: no data`);
  assert.ok(!res.text.includes('correct_answer'), `${role} ${path}: no key`);
};

const signIn = () =>
  signInAs([
    ['A', 'student1'],
    ['faculty', 'faculty'],
    ['admin', 'admin'],
  ]);

const QUESTIONS = [
  {
    question: 'Which is $\\frac{1}{2}$?',
    question_type: 'MCQ',
    option_a: '$0.5$',
    option_b: 'One',
    option_c: 'Two',
    option_d: 'Half of $4$',
    correct_answer: 'a',
    explanation: 'Because $1/2 = 0.5$.',
    points_correct_answer: 2,
    points_incorrect_answer: -0.5,
  },
  {
    question: 'g at sea level?',
    question_type: 'Numeric',
    correct_answer: '9.8',
    answer_tolerance: 0.1,
    answer_unit: 'm/s²',
    points_correct_answer: 3,
    points_incorrect_answer: 0,
  },
  {
    question: 'The sky is green.',
    question_type: 'TrueFalse',
    correct_answer: 'False',
    points_correct_answer: 1,
    points_incorrect_answer: 0,
  },
];

/** A test with QUESTIONS that learner A may take; its documentId and the question ids in order. */
const makeTest = async (name) => {
  const t = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 20,
      MaximumMarks: 6,
      PassMark: 1,
      students: [users.A.student.documentId],
    },
  });
  const ids = [];
  for (const fields of QUESTIONS) {
    const q = await ok('admin', 'POST', '/api/questions', {
      data: { ...fields, question: `${name}: ${fields.question}`, test: t.documentId },
    });
    ids.push(q.documentId);
  }
  return { id: t.documentId, ids };
};

const ROW_TABLES = ['attempts', 'answers', 'results'];

const counts = async () => {
  const out = {};
  for (const table of ROW_TABLES) {
    out[table] = await countRows(table);
  }
  out.testAttempts = await countRows('tests', 'SUM(COALESCE(attempts, 0))');
  return out;
};

const assertNoKey = (view, label) => {
  for (const field of KEY_FIELDS) {
    assert.ok(!(field in view), `${label}: ${field} is not in a learner's view`);
  }
};

const cases = (prefix) => {
  test('a test preview is the learner view without keys, and writes no row', async () => {
    const t = await makeTest(`${prefix} whole`);
    const before = await counts();
    const preview = await ok('admin', 'GET', `/api/tests/${t.id}/preview`);
    assert.equal(preview.test.documentId, t.id);
    assert.equal(preview.test.TestName, `${prefix} whole`);
    assert.equal(preview.test.TestDuration, 20);
    assert.equal(preview.test.mains, false);
    assert.equal(preview.keys, null);
    assert.deepEqual(
      preview.questions.map((q) => q.documentId),
      t.ids,
    );
    preview.questions.forEach((q, i) => assertNoKey(q, `question ${i}`));
    assert.equal(preview.questions[0].question, `${prefix} whole: ${QUESTIONS[0].question}`);
    assert.equal(preview.questions[0].option_a, '$0.5$');
    assert.equal(preview.questions[1].answer_unit, 'm/s²');
    assert.equal(preview.questions[2].question_type, 'TrueFalse');
    // With the key, for checking: beside the views, never inside them.
    const keyed = await ok('admin', 'GET', `/api/tests/${t.id}/preview?key=true`);
    keyed.questions.forEach((q, i) => assertNoKey(q, `keyed question ${i}`));
    assert.equal(keyed.keys[t.ids[0]].correct_answer, 'a');
    assert.equal(keyed.keys[t.ids[0]].explanation, 'Because $1/2 = 0.5$.');
    assert.equal(keyed.keys[t.ids[0]].points_incorrect_answer, -0.5);
    assert.equal(keyed.keys[t.ids[1]].answer_tolerance, 0.1);
    assert.equal(keyed.keys[t.ids[1]].points_correct_answer, 3);
    assert.equal(keyed.keys[t.ids[2]].correct_answer, 'false');
    // Faculty too (they may edit every test today); the question previews.
    await ok('faculty', 'GET', `/api/tests/${t.id}/preview?key=1`);
    const one = await ok('admin', 'GET', `/api/questions/${t.ids[1]}/preview`);
    assert.deepEqual(one.question, preview.questions[1]);
    assert.equal(one.key, null);
    const oneKeyed = await ok('faculty', 'GET', `/api/questions/${t.ids[1]}/preview?key=true`);
    assert.equal(oneKeyed.key.correct_answer, '9.8');
    assert.deepEqual(await counts(), before, 'no attempt, answer or result row, no counter');

    // What the learner's start delivers is the same view (the options' order aside).
    const started = await call('A', 'POST', '/api/test/prelims/initialize', { testId: t.id });
    assert.equal(started.status, 201, started.text.slice(0, 300));
    const delivered = started.json.data.questions;
    assert.equal(delivered.length, preview.questions.length);
    for (const q of delivered) {
      const shown = preview.questions.find((p) => p.documentId === q.documentId);
      const view = { ...q };
      delete view.option_order;
      delete view.section;
      assert.deepEqual(view, shown);
    }
  });

  test('a pool question preview; key only on request; a bad key value is a 400', async () => {
    const pool = await ok('admin', 'POST', '/api/question-pools', {
      data: { ...QUESTIONS[0], question: `${prefix} pool $x^2$` },
    });
    const before = await counts();
    const seen = await ok('faculty', 'GET', `/api/question-pools/${pool.documentId}/preview`);
    assert.equal(seen.question.documentId, pool.documentId);
    assert.equal(seen.question.question, `${prefix} pool $x^2$`);
    assert.equal(seen.question.option_d, 'Half of $4$');
    assertNoKey(seen.question, 'pool question');
    assert.equal(seen.key, null);
    const keyed = await ok(
      'admin',
      'GET',
      `/api/question-pools/${pool.documentId}/preview?key=true`,
    );
    assert.equal(keyed.key.correct_answer, 'a');
    assert.equal(keyed.key.explanation, 'Because $1/2 = 0.5$.');
    const bad = await call(
      'admin',
      'GET',
      `/api/question-pools/${pool.documentId}/preview?key=yes`,
    );
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(await counts(), before);
  });

  test('learners and visitors are refused; unknown ids are 404; faculty as for editing', async () => {
    const t = await makeTest(`${prefix} refused`);
    const pool = await ok('admin', 'POST', '/api/question-pools', {
      data: { ...QUESTIONS[1], question: `${prefix} refused pool` },
    });
    const before = await counts();
    for (const path of [
      `/api/tests/${t.id}/preview`,
      `/api/tests/${t.id}/preview?key=true`,
      `/api/questions/${t.ids[0]}/preview?key=true`,
      `/api/question-pools/${pool.documentId}/preview?key=true`,
    ]) {
      // Learner A may take this test, and still never previews it (nor reads a key so).
      await refused('A', path, [403]);
      await refused('none', path, [401, 403]);
    }
    for (const role of ['admin', 'faculty']) {
      await refused(role, '/api/tests/no-such-test/preview', [404]);
      await refused(role, '/api/questions/no-such-question/preview', [404]);
      await refused(role, '/api/question-pools/no-such-question/preview', [404]);
    }
    // The faculty member's preview follows their right to edit the test (one rule for both).
    const edit = await call('faculty', 'PUT', `/api/tests/${t.id}`, {
      data: { TestName: `${prefix} refused (edited)` },
    });
    const look = await call('faculty', 'GET', `/api/tests/${t.id}/preview`);
    assert.equal(
      look.status < 300,
      edit.status < 300,
      `edit ${edit.status}, preview ${look.status}`,
    );
    assert.deepEqual(await counts(), before);
  });
};

describe('preview as a learner on SQLite', () => {
  before(async () => {
    server = await startServer();
    countRows = async (table, expr = 'COUNT(*)') =>
      Number(server.database().prepare(`SELECT ${expr} AS n FROM ${table}`).get().n ?? 0);
    await signIn();
  });

  after(async () => {
    await server?.stop();
    server = null;
  });

  cases('SQLite');
});

describeOnPostgres(
  'preview as a learner on PostgreSQL',
  async (db) => {
    server = await startServer({ databaseUrl: db.url });
    countRows = async (table, expr = 'COUNT(*)') =>
      Number((await db.query(`SELECT ${expr} AS n FROM ${table}`)).rows[0].n ?? 0);
    await signIn();
    return server;
  },
  () => cases('PG'),
);
