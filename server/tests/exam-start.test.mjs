// Issue 25, a cheap start: the test's learner-facing part cached per test version (a learner
// starting after a question edit, a new question or a test edit gets the new test, also when the
// edit went through another process), and the answer rows written lazily (a question's first save
// writes its row once, even when several saves race; nobody writes a row through another learner's
// or a made-up handle; the close writes the rest). One boot on SQLite, then (with
// TEST_DATABASE_URL) two processes on one PostgreSQL database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { postgresPair } from './helpers/postgres-pair.mjs';
import { examClient as client } from './helpers/exam-client.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

/** The cases, on one server (`one`) or two sharing a database (`other` gets the staff edits). */
const cases = ({ c, one, other, rowsOf }) => {
  test('a learner starting after a question edit, a new question or a test edit gets the new test', async () => {
    const { test: t, questions } = await c.makeTest('Cache edits');
    const first = await c.start('A', t, one());
    assert.deepEqual(
      first.questions.map((q) => q.question),
      ['Q1 of Cache edits?', 'Q2 of Cache edits?'],
    );
    await c.ok(
      'admin',
      'PUT',
      `/api/questions/${questions[0]}`,
      { data: { question: 'Q1 edited?', option_b: 'B edited' } },
      other(),
    );
    const second = await c.start('B', t, one());
    assert.equal(second.questions[0].question, 'Q1 edited?');
    assert.equal(second.questions[0].option_b, 'B edited');
    // A resume reads the same new text (the read shares the cache).
    const resumed = await c.start('A', t, one());
    assert.equal(resumed.questions[0].question, 'Q1 edited?');
    // A question added: the next attempt has it (the running ones keep their own questions).
    await c.addQuestion(t, 'Q3 added?');
    await c.submit('B', second.attempt.documentId, one());
    const third = await c.start('B', t, one());
    assert.deepEqual(
      third.questions.map((q) => q.question),
      ['Q1 edited?', 'Q2 of Cache edits?', 'Q3 added?'],
    );
    assert.equal(third.answers.length, 3);
    const again = await c.start('A', t, one());
    assert.equal(again.answers.length, 2, 'an attempt keeps the questions it started with');
    // A test edit (its shuffle switch): the next attempt follows it.
    await c.ok('admin', 'PUT', `/api/tests/${t}`, { data: { shuffle_options: true } }, other());
    await c.submit('B', third.attempt.documentId, one());
    const fourth = await c.start('B', t, one());
    assert.ok(fourth.questions.every((q) => Array.isArray(q.option_order)));
    await c.submit('A', again.attempt.documentId, one());
    await c.submit('B', fourth.attempt.documentId, one());
  });

  test("a question's first saves racing write one row; other handles write nothing", async () => {
    const { test: t } = await c.makeTest('Lazy rows', 3);
    const d = await c.start('A', t, one());
    const [a0, a1] = d.answers.map((a) => a.documentId);
    assert.deepEqual(await rowsOf(d.attempt.documentId), [], 'the start wrote no answer row');
    const saves = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        c.save('A', a0, i % 2 === 0 ? 'b' : 'c', i + 1, i % 2 === 0 ? one() : other()),
      ),
    );
    assert.ok(
      saves.every((r) => r.status === 200),
      saves.map((r) => r.text).join('\n'),
    );
    let rows = await rowsOf(d.attempt.documentId);
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.equal(rows[0].document_id, a0);
    assert.equal(rows[0].selected_answer, 'c', 'revision 24 stands');
    // Another learner's handle, a slot past the end, a made-up attempt: 404, nothing written.
    for (const [role, id] of [
      ['B', a1],
      ['A', `${d.attempt.documentId}-3`],
      ['A', `${'x'.repeat(24)}-0`],
    ]) {
      const res = await c.save(role, id, 'a', 1, one());
      assert.equal(res.status, 404, `${role} ${id}: ${res.text}`);
    }
    rows = await rowsOf(d.attempt.documentId);
    assert.equal(rows.length, 1);
    // The read shows the saved answer and the blank ones, in the test's order.
    const read = await c.ok(
      'A',
      'GET',
      `/api/test/prelims/attempts/${d.attempt.documentId}`,
      undefined,
      one(),
    );
    assert.deepEqual(
      read.answers.map((a) => [a.documentId, a.selected_answer, a.revision]),
      d.answers.map((a, i) => [a.documentId, i === 0 ? 'c' : null, i === 0 ? 24 : 0]),
    );
    // The close writes the rest and marks every row: 1 answered wrong (0), 2 unanswered.
    const done = await c.submit('A', d.attempt.documentId, one());
    assert.equal(done.result.unanswered_count, 2);
    assert.equal(done.result.incorrect_count, 1);
    rows = await rowsOf(d.attempt.documentId);
    assert.deepEqual(
      rows.map((r) => [r.document_id, r.selected_answer, Number(r.points) + 0]),
      d.answers.map((a, i) => [a.documentId, i === 0 ? 'c' : null, 0]),
    );
    const late = await c.save('A', d.answers[1].documentId, 'a', 25, one());
    assert.equal(late.status, 409, late.text);
  });

  test('first saves racing the submit: one row per question, every acknowledged answer marked', async () => {
    const { test: t } = await c.makeTest('Close race', 12);
    const d = await c.start('B', t, one());
    const ids = d.answers.map((a) => a.documentId);
    // Every question's first save (the right answer, 1 point each) on both processes, with the
    // submit sent among them: each save is either stored before the close (200) or refused (409).
    const saving = ids.map((id, i) => c.save('B', id, 'a', 1, i % 2 === 0 ? one() : other()));
    const done = await c.submit('B', d.attempt.documentId, other());
    const saves = await Promise.all(saving);
    assert.ok(
      saves.every((r) => r.status === 200 || r.status === 409),
      saves.map((r) => `${r.status} ${r.text}`).join('\n'),
    );
    const acknowledged = saves.filter((r) => r.status === 200).length;
    const rows = await rowsOf(d.attempt.documentId);
    assert.deepEqual(
      rows.map((r) => r.document_id),
      [...ids].sort(),
      'one row per question, none twice',
    );
    const marked = rows.filter((r) => Number(r.points) === 1).length;
    assert.equal(marked, acknowledged, 'every acknowledged save is in the result, no other');
    assert.equal(done.result.correct_count, acknowledged);
  });
};

const ROWS_SQL = `SELECT a.document_id, a.selected_answer, a.points
  FROM answers a JOIN answers_attempt_lnk aa ON aa.answer_id = a.id
  JOIN attempts t ON t.id = aa.attempt_id
  WHERE t.document_id = ? ORDER BY a.document_id`;

describe('SQLite: one process', () => {
  let server;
  const c = client(() => server);
  before(async () => {
    server = await startServer();
    await c.signIn(EXAM_ROLES);
  });
  after(() => server?.stop());
  cases({
    c,
    one: () => server,
    other: () => server,
    rowsOf: async (attempt) => server.database().prepare(ROWS_SQL).all(attempt),
  });

  test('the slots are not readable through REST or GraphQL (a private attribute)', async () => {
    const { test: t } = await c.makeTest('Slots private');
    const d = await c.start('A', t, server);
    const stored = server
      .database()
      .prepare('SELECT answer_slots FROM attempts WHERE document_id = ?')
      .get(d.attempt.documentId);
    assert.equal(JSON.parse(stored.answer_slots).q.length, 2);
    for (const role of ['A', 'admin']) {
      const res = await c.call(role, 'GET', `/api/attempts/${d.attempt.documentId}`);
      assert.equal(res.status, 200, res.text.slice(0, 400));
      assert.ok(!res.text.includes('answer_slots'), res.text.slice(0, 400));
      const gql = await c.call(role, 'POST', '/api/graphql', {
        query: `{ attempts { documentId answer_slots } }`,
      });
      assert.ok(gql.json?.errors?.length > 0, gql.text.slice(0, 400));
      assert.doesNotMatch(gql.text, /"answer_slots":/);
    }
    assert.ok(!JSON.stringify(d).includes('answer_slots'), 'not in the start answer either');
    await c.submit('A', d.attempt.documentId, server);
  });
});

describe('PostgreSQL: two processes on one database', { skip: skipWithoutPostgres }, () => {
  const pair = postgresPair();
  const c = client(() => pair.one);
  before(() => c.signIn(EXAM_ROLES));
  cases({
    c,
    one: () => pair.one,
    other: () => pair.other,
    rowsOf: async (attempt) =>
      (await pair.db.query(ROWS_SQL.replace('?', '$1'), [attempt])).rows.map((r) => ({
        ...r,
        points: r.points === null ? null : Number(r.points),
      })),
  });
});
