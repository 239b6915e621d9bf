// The production layout, small (issue 25): two server processes on one PostgreSQL database behind
// the load balancer (nginx from Debian's packages, as bench/exam-load runs it; `.ci/run` installs
// it). The processes start together (the start lock orders their bootstrap), a sign-in made on one
// is honoured by the other, a double-clicked start sent to both makes one attempt, and when one
// process stops mid-exam (graceful shutdown) the exam goes on through the other with no answer lost.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { nginxBinary, startBalancer } from '../../bench/exam-load/balancer.mjs';
import { mcq } from './helpers/fixtures.mjs';
import { createTestDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { DEMO, deploymentSecrets, requester, startServer } from './helpers/server.mjs';

if (!skipWithoutPostgres && process.env.CI && !nginxBinary()) {
  throw new Error('CI must test two processes behind nginx: nginx is not installed (.ci/run).');
}
const skip = skipWithoutPostgres || (nginxBinary() ? false : 'nginx is not installed');

describe('two processes behind nginx on PostgreSQL', { skip }, () => {
  let db;
  let one;
  let two;
  let balancer;
  let via;

  before(async () => {
    db = await createTestDatabase('portal_two');
    // One deployment: the same secrets in every process (a JWT signed by one is checked by both).
    const extraEnv = deploymentSecrets();
    [one, two] = await Promise.all([
      startServer({ databaseUrl: db.url, extraEnv }),
      startServer({ databaseUrl: db.url, extraEnv }),
    ]);
    balancer = await startBalancer(
      'nginx',
      [one, two].map((s) => Number(new URL(s.baseUrl).port)),
    );
    via = requester(balancer.baseUrl);
  });

  after(async () => {
    await balancer?.stop();
    await Promise.all([one?.stop(), two?.stop()]);
    await db?.drop();
  });

  const signIn = async (request, account) => {
    const res = await request('POST', '/api/login', {
      body: { email: account.email, password: account.password },
    });
    assert.equal(res.status, 200, res.text);
    return res.json;
  };

  test('both processes started on the one database, seeded once', async () => {
    const users = await db.query('SELECT count(*)::int AS n FROM up_users');
    assert.equal(users.rows[0].n, Object.keys(DEMO).length);
    const tests = await db.query('SELECT count(*)::int AS n FROM tests');
    assert.equal(tests.rows[0].n, 2);
  });

  test('a sign-in made on one process is honoured by the other and through the balancer', async () => {
    const { jwt } = await signIn(one.request, DEMO.student1);
    for (const request of [two.request, via]) {
      const me = await request('GET', '/api/users/me', { token: jwt });
      assert.equal(me.status, 200, me.text);
      assert.equal(me.json.email, DEMO.student1.email);
    }
  });

  test('an exam across both processes: one attempt, and it goes on when a process stops', async () => {
    const admin = await signIn(via, DEMO.admin);
    const learner = await signIn(via, DEMO.student1);
    const staff = (method, path, body) => via(method, path, { token: admin.jwt, body });
    const created = await staff('POST', '/api/tests', {
      data: {
        TestName: 'Two processes',
        TestDuration: 20,
        MaximumMarks: 4,
        PassMark: 1,
        students: [learner.user.student.documentId],
      },
    });
    assert.equal(created.status, 201, created.text);
    const testId = created.json.data.documentId;
    for (const correct of ['a', 'b']) {
      const q = await staff('POST', '/api/questions', {
        data: mcq(`Which is ${correct}?`, {
          correct_answer: correct,
          points_correct_answer: 2,
          test: testId,
        }),
      });
      assert.equal(q.status, 201, q.text);
    }

    // A double click that reaches both processes at once makes one attempt.
    const token = learner.jwt;
    const starts = await Promise.all(
      [one.request, two.request, one.request, two.request].map((request) =>
        request('POST', '/api/test/prelims/initialize', { token, body: { testId } }),
      ),
    );
    assert.ok(
      starts.every((r) => r.status === 200 || r.status === 201),
      starts.map((r) => r.text.slice(0, 200)).join('\n'),
    );
    assert.equal(new Set(starts.map((r) => r.json.data.attempt.documentId)).size, 1);
    const started = starts[0].json.data;
    const answerOf = (n) =>
      started.answers.find((a) => a.question === started.questions[n].documentId).documentId;
    const save = (n, selected) =>
      via('PUT', `/api/answers/${answerOf(n)}`, {
        token,
        body: { data: { selected_answer: selected, revision: 1 } },
      });

    const first = await save(0, 'a');
    assert.equal(first.status, 200, first.text);

    // One process stops mid-exam (a deploy); the balancer sends the rest to the other.
    await one.stop();
    const second = await save(1, started.questions[1].question.endsWith('b?') ? 'b' : 'a');
    assert.equal(second.status, 200, second.text);
    const resumed = await via('POST', '/api/test/prelims/initialize', { token, body: { testId } });
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.json.data.attempt.documentId, started.attempt.documentId);
    const submitted = await via('POST', '/api/test/prelims/submit', {
      token,
      body: { attemptId: started.attempt.documentId },
    });
    assert.equal(submitted.status, 200, submitted.text);
    const expected = started.questions[0].question.endsWith('a?') ? 2 : 0;
    assert.equal(submitted.json.data.result.total_marks, expected + 2);
  });
});
