// Question types (issue 26): multiple correct (all or nothing, or partial marks by the test's
// rule), true/false and numeric (a tolerance or a range, bounds inclusive) beside single correct.
// Marking with negative marks and the numeric edges, the answer shapes a save accepts (anything
// else: 400 and nothing stored), the keys never reaching a learner (REST, GraphQL, the exam
// payload), the review, the regrade and the item analysis. One boot on SQLite, then (with
// TEST_DATABASE_URL) the marking cases again on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeOnPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

let server;
const { users, call, ok, signIn: signInAs } = asRoles(() => server);

const signIn = () => signInAs(EXAM_ROLES);

const OPTIONS = { option_a: 'Alpha', option_b: 'Beta', option_c: 'Gamma', option_d: 'Delta' };

/** The questions of every test here, by a short name. */
const QUESTIONS = {
  S: { question_type: 'MCQ', ...OPTIONS, correct_answer: 'b', pc: 4, pi: -1 },
  M: { question_type: 'Multiple', ...OPTIONS, correct_answer: 'C, a', pc: 4, pi: -2 },
  F: { question_type: 'TrueFalse', correct_answer: 'False', pc: 1, pi: -1 },
  N: {
    question_type: 'Numeric',
    correct_answer: '9.8',
    answer_tolerance: 0.1,
    answer_unit: 'm/s²',
    pc: 3,
    pi: -1,
  },
  R: { question_type: 'Numeric', answer_min: 1.5, answer_max: 2.5, pc: 2, pi: -0.5 },
};

/** A test holding QUESTIONS; answers its documentId and question documentIds by short name. */
const makeTest = async (name, data = {}) => {
  const t = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 30,
      MaximumMarks: 14,
      PassMark: 1,
      review_answer_key: 'after_each_attempt',
      students: [users.A.student.documentId, users.B.student.documentId],
      ...data,
    },
  });
  const ids = {};
  for (const [short, { pc, pi, ...fields }] of Object.entries(QUESTIONS)) {
    const q = await ok('admin', 'POST', '/api/questions', {
      data: {
        question: `${name} ${short}?`,
        points_correct_answer: pc,
        points_incorrect_answer: pi,
        test: t.documentId,
        ...fields,
      },
    });
    ids[short] = q.documentId;
  }
  return { id: t.documentId, ids };
};

const start = async (role, testId, mode) => {
  const res = await call(role, 'POST', '/api/test/prelims/initialize', {
    testId,
    ...(mode ? { mode } : {}),
  });
  assert.ok(res.status === 200 || res.status === 201, res.text.slice(0, 400));
  return res.json.data;
};

/** Starts, saves `choices` (short name → selected_answer), submits; the review by short name. */
const take = async (role, t, choices, mode = 'practice') => {
  const data = await start(role, t.id, mode);
  const answerOf = new Map(data.answers.map((a) => [a.question, a.documentId]));
  for (const [short, value] of Object.entries(choices)) {
    await ok(role, 'PUT', `/api/answers/${answerOf.get(t.ids[short])}`, {
      data: { selected_answer: value, revision: 1 },
    });
  }
  const submitted = await ok(role, 'POST', '/api/test/prelims/submit', {
    attemptId: data.attempt.documentId,
  });
  const review = await ok(role, 'GET', `/api/test/prelims/results/${submitted.result.documentId}`);
  const byShort = {};
  for (const [short, id] of Object.entries(t.ids)) {
    byShort[short] = review.questions.find((q) => q.documentId === id);
  }
  return { result: submitted.result, review, q: byShort };
};

const pointsOf = (taken) =>
  Object.fromEntries(Object.entries(taken.q).map(([k, q]) => [k, q.points]));

/** The marking, save-shape and regrade cases, on whichever database the server runs. */
const markingCases = (prefix) => {
  test('each type is marked: negative marks, all-or-nothing and numeric edges', async () => {
    const t = await makeTest(`${prefix} all`, { enable_practice_test: true });
    // All right; the numeric answers exactly on a bound (9.8 + 0.1 and the range's top).
    const right = await take('A', t, { S: 'b', M: ['c', 'a'], F: false, N: 9.9, R: '2.5' });
    assert.deepEqual(pointsOf(right), { S: 4, M: 4, F: 1, N: 3, R: 2 });
    assert.equal(right.result.total_marks, 14);
    // Wrong everywhere: one right letter of two is wrong under all-or-nothing; 9.7 is the
    // tolerance's lower bound (right), 1.49 is just under the range.
    const wrong = await take('A', t, { S: 'c', M: ['a'], F: true, N: '9.7', R: 1.49 });
    assert.deepEqual(pointsOf(wrong), { S: -1, M: -2, F: -1, N: 3, R: -0.5 });
    assert.equal(wrong.result.total_marks, -1.5);
    // Outside the tolerance by 0.01 on both sides; a wrong letter among right ones; blanks.
    const outside = await take('A', t, { M: ['a', 'b', 'c'], N: '9.91', R: '1.5' });
    assert.deepEqual(pointsOf(outside), { S: 0, M: -2, F: 0, N: -1, R: 2 });
    const low = await take('A', t, { M: ['a', 'b', 'c', 'd'], N: '9.69', R: 2.5000001 });
    assert.deepEqual(pointsOf(low), { S: 0, M: -2, F: 0, N: -1, R: -0.5 });
    // The review shows each answer as stored and each key, after the result.
    assert.equal(right.q.M.selected_answer, 'a,c');
    assert.equal(right.q.M.correct_answer, 'a,c');
    assert.equal(right.q.F.selected_answer, 'false');
    assert.equal(right.q.F.correct_answer, 'false');
    assert.equal(right.q.N.selected_answer, '9.9');
    assert.equal(right.q.N.correct_answer, '9.8');
    assert.equal(right.q.N.answer_tolerance, 0.1);
    assert.equal(right.q.N.answer_unit, 'm/s²');
    assert.equal(right.q.R.correct_answer, null);
    assert.deepEqual([right.q.R.answer_min, right.q.R.answer_max], [1.5, 2.5]);
    assert.equal(right.q.F.option_a, null);
  });

  test('partial marks for multiple correct: a share per right letter, the penalty for a wrong one', async () => {
    const t = await makeTest(`${prefix} partial`, {
      enable_practice_test: true,
      multiple_marking: 'partial',
    });
    const one = await take('A', t, { M: ['a'] });
    assert.equal(one.q.M.points, 2); // 4 × 1/2
    assert.equal(one.result.correct_count, 1, 'a partly right answer counts with the correct');
    const both = await take('A', t, { M: ['a', 'c'] });
    assert.equal(both.q.M.points, 4);
    const mixed = await take('A', t, { M: ['a', 'd'] });
    assert.equal(mixed.q.M.points, -2);
    assert.equal(mixed.result.incorrect_count, 1);
  });

  test('a save of the wrong shape is refused with 400 and stores nothing', async () => {
    const t = await makeTest(`${prefix} shapes`);
    const data = await start('B', t.id);
    const answerOf = new Map(data.answers.map((a) => [a.question, a.documentId]));
    const save = (short, value, revision) =>
      call('B', 'PUT', `/api/answers/${answerOf.get(t.ids[short])}`, {
        data: { selected_answer: value, revision },
      });
    // One good save each first, so "nothing stored" is visible.
    const good = { S: 'a', M: ['b', 'a'], F: true, N: '9.8', R: 2 };
    for (const [short, value] of Object.entries(good)) {
      assert.equal((await save(short, value, 1)).status, 200);
    }
    const bad = [
      ['S', ['a']],
      ['S', true],
      ['S', 3],
      ['M', 'a'],
      ['M', ['a', 'a']],
      ['M', ['a', 'e']],
      ['M', 'a,b'],
      ['F', 'true'],
      ['F', 'b'],
      ['F', 1],
      ['N', true],
      ['N', 'b'],
      ['N', 'ten'],
      ['N', ['a']],
      ['N', '1'.repeat(41)],
      ['R', { value: 2 }],
      ['R', ''],
    ];
    for (const [short, value] of bad) {
      refused(await save(short, value, 5), `${short} ${JSON.stringify(value)}`);
    }
    const read = await ok('B', 'GET', `/api/test/prelims/attempts/${data.attempt.documentId}`);
    const storedOf = Object.fromEntries(
      Object.entries(t.ids).map(([short, id]) => [
        short,
        read.answers.find((a) => a.question === id),
      ]),
    );
    assert.deepEqual(
      Object.fromEntries(Object.entries(storedOf).map(([k, a]) => [k, a.selected_answer])),
      { S: 'a', M: 'a,b', F: 'true', N: '9.8', R: '2' },
    );
    for (const a of Object.values(storedOf)) {
      assert.equal(a.revision, 1, 'a refused save leaves the revision');
    }
    // An empty list clears a multiple answer; null clears any.
    assert.equal((await save('M', [], 6)).json.data.selected_answer, null);
    assert.equal((await save('N', null, 6)).json.data.selected_answer, null);
    await ok('B', 'POST', '/api/test/prelims/submit', { attemptId: data.attempt.documentId });
  });

  test('regrade: widening a tolerance re-marks the stored numeric answers', async () => {
    const t = await makeTest(`${prefix} regrade`, { enable_practice_test: true });
    const before = await take('A', t, { N: '9.95', M: ['a', 'c'] });
    assert.equal(before.q.N.points, -1);
    assert.equal(before.result.total_marks, 3);
    await ok('admin', 'PUT', `/api/questions/${t.ids.N}`, { data: { answer_tolerance: 0.15 } });
    const preview = await ok('admin', 'GET', `/api/tests/${t.id}/regrade`);
    assert.equal(preview.results_changed, 1);
    assert.equal(preview.marks_change, 4);
    await ok('admin', 'POST', `/api/tests/${t.id}/regrade`, {});
    const after = await ok('A', 'GET', `/api/test/prelims/results/${before.result.documentId}`);
    assert.equal(after.questions.find((q) => q.documentId === t.ids.N).points, 3);
    assert.equal(after.questions.find((q) => q.documentId === t.ids.M).points, 4);
    assert.equal(after.result?.total_marks ?? after.total_marks, 7);
  });
};

/** Asserts a 400 in Strapi's error shape. */
const refused = (res, label) => {
  assert.equal(res.status, 400, `${label}: ${res.status} ${res.text.slice(0, 300)}`);
  assert.equal(res.json?.error?.status, 400, label);
};

before(async () => {
  server = await startServer();
  await signIn();
});

after(async () => {
  await server?.stop();
});

describe('question types (SQLite)', () => {
  markingCases('Types');

  test('authoring: keys are checked and normalised per type', async () => {
    const t = await makeTest('Types authoring');
    const stored = await ok('admin', 'GET', `/api/questions/${t.ids.M}`);
    assert.equal(stored.correct_answer, 'a,c');
    assert.equal((await ok('admin', 'GET', `/api/questions/${t.ids.F}`)).correct_answer, 'false');
    const bad = [
      ['Multiple', { ...OPTIONS, correct_answer: 'a,e' }],
      ['Multiple', { ...OPTIONS, correct_answer: '' }],
      ['TrueFalse', { correct_answer: 'maybe' }],
      ['TrueFalse', { ...OPTIONS, correct_answer: 'true' }],
      ['Numeric', { correct_answer: 'ten' }],
      ['Numeric', { correct_answer: '10', answer_min: 1, answer_max: 2 }],
      ['Numeric', { answer_min: 3, answer_max: 2 }],
      ['Numeric', { answer_min: 3 }],
      ['Numeric', { correct_answer: '10', answer_tolerance: -1 }],
      ['Numeric', {}],
      ['Essay', { correct_answer: 'a' }],
    ];
    for (const [type, fields] of bad) {
      const res = await call('admin', 'POST', '/api/questions', {
        data: {
          question: `Bad ${type}?`,
          question_type: type,
          points_correct_answer: 1,
          test: t.id,
          ...fields,
        },
      });
      refused(res, `${type} ${JSON.stringify(fields)}`);
    }
    const list = await ok('admin', 'GET', `/api/questions?filters[test][documentId]=${t.id}`);
    assert.equal(list.length, 5, 'no refused question was stored');
    // Turning a numeric question into a single-correct one drops its numeric key.
    const changed = await ok('admin', 'PUT', `/api/questions/${t.ids.N}`, {
      data: { question_type: 'MCQ', ...OPTIONS, correct_answer: 'd' },
    });
    assert.equal(changed.answer_tolerance, null);
    assert.equal(changed.answer_unit, null);
  });

  test('keys stay staff data: the exam payload, REST and GraphQL give a learner none', async () => {
    const t = await makeTest('Types keys', { shuffle_options: true });
    const data = await start('A', t.id);
    const text = JSON.stringify(data);
    for (const field of ['correct_answer', 'answer_tolerance', 'answer_min', 'answer_max']) {
      assert.ok(!text.includes(field), `${field} in the exam payload`);
    }
    const byId = new Map(data.questions.map((q) => [q.documentId, q]));
    assert.equal(byId.get(t.ids.N).question_type, 'Numeric');
    assert.equal(byId.get(t.ids.N).answer_unit, 'm/s²');
    // Options are shuffled for single and multiple correct only.
    assert.equal(byId.get(t.ids.M).option_order.length, 4);
    assert.equal(byId.get(t.ids.F).option_order, undefined);
    assert.equal(byId.get(t.ids.N).option_order, undefined);

    const rest = await ok('A', 'GET', `/api/questions?filters[test][documentId]=${t.id}`);
    assert.equal(rest.length, 5);
    for (const q of rest) {
      for (const field of ['correct_answer', 'answer_tolerance', 'answer_min', 'answer_max']) {
        assert.ok(!(field in q) || q[field] === null, `REST ${field} leaked`);
      }
    }
    assert.equal(rest.find((q) => q.documentId === t.ids.N).answer_unit, 'm/s²');
    // An answer row exists from its first save (issue 25's lazy rows): save it, then populate.
    const rangeAnswer = data.answers.find((a) => a.question === t.ids.R).documentId;
    await ok('A', 'PUT', `/api/answers/${rangeAnswer}`, {
      data: { selected_answer: '2', revision: 1 },
    });
    const populated = await ok('A', 'GET', `/api/answers/${rangeAnswer}?populate[question]=true`);
    assert.equal(populated.question.answer_min ?? null, null);
    assert.equal(populated.question.answer_max ?? null, null);

    const gql = await call('A', 'POST', '/api/graphql', {
      query: `query($t: ID!) { questions(filters: { test: { documentId: { eq: $t } } }) {
        documentId answer_tolerance answer_min answer_max answer_unit correct_answer } }`,
      variables: { t: t.id },
    });
    assert.equal(gql.status, 200, gql.text);
    for (const q of gql.json.data.questions) {
      assert.deepEqual(
        [q.correct_answer, q.answer_tolerance, q.answer_min, q.answer_max],
        [null, null, null, null],
        gql.text.slice(0, 300),
      );
    }
    const filter = await call('A', 'GET', '/api/questions?filters[answer_tolerance][$gt]=0');
    refused(filter, 'filter on the tolerance');
    const staff = await ok('admin', 'GET', `/api/questions/${t.ids.N}`);
    assert.equal(staff.answer_tolerance, 0.1);
    await ok('A', 'POST', '/api/test/prelims/submit', { attemptId: data.attempt.documentId });
  });

  test('item analysis counts each letter of multiple answers and marks numeric answers right', async () => {
    const t = await makeTest('Types items');
    await take('A', t, { M: ['a', 'c'], F: false, N: '9.85', S: 'b' }, 'scored');
    await take('B', t, { M: ['a', 'b'], F: true, N: '10', S: 'b' }, 'scored');
    const data = await ok('admin', 'GET', `/api/test-data?testId=${t.id}&attempt=best`);
    const item = (short) => data.items.find((i) => i.questionDocumentId === t.ids[short]);
    assert.deepEqual(
      item('M').options.map((o) => [o.option, o.correct, o.count]),
      [
        ['a', true, 2],
        ['b', false, 1],
        ['c', true, 1],
        ['d', false, 0],
      ],
    );
    assert.equal(item('M').facility, 0.5);
    assert.deepEqual(
      item('F').options.map((o) => [o.option, o.correct, o.count]),
      [
        ['true', false, 1],
        ['false', true, 1],
      ],
    );
    assert.equal(item('N').facility, 0.5);
    assert.deepEqual(item('N').options, []);
    assert.equal(item('R').correctAnswer, '1.5..2.5');
    assert.equal(item('S').facility, 1);
  });
});

describeOnPostgres(
  'PostgreSQL',
  async (db) => {
    // The SQLite server has done its part: this describe runs after the others.
    await server.stop();
    server = null;
    server = await startServer({ databaseUrl: db.url });
    await signIn();
    return server;
  },
  () => markingCases('PG types'),
);
