#!/usr/bin/env node
// The question pool's list (issue 26, "Organising") at 50,000 questions on PostgreSQL: a fresh
// database on the server of TEST_DATABASE_URL (default the CI role below), the production server
// on it, 50,000 pool questions written with SQL (the same shape as seed.mjs: a fifth about each of
// five words, a third each easy/medium/hard, two tags), then p50/p99 of the screen's calls as
// bench/people/run.mjs prints them for SQLite. The database is dropped at the end.
//
//   node bench/people/pool-postgres.mjs [--questions 50000] [--requests 50]
process.env.TEST_DATABASE_URL ??= 'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';
const { createTestDatabase } = await import('../../server/tests/helpers/postgres.mjs');
const { DEMO, startServer } = await import('../../server/tests/helpers/server.mjs');
const { ms, timeGets } = await import('./seed.mjs');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const QUESTIONS = Number(option('questions', '50000'));
const REQUESTS = Number(option('requests', '50'));
const TARGET_MS = 100;

const SEED = `
INSERT INTO subjects (document_id, subject_name, created_at, updated_at, published_at)
  SELECT 'benchsubject' || g, 'Subject ' || g, now(), now(), now() FROM generate_series(1, 10) g;
INSERT INTO question_pools (document_id, question, option_a, option_b, option_c, option_d,
  correct_answer, points_correct_answer, points_incorrect_answer, question_type, explanation,
  difficulty, tags, created_at, updated_at, published_at)
  SELECT 'benchpool' || g,
    'Question ' || g || ' about ' || (ARRAY['photosynthesis','federalism','inflation','monsoon','tectonics'])[g % 5 + 1] || ': which of the following statements is correct?',
    'First', 'Second', 'Third', 'Fourth', 'a', 1, 0, 'MCQ',
    'Because of how ' || (ARRAY['photosynthesis','federalism','inflation','monsoon','tectonics'])[g % 5 + 1] || ' works.',
    (ARRAY['easy','medium','hard'])[g % 3 + 1],
    jsonb_build_array((ARRAY['photosynthesis','federalism','inflation','monsoon','tectonics'])[g % 5 + 1], 'chapter ' || (g % 100)),
    now() + g * interval '1 ms', now(), now()
  FROM generate_series(0, $1 - 1) g;
INSERT INTO question_pools_subject_lnk (question_pool_id, subject_id)
  SELECT qp.id, s.id FROM question_pools qp
  JOIN subjects s ON s.document_id = 'benchsubject' || (qp.id % 10 + 1)
  WHERE qp.document_id LIKE 'benchpool%';
ANALYZE;`;

const db = await createTestDatabase('portal_bench_pool');
const server = await startServer({
  databaseUrl: db.url,
  extraEnv: { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
});
try {
  const t0 = Date.now();
  for (const statement of SEED.split(';').map((s) => s.trim())) {
    if (statement) await db.query(statement, statement.includes('$1') ? [QUESTIONS] : undefined);
  }
  console.log(`seeded ${QUESTIONS} pool questions on PostgreSQL in ${Date.now() - t0} ms`);
  const signIn = await server.request('POST', '/api/login', {
    body: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  const token = signIn.json.jwt;
  const organised = (extra) => `/api/questionPool-search?${extra}&page=1&pageSize=25`;
  for (const [name, path] of [
    ['pool list: first page', organised('')],
    ['pool list: search "monsoon"', organised('search=monsoon')],
    ['pool list: search "question 4242 "', organised('search=question%204242%20')],
    ['pool list: hard + tag "chapter 7"', organised('difficulty=hard&tag=chapter%207')],
    ['pool list: never used', organised('used=unused')],
  ]) {
    await timeGets(server.baseUrl, token, path, 3);
    const timing = await timeGets(server.baseUrl, token, path, REQUESTS);
    const verdict = timing.p99 < TARGET_MS ? 'within' : 'OVER';
    console.log(
      `${name} (${timing.body.meta.pagination.total} rows): p50 ${ms(timing.p50)}, p99 ${ms(timing.p99)} (${verdict} ${TARGET_MS} ms)`,
    );
  }
} finally {
  await server.stop();
  await db.drop();
}
