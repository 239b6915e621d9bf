// Not a test (no .test.mjs): times a regrade of 50,000 results on SQLite (issue 23), printed.
// Run: cd server && node tests/regrade-bench.mjs [results] [questions]
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const RESULTS = Number(process.argv[2] ?? 50000);
const QUESTIONS = Number(process.argv[3] ?? 10);
const server = await startServer();
const { ok, signIn } = asRoles(() => server);
try {
  await signIn([['admin', 'admin']]);
  const { test, questions } = await testWithQuestions(
    ok,
    { TestName: 'Bench', MaximumMarks: 20, PassMark: 10 },
    Array.from({ length: QUESTIONS }, (_, i) =>
      mcq(`Q${i}`, { points_correct_answer: 2, points_incorrect_answer: -0.5 }),
    ),
  );
  const db = server.database();
  const testId = db.prepare('SELECT id FROM tests WHERE document_id = ?').get(test.documentId).id;
  const qIds = questions.map(
    (d) => db.prepare('SELECT id FROM questions WHERE document_id = ?').get(d).id,
  );
  const now = Date.now();
  const choices = ['a', 'b', 'c', 'd', null];
  const insert = db.transaction(() => {
    const attempt = db.prepare(
      'INSERT INTO attempts (document_id, start_date_time, end_date_time, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const result = db.prepare(
      'INSERT INTO results (document_id, total_marks, passed, correct_count, incorrect_count, unanswered_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const answer = db.prepare(
      'INSERT INTO answers (document_id, selected_answer, points, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    const link = (table, a, b) => db.prepare(`INSERT INTO ${table} (${a}, ${b}) VALUES (?, ?)`);
    const at = link('attempts_test_lnk', 'attempt_id', 'test_id');
    const ra = link('results_attempt_lnk', 'result_id', 'attempt_id');
    const rt = link('results_test_lnk', 'result_id', 'test_id');
    const aa = link('answers_attempt_lnk', 'answer_id', 'attempt_id');
    const aq = link('answers_question_lnk', 'answer_id', 'question_id');
    for (let i = 0; i < RESULTS; i += 1) {
      const attemptId = attempt.run(
        `bench-a-${i}`,
        now - 60000,
        now,
        now,
        now,
        now,
      ).lastInsertRowid;
      at.run(attemptId, testId);
      let total = 0;
      const counts = [0, 0, 0];
      const answerIds = [];
      for (let j = 0; j < QUESTIONS; j += 1) {
        const choice = choices[(i + j) % 5];
        const points = choice === null ? 0 : choice === 'a' ? 2 : -0.5;
        counts[choice === null ? 2 : choice === 'a' ? 0 : 1] += 1;
        total += points;
        const answerId = answer.run(`bench-n-${i}-${j}`, choice, points, now, now).lastInsertRowid;
        aa.run(answerId, attemptId);
        aq.run(answerId, qIds[j]);
        answerIds.push(answerId);
      }
      const resultId = result.run(
        `bench-r-${i}`,
        total,
        total >= 10 ? 1 : 0,
        ...counts,
        now,
        now,
      ).lastInsertRowid;
      ra.run(resultId, attemptId);
      rt.run(resultId, testId);
    }
  });
  let t = Date.now();
  insert();
  console.log(`inserted ${RESULTS} results × ${QUESTIONS} answers in ${Date.now() - t} ms`);
  t = Date.now();
  const same = await ok('admin', 'GET', `/api/tests/${test.documentId}/regrade`);
  console.log(`preview, unchanged key: ${Date.now() - t} ms`, same.results, same.results_changed);
  await ok('admin', 'PUT', `/api/questions/${questions[0]}`, { data: { correct_answer: 'b' } });
  t = Date.now();
  const preview = await ok('admin', 'GET', `/api/tests/${test.documentId}/regrade`);
  console.log(`preview after a key change: ${Date.now() - t} ms`, preview.results_changed);
  t = Date.now();
  const done = await ok('admin', 'POST', `/api/tests/${test.documentId}/regrade`);
  console.log(`regrade: ${Date.now() - t} ms`, done.results_changed, done.notified);
  t = Date.now();
  const again = await ok('admin', 'GET', `/api/tests/${test.documentId}/regrade`);
  console.log(`preview after: ${Date.now() - t} ms`, again.results_changed);
} finally {
  await server.stop();
}
