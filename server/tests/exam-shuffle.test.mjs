// Exam delivery (issue 23), shuffle slice: a test may shuffle its questions and/or options per
// learner. The order comes from a seed stored on the attempt, so the start answer, a second start
// (resume) and the attempt read give the same order; the options keep their original letters, so
// marking and the review need no mapping. One boot on SQLite, then (with TEST_DATABASE_URL) one
// on PostgreSQL for stable order and marking.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeOnPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { mcq } from './helpers/fixtures.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

let server;
let seedsOf = async () => [];
const { users, call, ok, signIn: signInAs } = asRoles(() => server);
const LETTERS = ['a', 'b', 'c', 'd'];
const COUNT = 8;

const start = async (role, testId) => {
  const res = await call(role, 'POST', '/api/test/prelims/initialize', { testId });
  assert.ok(res.status === 200 || res.status === 201, res.text.slice(0, 400));
  return res.json.data;
};

/** COUNT questions; question i's key is LETTERS[i % 4]; 1 mark right, −0.25 wrong. */
const makeTest = async (name, data = {}) => {
  const test = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 30,
      MaximumMarks: COUNT,
      PassMark: 1,
      students: [users.A.student.documentId, users.B.student.documentId],
      ...data,
    },
  });
  const keys = {};
  for (let i = 0; i < COUNT; i += 1) {
    const q = await ok('admin', 'POST', '/api/questions', {
      data: mcq(`${name} Q${i}?`, {
        option_a: `A${i}`,
        option_b: `B${i}`,
        option_c: `C${i}`,
        option_d: `D${i}`,
        correct_answer: LETTERS[i % 4],
        points_incorrect_answer: -0.25,
        test: test.documentId,
      }),
    });
    keys[q.documentId] = LETTERS[i % 4];
  }
  return { id: test.documentId, keys };
};

const questionOrder = (data) => data.questions.map((q) => q.question);
const optionOrders = (data) => data.questions.map((q) => q.option_order);
const originalOrder = (name) => Array.from({ length: COUNT }, (_, i) => `${name} Q${i}?`);

/** Saves `choose(key, questionIndex)` for each question (by documentId) and submits. */
const answerAndSubmit = async (role, data, keys, choose) => {
  const byQuestion = new Map(data.answers.map((a) => [a.question, a.documentId]));
  for (const q of data.questions) {
    const letter = choose(keys[q.documentId], q.question);
    if (letter) {
      await ok(role, 'PUT', `/api/answers/${byQuestion.get(q.documentId)}`, {
        data: { selected_answer: letter, revision: 1 },
      });
    }
  }
  return ok(role, 'POST', '/api/test/prelims/submit', { attemptId: data.attempt.documentId });
};

const signIn = () => signInAs(EXAM_ROLES);

const sqliteSeeds = async (attemptIds) =>
  attemptIds.map(
    (id) =>
      server.database().prepare('SELECT shuffle_seed FROM attempts WHERE document_id = ?').get(id)
        ?.shuffle_seed ?? null,
  );

before(async () => {
  server = await startServer();
  seedsOf = sqliteSeeds;
  await signIn();
});

after(async () => {
  await server?.stop();
});

/** The same order on start, on a second start (resume) and on the attempt read. */
const assertStable = async (role, first) => {
  const again = await start(role, first.testId);
  assert.equal(again.resumed, true);
  const read = await ok(role, 'GET', `/api/test/prelims/attempts/${first.attempt.documentId}`);
  for (const other of [again, read]) {
    assert.deepEqual(questionOrder(other), questionOrder(first));
    assert.deepEqual(optionOrders(other), optionOrders(first));
  }
};

const shuffleCases = (prefix) => {
  test('options off: today’s order and shape, no seed', async () => {
    const name = `${prefix} plain`;
    const t = await makeTest(name);
    const a = await start('A', t.id);
    assert.deepEqual(questionOrder(a), originalOrder(name));
    assert.ok(a.questions.every((q) => !('option_order' in q)));
    assert.deepEqual(await seedsOf([a.attempt.documentId]), [null]);
  });

  test('both shuffles: permutations, stable across resume, two learners get different seeds', async () => {
    const name = `${prefix} both`;
    const t = await makeTest(name, { shuffle_questions: true, shuffle_options: true });
    const a = await start('A', t.id);
    const b = await start('B', t.id);
    for (const d of [a, b]) {
      assert.deepEqual([...questionOrder(d)].sort(), [...originalOrder(name)].sort());
      for (const order of optionOrders(d)) {
        assert.deepEqual([...order].sort(), LETTERS);
      }
      // The options keep their texts under their original letters; the key is never sent.
      for (const q of d.questions) {
        assert.equal(q.option_a, `A${q.question.match(/Q(\d+)\?$/)[1]}`);
        assert.ok(!('correct_answer' in q));
      }
      assert.ok(!('shuffle_seed' in d.attempt));
    }
    const [seedA, seedB] = await seedsOf([a.attempt.documentId, b.attempt.documentId]);
    assert.ok(Number.isInteger(Number(seedA)) && Number(seedA) > 0);
    assert.notEqual(Number(seedA), Number(seedB));
    // Both switches were recorded in the seed's low bits.
    assert.equal(Number(seedA) % 4, 3);
    // Two seeds giving the same permutation of 8 questions and 8 × 4 options is ~1 in 10^15.
    assert.notDeepEqual([questionOrder(a), optionOrders(a)], [questionOrder(b), optionOrders(b)]);
    await assertStable('A', { ...a, testId: t.id });
    await assertStable('B', { ...b, testId: t.id });
    // Staff turning the switches off later does not reorder an attempt already running.
    await ok('admin', 'PUT', `/api/tests/${t.id}`, {
      data: { shuffle_questions: false, shuffle_options: false },
    });
    await assertStable('A', { ...a, testId: t.id });
  });

  test('only the options: questions in today’s order, options shuffled', async () => {
    const name = `${prefix} options`;
    const t = await makeTest(name, { shuffle_options: true });
    const a = await start('A', t.id);
    assert.deepEqual(questionOrder(a), originalOrder(name));
    assert.ok(optionOrders(a).every((o) => [...o].sort().join() === LETTERS.join()));
    assert.equal(Number((await seedsOf([a.attempt.documentId]))[0]) % 4, 2);
  });

  test('marking and review of a shuffled attempt use the original letters', async () => {
    const plain = await makeTest(`${prefix} mark plain`);
    const mixed = await makeTest(`${prefix} mark mixed`, {
      shuffle_questions: true,
      shuffle_options: true,
      review_answer_key: 'after_each_attempt',
    });
    // Right on questions 0–4, wrong ('the next letter') on 5–6, blank on 7: 5 − 0.5 = 4.5.
    const choose = (key, text) => {
      const i = Number(text.match(/Q(\d+)\?$/)[1]);
      if (i === 7) return null;
      return i < 5 ? key : LETTERS[(LETTERS.indexOf(key) + 1) % 4];
    };
    const p = await answerAndSubmit('A', await start('A', plain.id), plain.keys, choose);
    const m = await answerAndSubmit('A', await start('A', mixed.id), mixed.keys, choose);
    assert.equal(p.result.total_marks, 4.5);
    assert.equal(m.result.total_marks, p.result.total_marks);
    const review = await ok('A', 'GET', `/api/test/prelims/results/${m.result.documentId}`);
    assert.equal(review.attempt.shuffled, true);
    const plainReview = await ok('A', 'GET', `/api/test/prelims/results/${p.result.documentId}`);
    assert.equal(plainReview.attempt.shuffled, false);
    // The review is in the test's order with the original letters and texts.
    assert.deepEqual(
      review.questions.map((q) => q.question),
      originalOrder(`${prefix} mark mixed`),
    );
    for (const [i, q] of review.questions.entries()) {
      assert.equal(q.option_a, `A${i}`);
      assert.equal(q.correct_answer, LETTERS[i % 4]);
      assert.equal(q.selected_answer, choose(LETTERS[i % 4], q.question));
    }
  });
};

describe('shuffle (SQLite)', () => {
  shuffleCases('Shuffle');

  test('the seed is not readable through REST or GraphQL (a private attribute)', async () => {
    const t = await makeTest('Shuffle private', { shuffle_questions: true });
    const a = await start('A', t.id);
    assert.notEqual((await seedsOf([a.attempt.documentId]))[0], null);
    for (const role of ['A', 'admin']) {
      const res = await call(role, 'GET', `/api/attempts/${a.attempt.documentId}`);
      assert.equal(res.status, 200, res.text.slice(0, 400));
      assert.equal(res.json.data.documentId, a.attempt.documentId);
      assert.ok(!res.text.includes('shuffle_seed'), res.text.slice(0, 400));
    }
    const gql = await call('A', 'POST', '/api/graphql', {
      query: `{ attempts { documentId shuffle_seed } }`,
    });
    assert.ok(gql.json?.errors?.length > 0, gql.text.slice(0, 400));
    assert.doesNotMatch(gql.text, /"shuffle_seed":\d/);
  });
});

describeOnPostgres(
  'PostgreSQL',
  async (db) => {
    // The SQLite server has done its part: this describe runs after the others.
    await server.stop();
    server = null;
    server = await startServer({ databaseUrl: db.url });
    seedsOf = async (attemptIds) => {
      const seeds = [];
      for (const id of attemptIds) {
        const r = await db.query('SELECT shuffle_seed FROM attempts WHERE document_id = $1', [id]);
        seeds.push(r.rows[0]?.shuffle_seed ?? null);
      }
      return seeds;
    };
    await signIn();
    return server;
  },
  () => shuffleCases('PG shuffle'),
);
