// Issue 25, the submit split: a submit closes the attempt at once and answers 202 "marking" when
// its marking is not done within EXAM_SUBMIT_WAIT_MS (0 here, so every first submit does); no save
// is accepted after the close; submitting again answers the one result once it is marked, however
// many submits race, on whichever process; and a closed attempt whose marking was lost (a process
// stopped mid-exam) is marked by the sweep. One boot on SQLite, then (with TEST_DATABASE_URL) two
// processes on one PostgreSQL database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { postgresPair } from './helpers/postgres-pair.mjs';
import { examClient } from './helpers/exam-client.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

const SPLIT_ENV = { EXAM_SUBMIT_WAIT_MS: '0', EXAM_SWEEP_RULE: '*/1 * * * * *' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Submits until the result comes (as the SPA does); every answer is 200 or 202. */
const submitUntilMarked = async (c, role, attemptId, on) => {
  for (let asked = 0; asked < 80; asked += 1) {
    const res = await c.call(role, 'POST', '/api/test/prelims/submit', { attemptId }, on);
    if (res.status === 200) return res.json.data.result;
    assert.equal(res.status, 202, res.text.slice(0, 400));
    await sleep(250);
  }
  throw new Error(`attempt ${attemptId} was not marked in 20 s`);
};

const cases = ({ c, one, other, resultsOf, closeWithoutResult }) => {
  test('a submit closes the attempt at once, answers 202, and the result follows', async () => {
    const { test: t } = await c.makeTest('Split submit');
    const d = await c.start('A', t, one());
    const [first, second] = d.answers;
    assert.equal((await c.save('A', first.documentId, 'a', 1, one())).status, 200);

    const res = await c.call('A', 'POST', '/api/test/prelims/submit', {
      attemptId: d.attempt.documentId,
    });
    assert.equal(res.status, 202, res.text.slice(0, 400));
    assert.equal(res.json.data.result, null);
    assert.equal(res.json.data.marking, true);
    const { retryAfterMs } = res.json.data;
    assert.ok(retryAfterMs >= 1000 && retryAfterMs <= 15000, `retryAfterMs ${retryAfterMs}`);

    // Closed: a save after the submit changes nothing.
    const late = await c.save('A', second.documentId, 'a', 1, other());
    assert.equal(late.status, 409, late.text.slice(0, 400));

    const result = await submitUntilMarked(c, 'A', d.attempt.documentId, other());
    assert.equal(Number(result.total_marks), 1);
    assert.equal(result.correct_count, 1);
    assert.equal(result.unanswered_count, 1, 'the refused save was not marked');
    assert.deepEqual(await resultsOf(d.attempt.documentId), [result.documentId]);
  });

  test('submits racing on both processes give one result', async () => {
    const { test: t } = await c.makeTest('Split race', 3);
    const d = await c.start('B', t, one());
    await c.save('B', d.answers[0].documentId, 'a', 1, one());
    await c.save('B', d.answers[1].documentId, 'b', 1, other());
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        submitUntilMarked(c, 'B', d.attempt.documentId, i % 2 ? one() : other()),
      ),
    );
    const ids = new Set(results.map((r) => r.documentId));
    assert.equal(ids.size, 1, `one result for all: ${[...ids]}`);
    assert.deepEqual(await resultsOf(d.attempt.documentId), [...ids]);
    assert.equal(Number(results[0].total_marks), 1);
    assert.equal(results[0].incorrect_count, 1);
  });

  test('the sweep marks a closed attempt whose marking was lost', async () => {
    const { test: t } = await c.makeTest('Split sweep');
    const d = await c.start('A', t, one());
    await c.save('A', d.answers[1].documentId, 'a', 1, one());
    // No result while the attempt is open (checked before the close: the sweep runs every second
    // and may mark the closed attempt before a check after it, on a busy machine).
    assert.deepEqual(await resultsOf(d.attempt.documentId), []);
    // Closed two minutes ago and never marked: as a process stopping between the two would leave it.
    await closeWithoutResult(d.attempt.documentId);
    let marked = [];
    for (let i = 0; i < 60 && marked.length === 0; i += 1) {
      await sleep(250);
      marked = await resultsOf(d.attempt.documentId);
    }
    assert.equal(marked.length, 1, 'the sweep wrote one result');
    const result = await submitUntilMarked(c, 'A', d.attempt.documentId, other());
    assert.equal(result.documentId, marked[0]);
    assert.equal(Number(result.total_marks), 1);
  });
};

const RESULTS_SQL = `SELECT r.document_id AS id FROM results r
  JOIN results_attempt_lnk ra ON ra.result_id = r.id
  JOIN attempts a ON a.id = ra.attempt_id
  WHERE a.document_id = ? ORDER BY r.id`;

describe('SQLite: one process', () => {
  let server;
  const c = examClient(() => server);
  before(async () => {
    server = await startServer({ extraEnv: SPLIT_ENV });
    await c.signIn(EXAM_ROLES);
  });
  after(() => server?.stop());
  cases({
    c,
    one: () => server,
    other: () => server,
    resultsOf: async (attempt) =>
      server
        .database()
        .prepare(RESULTS_SQL)
        .all(attempt)
        .map((r) => r.id),
    closeWithoutResult: async (attempt) => {
      const ago = Date.now() - 120_000;
      server
        .database()
        .prepare(
          `UPDATE attempts SET start_date_time = ?, end_date_time = ?, closed_by = 'learner'
            WHERE document_id = ?`,
        )
        .run(ago - 60_000, ago, attempt);
    },
  });
});

describe('PostgreSQL: two processes on one database', { skip: skipWithoutPostgres }, () => {
  const pair = postgresPair(SPLIT_ENV);
  const c = examClient(() => pair.one);
  before(() => c.signIn(EXAM_ROLES));
  cases({
    c,
    one: () => pair.one,
    other: () => pair.other,
    resultsOf: async (attempt) =>
      (await pair.db.query(RESULTS_SQL.replace('?', '$1'), [attempt])).rows.map((r) => r.id),
    closeWithoutResult: async (attempt) => {
      await pair.db.query(
        `UPDATE attempts SET start_date_time = now() - interval '3 minutes',
          end_date_time = now() - interval '2 minutes', closed_by = 'learner'
          WHERE document_id = $1`,
        [attempt],
      );
    },
  });
});
