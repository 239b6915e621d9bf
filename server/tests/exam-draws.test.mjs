// Random draws from the question pool (issue 26): a test section may draw N questions at random
// from the pool (filters of the pool list). Each learner gets their own draw, fixed at the start and
// kept on resume, different between learners; the keys never reach the learner; saves are accepted
// only for the learner's own slots; marking (with the draw's marks and negative marks), review,
// item analysis and the preview work per drawn question, and a pool question edited or deleted
// after the start changes neither the attempt's questions nor its marking. Bad draws are a 400 that
// changes nothing. One boot on SQLite, then (with TEST_DATABASE_URL) the same cases on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { signInDemo, startServer } from './helpers/server.mjs';

const LETTERS = ['a', 'b', 'c', 'd'];
const POOL_SIZE = 30;
const DRAW = 5;

const suite = (name, options) =>
  describe(name, options.describe ?? {}, () => {
    let server;
    let db;
    const tokens = {};
    const users = {};
    const f = {};

    const call = (role, method, path, body) =>
      server.request(method, path, { token: tokens[role], body });
    const ok = async (role, method, path, body) => {
      const res = await call(role, method, path, body);
      assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text.slice(0, 400)}`);
      return res.json?.data ?? res.json;
    };
    const start = async (role, testId) => {
      const res = await call(role, 'POST', '/api/test/prelims/initialize', { testId });
      assert.ok(res.status === 200 || res.status === 201, res.text.slice(0, 400));
      return { data: res.json.data, text: res.text };
    };
    const save = (role, answerId, letter, revision = 1) =>
      call(role, 'PUT', `/api/answers/${answerId}`, {
        data: { selected_answer: letter, revision },
      });
    /** Opens a section of the attempt (free order: the learner moves between tabs). */
    const move = (role, data, section) =>
      ok(role, 'POST', '/api/test/prelims/section', {
        attemptId: data.attempt.documentId,
        section,
      });
    const drawnOf = (data) => data.questions.filter((q) => q.question.startsWith(f.prefix));
    const keyOfText = (text) => text.match(/key ([a-d])$/)[1];
    const answerIdOf = (data, q) =>
      data.answers.find((a) => a.question === q.documentId).documentId;
    const count = async (table) => {
      const res = options.postgres
        ? (await db.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0]
        : server.database().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get();
      return Number(res.n);
    };

    /** A test with one fixed question (section Fixed) and a section drawing `draw` from the pool. */
    const makeTest = async (testName, draw, data = {}) => {
      const test = await ok('admin', 'POST', '/api/tests', {
        data: {
          TestName: testName,
          TestDuration: 30,
          MaximumMarks: 20,
          students: [users.A.student.documentId, users.B.student.documentId],
          review_answer_key: 'after_each_attempt',
          sections: [
            { name: 'Fixed', minutes: 10, subjects: [f.fixedSubjectName] },
            { name: 'Drawn', minutes: 20, subjects: [], draw },
          ],
          ...data,
        },
      });
      await ok('admin', 'POST', '/api/questions', {
        data: {
          question: `${testName} fixed?`,
          option_a: 'A',
          option_b: 'B',
          option_c: 'C',
          option_d: 'D',
          correct_answer: 'a',
          points_correct_answer: 1,
          test: test.documentId,
          subject: f.fixedSubject,
        },
      });
      return test.documentId;
    };
    const draw = (extra = {}) => ({
      count: DRAW,
      marks: 2,
      negative: 0.5,
      filters: { subject: f.poolSubject, tag: f.tag },
      ...extra,
    });

    before(async () => {
      if (options.postgres) db = await createSeededDatabase();
      server = await startServer(db ? { databaseUrl: db.url } : {});
      await signInDemo(
        server,
        [
          ['admin', 'admin'],
          ['A', 'student1'],
          ['B', 'student2'],
        ],
        tokens,
        users,
      );
      f.prefix = `${name} pool`;
      f.tag = options.postgres ? 'drawpg' : 'drawlite';
      const subject = async (SubjectName) =>
        (await ok('admin', 'POST', '/api/subjects', { data: { SubjectName } })).documentId;
      f.poolSubject = await subject(`${name} Pool subject`);
      f.fixedSubjectName = `${name} Fixed subject`;
      f.fixedSubject = await subject(f.fixedSubjectName);
      f.pool = [];
      for (let i = 0; i < POOL_SIZE; i += 1) {
        const key = LETTERS[i % 4];
        const q = await ok('admin', 'POST', '/api/question-pools', {
          data: {
            question: `${f.prefix} ${i} key ${key}`,
            option_a: 'A',
            option_b: 'B',
            option_c: 'C',
            option_d: 'D',
            correct_answer: key,
            explanation: `Because ${i}`,
            points_correct_answer: 7,
            subject: f.poolSubject,
            tags: [f.tag],
          },
        });
        f.pool.push(q.documentId);
      }
      // Outside the filters (another tag): never drawn.
      await ok('admin', 'POST', '/api/question-pools', {
        data: {
          question: `Outside ${name}`,
          option_a: 'A',
          option_b: 'B',
          option_c: 'C',
          option_d: 'D',
          correct_answer: 'a',
          points_correct_answer: 1,
          subject: f.poolSubject,
          tags: ['elsewhere'],
        },
      });
      f.test = await makeTest(`${name} T`, draw());
    });

    after(async () => {
      await server?.stop();
      await db?.drop();
    });

    test('a bad draw is a 400 naming the problem and changes nothing', async () => {
      const before = await ok('admin', 'GET', `/api/tests/${f.test}`);
      const cases = [
        [draw({ count: 0 }), /count: a whole number from 1 to 200/],
        [draw({ count: 201 }), /count: a whole number from 1 to 200/],
        [draw({ count: 2.5 }), /count/],
        [draw({ marks: undefined }), /marks/],
        [draw({ marks: -1 }), /marks/],
        [draw({ filters: { colour: 'red' } }), /unknown filter/],
        [draw({ filters: { type: 'essay' } }), /Type must be one of/],
        [draw({ filters: { type: 'Descriptive' } }), /descriptive/],
        [draw({ filters: { difficulty: 'extreme' } }), /Difficulty/],
        [draw({ filters: { subject: 'a'.repeat(24) } }), /unknown subject/],
        [draw({ count: POOL_SIZE + 1 }), new RegExp(`only ${POOL_SIZE} pool questions match`)],
        [
          draw({ count: 10, marks: 3 }),
          /worth 30 marks, more than the test's maximum marks \(20\)/,
        ],
        ['five', /a draw is/],
      ];
      for (const [bad, message] of cases) {
        const res = await call('admin', 'PUT', `/api/tests/${f.test}`, {
          data: {
            sections: [
              { name: 'Fixed', minutes: 10, subjects: [f.fixedSubjectName] },
              { name: 'Drawn', minutes: 20, subjects: [], draw: bad },
            ],
          },
        });
        assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${res.text.slice(0, 300)}`);
        assert.match(res.json.error.message, message);
      }
      // Two sections with the same filters share the pool: 20 + 20 of 30 cannot both be drawn.
      const both = await call('admin', 'PUT', `/api/tests/${f.test}`, {
        data: {
          MaximumMarks: 100,
          sections: [
            { name: 'One', minutes: 10, subjects: [f.fixedSubjectName], draw: draw({ count: 20 }) },
            { name: 'Two', minutes: 20, subjects: [], draw: draw({ count: 20 }) },
          ],
        },
      });
      assert.equal(both.status, 400, both.text.slice(0, 300));
      assert.match(both.json.error.message, /take 40 questions but only 30 pool questions match/);
      const after = await ok('admin', 'GET', `/api/tests/${f.test}`);
      assert.equal(after.MaximumMarks, 20);
      assert.deepEqual(after.sections, before.sections);
      assert.equal(after.sections[1].draw.count, DRAW);
    });

    test('each learner gets their own draw, without keys, kept on resume', async () => {
      const a = await start('A', f.test);
      const drawnA = drawnOf(a.data);
      assert.equal(a.data.questions.length, 1 + DRAW);
      assert.equal(drawnA.length, DRAW);
      assert.equal(new Set(drawnA.map((q) => q.question)).size, DRAW, 'no question twice');
      assert.ok(
        drawnA.every((q) => q.section === 1),
        'drawn questions are in the draw section',
      );
      // No key, no points, nothing internal in the start's answer.
      assert.doesNotMatch(
        a.text,
        /correct_answer|explanation|points_correct|points_incorrect|draw_key|draw_test_id|source_pool_id|Because \d/,
      );
      // The drawn questions are copies, never the pool rows themselves.
      assert.ok(drawnA.every((q) => !f.pool.includes(q.documentId)));
      const resumed = await start('A', f.test);
      assert.equal(resumed.data.resumed, true);
      assert.deepEqual(
        resumed.data.questions.map((q) => [q.documentId, q.question]),
        a.data.questions.map((q) => [q.documentId, q.question]),
      );
      assert.deepEqual(
        resumed.data.answers.map((x) => [x.documentId, x.question]),
        a.data.answers.map((x) => [x.documentId, x.question]),
      );
      assert.doesNotMatch(resumed.text, /correct_answer|draw_key|Because \d/);
      const b = await start('B', f.test);
      const drawnB = drawnOf(b.data);
      assert.equal(drawnB.length, DRAW);
      // 5 of 30: the same set for both has a chance of 1 in 142,506.
      assert.notDeepEqual(
        drawnB.map((q) => q.question).sort(),
        drawnA.map((q) => q.question).sort(),
      );
      f.a = a.data;
      f.b = b.data;
    });

    test('a drawn copy is read only through the attempt: not by REST, populate or GraphQL', async () => {
      const copy = drawnOf(f.a)[0];
      const own = await call('A', 'GET', `/api/questions/${copy.documentId}`);
      assert.ok([403, 404].includes(own.status), `learner GET copy: ${own.status}`);
      const populated = await call(
        'A',
        'GET',
        '/api/questions?populate=*&pagination[pageSize]=100',
      );
      assert.equal(populated.status, 200);
      assert.ok(!populated.text.includes(f.prefix), 'no drawn copy in the learner list');
      assert.doesNotMatch(populated.text, /draw_key|draw_test_id/);
      const gql = await call('A', 'POST', '/api/graphql', {
        query: '{ questions(pagination: { pageSize: 100 }) { documentId question } }',
      });
      assert.ok(!gql.text.includes(f.prefix), gql.text.slice(0, 300));
      // Staff see the copy, never its private draw fields.
      const staffRead = await call('admin', 'GET', `/api/questions/${copy.documentId}`);
      assert.doesNotMatch(staffRead.text, /draw_key|draw_test_id|source_pool_id/);
    });

    test('a learner saves only to the slots of their own draw', async () => {
      const a = f.a;
      const [first] = drawnOf(a);
      await move('A', a, 1);
      assert.equal((await save('A', answerIdOf(a, first), keyOfText(first.question))).status, 200);
      // B's slot, a slot past A's draw, a pool question's id: no such answer for A.
      const bSlot = answerIdOf(f.b, drawnOf(f.b)[0]);
      const beyond = `${a.attempt.documentId}-${a.questions.length}`;
      for (const id of [bSlot, beyond, f.pool[0], drawnOf(f.b)[0].documentId]) {
        const res = await save('A', id, 'a');
        assert.ok(res.status === 404 || res.status === 403, `${id}: ${res.status}`);
      }
      const stored = options.postgres
        ? (await db.query('SELECT COUNT(*) AS n FROM answers WHERE document_id = $1', [bSlot]))
            .rows[0]
        : server
            .database()
            .prepare('SELECT COUNT(*) AS n FROM answers WHERE document_id = ?')
            .get(bSlot);
      assert.equal(Number(stored.n), 0, "nothing written for B's slot");
    });

    test('marking per drawn question with the draw marks and negative marks, after the pool changed', async () => {
      const a = f.a;
      const drawn = drawnOf(a);
      // The pool question of A's second drawn question is edited (text and key) and the third's is
      // deleted: A's attempt keeps the questions and keys it started with.
      const textOf = (q) => q.question;
      const poolIdOf = (q) =>
        f.pool[
          Number(
            textOf(q)
              .slice(f.prefix.length + 1)
              .split(' ')[0],
          )
        ];
      await ok('admin', 'PUT', `/api/question-pools/${poolIdOf(drawn[1])}`, {
        data: { question: `${f.prefix} edited after the start key d`, correct_answer: 'd' },
      });
      const del = await call('admin', 'DELETE', `/api/question-pools/${poolIdOf(drawn[2])}`);
      assert.ok(del.status < 300, del.text);
      const resumed = (await start('A', f.test)).data;
      assert.deepEqual(
        drawnOf(resumed).map(textOf),
        drawn.map(textOf),
        'the draw is unchanged by the pool edit',
      );
      // Fixed: right (+1). Drawn: 0 right (saved before), 1 right, 2 right, 3 wrong, 4 blank.
      const fixed = a.questions.find((q) => !q.question.startsWith(f.prefix));
      await move('A', a, 0);
      assert.equal((await save('A', answerIdOf(a, fixed), 'a')).status, 200);
      await move('A', a, 1);
      for (const i of [1, 2]) {
        const q = drawn[i];
        assert.equal((await save('A', answerIdOf(a, q), keyOfText(q.question))).status, 200);
      }
      const wrong = LETTERS[(LETTERS.indexOf(keyOfText(drawn[3].question)) + 1) % 4];
      assert.equal((await save('A', answerIdOf(a, drawn[3]), wrong)).status, 200);
      const submitted = await ok('A', 'POST', '/api/test/prelims/submit', {
        attemptId: a.attempt.documentId,
      });
      // 1 + 3 × 2 − 0.5 (the draw's marks, not the pool's 7).
      assert.equal(submitted.result.total_marks, 6.5);
      const review = await ok(
        'A',
        'GET',
        `/api/test/prelims/results/${submitted.result.documentId}`,
      );
      assert.equal(review.questions.length, 1 + DRAW);
      const byText = new Map(review.questions.map((q) => [q.question, q]));
      for (const q of drawn) {
        const r = byText.get(q.question);
        assert.ok(r, `${q.question} reviewed as it was drawn`);
        assert.equal(r.correct_answer, keyOfText(q.question));
        assert.equal(r.points_correct_answer, 2);
        assert.equal(r.points_incorrect_answer, -0.5);
      }
      assert.equal(byText.get(drawn[3].question).points, -0.5);
      assert.equal(byText.get(drawn[4].question).points, 0);
      assert.equal(byText.get(drawn[1].question).points, 2);
      f.drawnA = drawn;
    });

    test('the item analysis has an item per drawn question', async () => {
      await ok('B', 'POST', '/api/test/prelims/submit', { attemptId: f.b.attempt.documentId });
      let data;
      for (let i = 0; i < 50; i += 1) {
        data = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
        if (data.items.filter((x) => x.takers > 0).length >= 1 + DRAW) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const items = new Map(data.items.map((x) => [x.questionDocumentId, x]));
      for (const q of f.drawnA) {
        const item = items.get(q.documentId);
        assert.ok(item, `an item for ${q.question}`);
        assert.ok(item.takers >= 1);
      }
      // Only the questions somebody drew (one copy per drawn pool question, shared by learners).
      const drawnIds = new Set([...f.drawnA, ...drawnOf(f.b)].map((q) => q.documentId));
      assert.equal(data.items.length, 1 + drawnIds.size);
    });

    test('the preview shows a sample draw (keys only when asked), writing nothing', async () => {
      const questionsBefore = await count('questions');
      const attemptsBefore = await count('attempts');
      const preview = await ok('admin', 'GET', `/api/tests/${f.test}/preview?key=true`);
      const drawn = preview.questions.filter((q) => q.drawn === true);
      assert.equal(drawn.length, DRAW);
      assert.ok(drawn.every((q) => q.section === 1 && q.question.startsWith(f.prefix)));
      for (const q of drawn) {
        assert.equal(preview.keys[q.documentId].correct_answer, keyOfText(q.question));
        assert.equal(preview.keys[q.documentId].points_correct_answer, 2);
      }
      const plain = await ok('admin', 'GET', `/api/tests/${f.test}/preview`);
      assert.equal(plain.keys, null);
      assert.doesNotMatch(JSON.stringify(plain.questions), /correct_answer|Because/);
      assert.equal(await count('questions'), questionsBefore);
      assert.equal(await count('attempts'), attemptsBefore);
      const learner = await call('A', 'GET', `/api/tests/${f.test}/preview`);
      assert.equal(learner.status, 403);
    });

    test('learners drawing the same pool questions share one copy of each', async () => {
      const tag = `${f.tag}-small`;
      for (let i = 0; i < 3; i += 1) {
        await ok('admin', 'POST', '/api/question-pools', {
          data: {
            question: `${f.prefix} small ${i} key a`,
            option_a: 'A',
            option_b: 'B',
            option_c: 'C',
            option_d: 'D',
            correct_answer: 'a',
            points_correct_answer: 1,
            tags: [tag],
          },
        });
      }
      const testId = await makeTest(`${name} together`, draw({ count: 3, filters: { tag } }));
      const [a, b] = await Promise.all([start('A', testId), start('B', testId)]);
      const ids = (data) =>
        drawnOf(data.data)
          .map((q) => q.documentId)
          .sort();
      // Every learner draws all three: the same three copies, not six. (The two starts are sent
      // together, but this does not prove the PostgreSQL lock in draws.ts: the race is rare.)
      assert.equal(ids(a).length, 3);
      assert.deepEqual(ids(a), ids(b));
    });

    test('a start is refused (409, nothing created) when the pool no longer has enough', async () => {
      const testId = await makeTest(`${name} short`, draw({ count: POOL_SIZE - 1, marks: 0.5 }));
      const pool = await ok('admin', 'GET', `/api/questionPool-search?tag=${f.tag}&pageSize=100`);
      // Two questions gone (one was deleted above): 28 < 29.
      await call('admin', 'DELETE', `/api/question-pools/${pool[0]?.documentId ?? ''}`);
      const attemptsBefore = await count('attempts');
      const questionsBefore = await count('questions');
      const res = await call('B', 'POST', '/api/test/prelims/initialize', { testId });
      assert.equal(res.status, 409, res.text);
      assert.match(res.json.error.message, /only 28 match now/);
      assert.equal(await count('attempts'), attemptsBefore);
      assert.equal(await count('questions'), questionsBefore);
    });
  });

suite('random draws (SQLite)', {});
suite('random draws (PostgreSQL)', { postgres: true, describe: { skip: skipWithoutPostgres } });
