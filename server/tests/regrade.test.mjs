// Regrade after a key or marks change (issue 23): the preview's counts, the regrade's new points,
// totals, counts, verdicts and ranks (the learner's review and the staff results list), the audit
// entry and its scope, the learners' notices, a failure in the middle rolling everything back,
// an unchanged key changing nothing. Two learners take a three-question test through the real
// exam flow; the same scenario runs on PostgreSQL when TEST_DATABASE_URL is set.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));

/**
 * The scenario, on a server booted by `boot` (SQLite or PostgreSQL); `sql(text)` runs a statement
 * on its database (answers rows), used to snapshot marks and to add a failing trigger.
 *
 * Test: PassMark 3 marks. q1 key a (+2/-1), q2 key b (+2/-1), q3 key c (+2/0).
 * A answers b, b, c → -1 + 2 + 2 = 3 (passed, rank 1); B answers a, a, – → 2 - 1 + 0 = 1 (failed).
 * Staff then set q2's key to a and q3's correct points to 3:
 * A → -1 - 1 + 3 = 1 (failed, rank 2); B → 2 + 2 + 0 = 4 (passed, rank 1).
 */
const scenario = ({ boot, sql, failingTrigger, dropTrigger, holdLock }) => {
  let server;
  const { users, call, ok, signIn } = asRoles(() => server);
  const f = {};

  const snapshot = async () => ({
    answers: await sql(
      `SELECT a.id, a.points FROM answers a JOIN answers_attempt_lnk aa ON aa.answer_id = a.id
        JOIN attempts_test_lnk tl ON tl.attempt_id = aa.attempt_id
        WHERE tl.test_id = (SELECT id FROM tests WHERE document_id = '${f.test}') ORDER BY a.id`,
    ),
    results: await sql(
      `SELECT r.id, r.total_marks, r.passed, r.correct_count, r.incorrect_count,
          r.unanswered_count FROM results r JOIN results_test_lnk rt ON rt.result_id = r.id
        WHERE rt.test_id = (SELECT id FROM tests WHERE document_id = '${f.test}') ORDER BY r.id`,
    ),
    audits: (await sql('SELECT COUNT(*) AS n FROM audit_entries'))[0].n,
  });

  const sit = async (role, choices) => {
    const started = await ok(role, 'POST', '/api/test/prelims/initialize', { testId: f.test });
    for (const [i, q] of f.questions.entries()) {
      if (!choices[i]) continue;
      const answer = started.answers.find((a) => a.question === q);
      await ok(role, 'PUT', `/api/answers/${answer.documentId}`, {
        data: { selected_answer: choices[i], revision: 1 },
      });
    }
    const done = await ok(role, 'POST', '/api/test/prelims/submit', {
      attemptId: started.attempt.documentId,
    });
    return done.result.documentId;
  };

  const review = (role, resultId) => ok(role, 'GET', `/api/test/prelims/results/${resultId}`);

  before(async () => {
    server = await boot();
    await signIn([
      ['A', 'student1'],
      ['B', 'student2'],
      ['faculty', 'faculty'],
      ['faculty2', 'faculty2'],
      ['admin', 'admin'],
    ]);
    const made = await testWithQuestions(
      ok,
      {
        TestName: 'Regrade test',
        MaximumMarks: 6,
        PassMark: 3,
        pass_mark_unit: 'marks',
        students: [users.A.student.documentId, users.B.student.documentId],
        faculties: [users.faculty.faculty.documentId],
      },
      [
        ['a', 2, -1],
        ['b', 2, -1],
        ['c', 2, 0],
      ].map(([key, plus, minus]) =>
        mcq(`Question ${key}?`, {
          correct_answer: key,
          points_correct_answer: plus,
          points_incorrect_answer: minus,
        }),
      ),
    );
    f.test = made.test.documentId;
    f.questions = made.questions;
    f.resultA = await sit('A', ['b', 'b', 'c']);
    f.resultB = await sit('B', ['a', 'a', null]);
    const empty = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Nobody took it', TestDuration: 30 },
    });
    f.emptyTest = empty.documentId;
  });

  after(async () => {
    await server?.stop();
  });

  test('the starting marks are those of the submit', async () => {
    const a = await review('A', f.resultA);
    const b = await review('B', f.resultB);
    assert.deepEqual([a.result.total_marks, a.result.passed, a.rank], [3, true, 1]);
    assert.deepEqual([b.result.total_marks, b.result.passed, b.rank], [1, false, 2]);
  });

  test('an unchanged key changes nothing: the preview counts none and the regrade writes none', async () => {
    const preview = await ok('admin', 'GET', `/api/tests/${f.test}/regrade`);
    assert.equal(preview.results, 2);
    assert.deepEqual(
      [preview.attempts_affected, preview.results_changed, preview.marks_change],
      [0, 0, 0],
    );
    assert.deepEqual(preview.questions, []);
    const before = await snapshot();
    const done = await ok('admin', 'POST', `/api/tests/${f.test}/regrade`);
    assert.equal(done.results_changed, 0);
    assert.equal(done.notified, 0);
    const afterwards = await snapshot();
    assert.deepEqual(afterwards.answers, before.answers);
    assert.deepEqual(afterwards.results, before.results);
  });

  test('who may regrade: staff who may write the test; learners never; no attempts is a 400', async () => {
    expectError(await call('A', 'GET', `/api/tests/${f.test}/regrade`), 403);
    expectError(await call('A', 'POST', `/api/tests/${f.test}/regrade`), 403);
    expectError(await call('admin', 'GET', '/api/tests/no-such-test/regrade'), 404);
    expectError(
      await call('admin', 'GET', `/api/tests/${f.emptyTest}/regrade`),
      400,
      'Nothing to regrade.',
    );
    expectError(
      await call('faculty', 'POST', `/api/tests/${f.emptyTest}/regrade`),
      400,
      'Nothing to regrade.',
    );
    await ok('faculty', 'GET', `/api/tests/${f.test}/regrade`);
  });

  test('after a key and a marks change the preview counts the changes and changes nothing', async () => {
    await ok('admin', 'PUT', `/api/questions/${f.questions[1]}`, { data: { correct_answer: 'a' } });
    await ok('admin', 'PUT', `/api/questions/${f.questions[2]}`, {
      data: { points_correct_answer: 3 },
    });
    const before = await snapshot();
    const preview = await ok('faculty', 'GET', `/api/tests/${f.test}/regrade`);
    assert.equal(preview.attempts_affected, 2);
    assert.equal(preview.results_changed, 2);
    assert.equal(preview.totals_changed, 2);
    assert.equal(preview.passed_changed, 2);
    // A 3 → 1, B 1 → 4.
    assert.equal(preview.marks_change, 1);
    const byQuestion = Object.fromEntries(preview.questions.map((q) => [q.documentId, q]));
    assert.deepEqual(
      [byQuestion[f.questions[1]].answers_changed, byQuestion[f.questions[1]].marks_change],
      [2, 0],
    );
    assert.deepEqual(
      [byQuestion[f.questions[2]].answers_changed, byQuestion[f.questions[2]].attempts_affected],
      [1, 1],
    );
    assert.equal(byQuestion[f.questions[0]], undefined);
    assert.deepEqual(
      preview.sample.map((s) => [s.old_total, s.new_total, s.old_passed, s.new_passed]),
      [
        [3, 1, true, false],
        [1, 4, false, true],
      ],
    );
    assert.deepEqual(await snapshot(), before);
  });

  test(
    'one regrade of a test at a time: 409 while another holds it',
    { skip: !holdLock },
    async () => {
      const [row] = await sql(`SELECT id FROM tests WHERE document_id = '${f.test}'`);
      const release = await holdLock(Number(row.id));
      try {
        const busy = 'A regrade of this test is running: try again when it ends.';
        expectError(await call('admin', 'POST', `/api/tests/${f.test}/regrade`), 409, busy);
        expectError(await call('admin', 'GET', `/api/tests/${f.test}/regrade`), 409, busy);
      } finally {
        await release();
      }
      await ok('admin', 'GET', `/api/tests/${f.test}/regrade`);
    },
  );

  test('a failure in the middle rolls every change back', { skip: !failingTrigger }, async () => {
    const before = await snapshot();
    await failingTrigger();
    try {
      const res = await call('admin', 'POST', `/api/tests/${f.test}/regrade`);
      assert.ok(res.status >= 500, `${res.status} ${res.text.slice(0, 200)}`);
    } finally {
      await dropTrigger();
    }
    assert.deepEqual(await snapshot(), before);
    const a = await review('A', f.resultA);
    assert.equal(a.result.total_marks, 3);
  });

  test('the regrade re-marks answers, totals, counts, verdicts and ranks in one go', async () => {
    const done = await ok('faculty', 'POST', `/api/tests/${f.test}/regrade`);
    assert.equal(done.results_changed, 2);
    assert.equal(done.notified, 2);
    f.audit = done.audit;

    const a = await review('A', f.resultA);
    const b = await review('B', f.resultB);
    assert.deepEqual(
      [a.result.total_marks, a.result.passed, a.result.correct_count, a.result.incorrect_count],
      [1, false, 1, 2],
    );
    assert.deepEqual(
      [b.result.total_marks, b.result.passed, b.result.correct_count, b.result.unanswered_count],
      [4, true, 2, 1],
    );
    assert.deepEqual([a.rank, b.rank], [2, 1]);
    assert.deepEqual(
      a.questions.map((q) => q.points),
      [-1, -1, 3],
    );

    const list = await call('admin', 'GET', `/api/reports/tests/${f.test}/results`);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.json.data.map((r) => [r.score, r.rank, r.passed]),
      [
        [4, 1, true],
        [1, 2, false],
      ],
    );

    // A second preview finds nothing left to change.
    const again = await ok('admin', 'GET', `/api/tests/${f.test}/regrade`);
    assert.deepEqual([again.attempts_affected, again.results_changed], [0, 0]);
  });

  test('the audit entry records who, the test, the previous and current key; staff only', async () => {
    const list = await ok(
      'admin',
      'GET',
      `/api/audit-entries?filters[documentId]=${f.audit}&populate[actor][fields][0]=username&populate[test][fields][0]=TestName`,
    );
    assert.equal(list.length, 1);
    const entry = list[0];
    assert.equal(entry.action, 'regrade');
    assert.equal(entry.subject_id, f.test);
    assert.equal(entry.test.TestName, 'Regrade test');
    assert.equal(entry.actor.username, users.faculty.username);
    const q2 = entry.details.questions.find((q) => q.documentId === f.questions[1]);
    assert.equal(q2.previous.key, 'b');
    assert.equal(q2.current.key, 'a');
    const q3 = entry.details.questions.find((q) => q.documentId === f.questions[2]);
    assert.equal(q3.previous.points_by_choice.c, 2);
    assert.equal(q3.current.points_correct_answer, 3);
    assert.deepEqual(
      entry.details.previous_totals.map((t) => [t.old_total, t.new_total]),
      [
        [3, 1],
        [1, 4],
      ],
    );
    // The assigned faculty member reads it; another does not; learners never.
    const mine = await ok('faculty', 'GET', `/api/audit-entries?filters[documentId]=${f.audit}`);
    assert.equal(mine.length, 1);
    const other = await ok('faculty2', 'GET', `/api/audit-entries?filters[documentId]=${f.audit}`);
    assert.equal(other.length, 0);
    expectError(await call('A', 'GET', '/api/audit-entries'), 403);
    expectError(await call('A', 'GET', `/api/audit-entries/${f.audit}`), 403);
    // No route writes them (the server's record only).
    const write = await call('admin', 'POST', '/api/audit-entries', { data: { action: 'x' } });
    assert.ok([403, 404, 405].includes(write.status), `${write.status}`);
    const gql = await call('A', 'POST', '/api/graphql', {
      query: '{ auditEntries { documentId action } }',
    });
    assert.ok(gql.json.errors?.length > 0 || (gql.json.data?.auditEntries ?? []).length === 0);
  });

  test('each learner is told, linked to their result', async () => {
    for (const [role, resultId] of [
      ['A', f.resultA],
      ['B', f.resultB],
    ]) {
      const notes = await ok(role, 'GET', '/api/notifications?pagination[pageSize]=100');
      const note = notes.find((n) => n.kind === 'result-regraded');
      assert.ok(note, `${role} has a regrade notice`);
      assert.equal(note.link, `/testcorner/result/${resultId}`);
      assert.match(note.message, /Regrade test/);
    }
  });

  test('under negative_total "floor" a regraded total below zero is 0, as at submit', async () => {
    await ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { negative_total: 'floor' } });
    await ok('admin', 'PUT', `/api/questions/${f.questions[0]}`, {
      data: { points_incorrect_answer: -5 },
    });
    const done = await ok('admin', 'POST', `/api/tests/${f.test}/regrade`);
    assert.equal(done.results_changed, 1);
    const a = await review('A', f.resultA);
    // A: q1 wrong (-5), q2 wrong (-1), q3 right (3) = -3, floored to 0; each answer keeps its own.
    assert.equal(a.result.total_marks, 0);
    assert.deepEqual(
      a.questions.map((q) => q.points),
      [-5, -1, 3],
    );
    assert.equal((await review('B', f.resultB)).result.total_marks, 4);
  });
};

describe('regrade on SQLite', () => {
  let server;
  const db = () => server.database();
  scenario({
    boot: async () => {
      server = await startServer();
      return server;
    },
    sql: async (text) => db().prepare(text).all(),
    failingTrigger: async () => {
      db().exec(`CREATE TRIGGER regrade_fails BEFORE INSERT ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'test failure'); END`);
    },
    dropTrigger: async () => {
      db().exec('DROP TRIGGER IF EXISTS regrade_fails');
    },
  });
});

describe('regrade on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let database;
  let server;
  const rows = async (text) =>
    (await database.query(text)).rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'string' && k !== 'id' ? Number(v) : v,
        ]),
      ),
    );
  scenario({
    boot: async () => {
      database = await createSeededDatabase();
      server = await startServer({ databaseUrl: database.url });
      return {
        ...server,
        stop: async () => {
          await server.stop();
          await database.drop();
        },
      };
    },
    sql: rows,
    // Another process's regrade of the test: its advisory lock (modules/exam/regrade.ts).
    holdLock: async (testId) => {
      const client = new (require('pg').Client)({ connectionString: database.url });
      await client.connect();
      await client.query('SELECT pg_advisory_lock(23023, $1)', [testId]);
      return () => client.end();
    },
    failingTrigger: async () => {
      await database.query(`CREATE FUNCTION regrade_fails() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'test failure'; END $$ LANGUAGE plpgsql`);
      await database.query(`CREATE TRIGGER regrade_fails BEFORE INSERT ON audit_entries
        FOR EACH ROW EXECUTE FUNCTION regrade_fails()`);
    },
    dropTrigger: async () => {
      await database.query('DROP TRIGGER IF EXISTS regrade_fails ON audit_entries');
      await database.query('DROP FUNCTION IF EXISTS regrade_fails()');
    },
  });
});
