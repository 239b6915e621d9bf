// The reports' summary (issue 22, modules/report-summary): item analysis and subject-wise figures
// read from the summary equal those computed from every answer, after submits (best and last
// differing), a regrade and an attempt's deletion (and the results list, whose counted results
// and best totals come from it too), on SQLite and (TEST_DATABASE_URL) PostgreSQL.
// The from-scratch figures are the same report narrowed to a batch holding every learner (a
// batch is never served by the summary); the test checks the summary did answer the other call.
// Learners take the test through the real exam flow (the submit queues them for the fold); on
// SQLite rows written around the server's writes (a script's SQL) are caught by the count check
// and rebuilt by the worker.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const WORKER = { SUMMARY_WORKER_MS: '300' };

const scenario = ({ boot, sql }) => {
  let server;
  const { users, call, ok, signIn } = asRoles(() => server);
  const f = {};

  const testRowId = async () =>
    Number((await sql(`SELECT id FROM tests WHERE document_id = '${f.test}'`))[0].id);

  /** The summary state of the test: kept, results it knows of, queued learners, counted picks. */
  const state = async () => {
    const id = await testRowId();
    const [row] = await sql(
      `SELECT (SELECT COUNT(*) FROM app_report_summary_tests WHERE test_id = ${id}) AS kept,
        (SELECT MAX(results) FROM app_report_summary_tests WHERE test_id = ${id}) AS known,
        (SELECT COUNT(*) FROM results_test_lnk WHERE test_id = ${id}) AS results,
        (SELECT COUNT(*) FROM app_report_summary_pending WHERE test_id = ${id}) AS queued,
        (SELECT COUNT(*) FROM app_report_summary_picks WHERE test_id = ${id}) AS picks`,
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  };

  /** Waits until the worker has the test's summary current (kept, nothing queued). */
  const settled = async () => {
    for (let i = 0; i < 100; i += 1) {
      const s = await state();
      if (s.kept === 1 && s.queued === 0 && s.known === s.results) return s;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`the summary did not settle: ${JSON.stringify(await state())}`);
  };

  const sit = async (role, choices) => {
    const started = await ok(role, 'POST', '/api/test/prelims/initialize', { testId: f.test });
    for (const [i, q] of f.questions.entries()) {
      const answer = started.answers.find((a) => a.question === q);
      const data = { revision: 1 };
      if (choices[i]) data.selected_answer = choices[i];
      if (i === 1 && role === 'B') data.mark_as_important = true;
      if (choices[i] || data.mark_as_important) {
        await ok(role, 'PUT', `/api/answers/${answer.documentId}`, { data });
      }
    }
    const t0 = performance.now();
    const done = await ok(role, 'POST', '/api/test/prelims/submit', {
      attemptId: started.attempt.documentId,
    });
    f.submitMs.push(performance.now() - t0);
    return { attempt: started.attempt.documentId, result: done.result.documentId };
  };

  /** Summary and from-scratch figures of both picks are the same; the summary answered. */
  const same = async (what) => {
    for (const attempt of ['best', 'last']) {
      const summary = await ok(
        'admin',
        'GET',
        `/api/test-data?testId=${f.test}&attempt=${attempt}`,
      );
      const s = await state();
      assert.equal(s.queued, 0, `${what}: the report folded what was queued`);
      assert.equal(s.known, s.results, `${what}: the summary knows every result`);
      assert.ok(s.picks > 0, `${what}: the summary counts results`);
      const scratch = await ok(
        'admin',
        'GET',
        `/api/test-data?testId=${f.test}&attempt=${attempt}&batchId=${f.batch}`,
      );
      assert.deepEqual(summary.groups, scratch.groups, `${what} ${attempt}: groups`);
      assert.deepEqual(summary.items, scratch.items, `${what} ${attempt}: items`);
      assert.deepEqual(summary.statistics, scratch.statistics, `${what} ${attempt}: statistics`);
      assert.deepEqual(summary.perBatch, scratch.perBatch, `${what} ${attempt}: per batch`);
      const subjects = await ok(
        'admin',
        'GET',
        `/api/reports/tests/${f.test}/subjects?attempt=${attempt}`,
      );
      const subjectsScratch = await ok(
        'admin',
        'GET',
        `/api/reports/tests/${f.test}/subjects?attempt=${attempt}&batchId=${f.batch}`,
      );
      assert.deepEqual(subjects, subjectsScratch, `${what} ${attempt}: subjects`);
      for (const sort of ['score:desc', 'name:asc', 'time:asc']) {
        const list = `/api/reports/tests/${f.test}/results?attempt=${attempt}&sort=${sort}`;
        const results = await call('admin', 'GET', list);
        const resultsScratch = await call('admin', 'GET', `${list}&batchId=${f.batch}`);
        assert.equal(results.status, 200, results.text);
        assert.deepEqual(results.json, resultsScratch.json, `${what} ${attempt} ${sort}: results`);
      }
    }
  };

  before(async () => {
    server = await boot();
    await signIn([
      ['A', 'student1'],
      ['B', 'student2'],
      ['admin', 'admin'],
    ]);
    f.submitMs = [];
    f.batch = (
      await ok('admin', 'POST', '/api/batches', {
        data: {
          Batch: 'Summary everyone',
          students: [users.A.student.documentId, users.B.student.documentId],
        },
      })
    ).documentId;
    const made = await testWithQuestions(
      ok,
      {
        TestName: 'Summary test',
        MaximumMarks: 8,
        PassMark: 3,
        pass_mark_unit: 'marks',
        max_attempts: 5,
        students: [users.A.student.documentId, users.B.student.documentId],
      },
      ['a', 'b', 'c', 'd'].map((key) =>
        mcq(`Summary ${key}?`, {
          correct_answer: key,
          points_correct_answer: 2,
          points_incorrect_answer: -0.5,
        }),
      ),
    );
    f.test = made.test.documentId;
    f.questions = made.questions;
  });

  after(async () => {
    await server?.stop();
  });

  test('after submits: the summary is backfilled, then follows each submit', async () => {
    f.a1 = await sit('A', ['a', 'b', 'a', null]); // 2 + 2 − 0.5 = 3.5
    f.b1 = await sit('B', ['b', 'b', 'c', 'd']); // −0.5 + 6 = 5.5
    await settled();
    await same('first submits');
    // A again, worse (last ≠ best), then B again, better; the reports fold them at once.
    f.a2 = await sit('A', ['c', null, null, null]); // −0.5
    f.b2 = await sit('B', ['a', 'b', 'c', 'd']); // 8
    await same('second submits');
    const best = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
    const last = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=last`);
    // Q1 best: A's a (right) and B's a (right); last: A's c, B's a.
    assert.deepEqual(
      best.items[0].options.map((o) => o.count),
      [2, 0, 0, 0],
    );
    assert.deepEqual(
      last.items[0].options.map((o) => o.count),
      [1, 0, 1, 0],
    );
    assert.equal(best.items[1].markedImportant, 1);
    console.log(`submit times (ms): ${f.submitMs.map((ms) => ms.toFixed(1)).join(', ')}`);
  });

  test('after a regrade: rebuilt in the regrade, the figures follow the new key', async () => {
    await ok('admin', 'PUT', `/api/questions/${f.questions[2]}`, { data: { correct_answer: 'a' } });
    await ok('admin', 'POST', `/api/tests/${f.test}/regrade`, {});
    await same('regrade');
    const best = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
    assert.equal(best.items[2].correctAnswer, 'a');
  });

  test('after an attempt is deleted: its result leaves the figures', async () => {
    const res = await call('admin', 'DELETE', `/api/attempts/${f.b2.attempt}`);
    assert.ok(res.status < 300, res.text);
    await same('delete');
    const last = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=last`);
    // B's last is now their first attempt: Q1 chosen b.
    assert.deepEqual(
      last.items[0].options.map((o) => o.count),
      [0, 1, 1, 0],
    );
  });

  test('rows changed around the server are caught by the count and rebuilt', async () => {
    const before = await state();
    // A's second result unlinked from the test by SQL alone (no queue, no rebuild).
    await sql(
      `DELETE FROM results_test_lnk WHERE result_id =
         (SELECT id FROM results WHERE document_id = '${f.a2.result}')`,
    );
    assert.equal((await state()).results, before.results - 1);
    await settled();
    await same('changed around');
    const last = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=last`);
    // A's last is their first attempt again: Q1 chosen a; B's first: b.
    assert.deepEqual(
      last.items[0].options.map((o) => o.count),
      [1, 1, 0, 0],
    );
  });

  test('after a learner is deleted: their results leave the figures', async () => {
    await ok('admin', 'POST', '/api/students-custom/delete', {
      documentIds: [users.B.student.documentId],
    });
    await same('learner deleted');
    const best = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
    assert.equal(best.groups.learners, 1);
  });
};

describe('report summary on SQLite', () => {
  let server;
  scenario({
    boot: async () => {
      server = await startServer({ extraEnv: WORKER });
      return server;
    },
    sql: async (text) => {
      const statement = server.database().prepare(text);
      return statement.reader ? statement.all() : (statement.run(), []);
    },
  });
});

describe('report summary on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let database;
  let server;
  scenario({
    boot: async () => {
      database = await createSeededDatabase();
      server = await startServer({ databaseUrl: database.url, extraEnv: WORKER });
      return {
        ...server,
        stop: async () => {
          await server.stop();
          await database.drop();
        },
      };
    },
    sql: async (text) => (await database.query(text)).rows,
  });
});
