// Issue 18 point 5 (one learner freezing the server with a costly read) and point 16(b) (GraphQL
// errors naming the schema in production). The exact attack requests are refused with 400 and a
// clear message before anything runs, while an examinee's answer save sent at the same time
// succeeds; the queries the SPA (and the other tests) send still work. One boot of the production
// server (NODE_ENV=production, demo data seeded).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { mcq } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { serverDir, startServer } from './helpers/server.mjs';
import { aliasAttack, DEEP_POPULATE } from './helpers/attacks.mjs';

let server;
const { users, call, ok, gql, signIn } = asRoles(() => server);
const f = {};

const ALIAS_ATTACK = aliasAttack(500);

let revision = 0;
/** An examinee's answer save, as the exam page sends it. */
const save = () => {
  revision += 1;
  return call('studentA', 'PUT', `/api/answers/${f.answer}`, {
    data: { selected_answer: revision % 2 ? 'a' : 'b', revision },
  });
};

/** The attack and a save sent while it is in flight. */
const withSave = async (attack) => {
  const pending = attack();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const [attacked, saved] = await Promise.all([pending, save()]);
  assert.equal(saved.status, 200, `the save during the attack: ${saved.text.slice(0, 300)}`);
  assert.equal(saved.json.data.revision, revision);
  return attacked;
};

const rowCounts = () => {
  const db = server.database();
  return ['courses', 'tests', 'answers', 'attempts'].map(
    (table) => db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get().n,
  );
};

before(async () => {
  server = await startServer({
    extraEnv: { NODE_ENV: 'production', SEED_DEMO: 'true' },
    timeoutMs: 360_000, // a production boot on a shared 2-core machine
  });
  await signIn([
    ['studentA', 'student1'],
    ['admin', 'admin'],
  ]);
  const exam = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: 'Query cost exam',
      TestDuration: 60,
      MaximumMarks: 2,
      PassMark: 50,
      pass_mark_unit: 'percent',
      students: [users.studentA.student.documentId],
    },
  });
  await ok('admin', 'POST', '/api/questions', {
    data: mcq('One?', { points_correct_answer: 2, test: exam.documentId }),
  });
  const started = await ok('studentA', 'POST', '/api/test/prelims/initialize', {
    testId: exam.documentId,
  });
  f.answer = started.answers[0].documentId;
  // Saved once: its row exists before the attacks (issue 25: a row is written at the first save),
  // so the row counts compared around each attack change only if the attack wrote.
  assert.equal((await save()).status, 200);
});

after(async () => {
  await server?.stop();
});

describe('GraphQL cost limits (point 5a)', () => {
  test("the issue's 500-alias query is refused with 400 while a save succeeds", async () => {
    assert.ok(ALIAS_ATTACK.length > 50_000, `${ALIAS_ATTACK.length} bytes`);
    const before = rowCounts();
    const res = await withSave(() => gql('studentA', ALIAS_ATTACK));
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(res.json?.data, undefined);
    assert.match(
      res.json.errors[0].message,
      /GraphQL request is [\d,]+ bytes; at most [\d,]+ are accepted/,
    );
    assert.deepEqual(rowCounts(), before);
  });

  test('one alias of it (small document) is refused by its estimated row count', async () => {
    const res = await withSave(() =>
      gql(
        'studentA',
        '{ courses { documentId tests(pagination: { limit: 10000 }) { documentId course { documentId tests { documentId TestName } } } } }',
      ),
    );
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(res.json.errors[0].extensions.code, 'QUERY_TOO_COSTLY');
    assert.match(res.json.errors[0].message, /could read more than [\d,]+ rows/);
  });

  test('page sizes given as variables count as well', async () => {
    const res = await gql(
      'studentA',
      'query($p: PaginationArg) { courses(pagination: $p) { tests(pagination: $p) { students(pagination: $p) { documentId } } } }',
      { p: { limit: 100 } },
    );
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(res.json.errors[0].extensions.code, 'QUERY_TOO_COSTLY');
    const small = await gql(
      'studentA',
      'query($p: PaginationArg) { courses(pagination: $p) { tests(pagination: $p) { students(pagination: $p) { documentId } } } }',
      { p: { limit: 10 } },
    );
    assert.equal(small.status, 200, small.text.slice(0, 300));
  });

  test('many aliases of a cheap field are refused by the field count', async () => {
    const query = `{ ${Array.from({ length: 400 }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    assert.ok(query.length < 10_000);
    const res = await gql('studentA', query);
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(res.json.errors[0].extensions.code, 'QUERY_TOO_COSTLY');
    assert.match(res.json.errors[0].message, /selects more than \d+ fields/);
  });

  test('a page larger than the maximum is cut to the maximum (100)', async () => {
    const res = await gql(
      'admin',
      '{ courses_connection(pagination: { limit: 10000 }) { pageInfo { pageSize } } }',
    );
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.equal(res.json.data.courses_connection.pageInfo.pageSize, 100);
  });

  test('ordinary queries still work (those of the other test files)', async () => {
    for (const query of [
      '{ __typename }',
      '{ courses { documentId tests { documentId } assignments { documentId } } batches { documentId students { documentId } } }',
      '{ results { answers { points question { correct_answer explanation } } } }',
      '{ results { documentId total_marks evaluation_document { url } evaluations { total_marks } } evaluations { total_marks } }',
    ]) {
      const res = await gql('studentA', query);
      assert.equal(res.status, 200, `${query}: ${res.text.slice(0, 300)}`);
      assert.equal(res.json.errors, undefined, `${query}: ${res.text.slice(0, 300)}`);
    }
  });
});

describe('REST populate and page limits (point 5b)', () => {
  test("the issue's eight-level populate is refused with 400 while a save succeeds", async () => {
    const before = rowCounts();
    const res = await withSave(() => call('studentA', 'GET', DEEP_POPULATE));
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.equal(res.json.error.name, 'ValidationError');
    assert.match(res.json.error.message, /populate goes 8 relations deep; at most 3/);
    assert.deepEqual(rowCounts(), before);
  });

  test('the same depth as a dotted path is refused too', async () => {
    const res = await call('studentA', 'GET', '/api/tests?populate=course.tests.course.tests');
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.match(res.json.error.message, /populate goes 4 relations deep; at most 3/);
  });

  test('the deepest populate the SPA sends (course → subjects → topics → material) works', async () => {
    const query = [
      'populate[course_image]=true',
      'populate[test_category]=true',
      'populate[test_language]=true',
      'populate[subjects][populate][topics][populate][topic_material]=true',
      'populate[subjects][populate][topics][populate][youtube_videos]=true',
      'populate[batches]=true',
      'populate[faculties]=true',
      'populate[students]=true',
      'populate[tests]=true',
      'populate[assignments]=true',
    ].join('&');
    for (const role of ['admin', 'studentA']) {
      const res = await call(role, 'GET', `/api/courses?${query}`);
      assert.equal(res.status, 200, `${role}: ${res.text.slice(0, 300)}`);
    }
  });

  test('a REST page larger than 100 is cut to 100', async () => {
    const res = await call('admin', 'GET', '/api/tests?pagination[pageSize]=10000');
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.equal(res.json.meta.pagination.pageSize, 100);
  });
});

describe('GraphQL errors in production (point 16b)', () => {
  test('a misspelt field gets no "Did you mean" suggestion', async () => {
    const res = await gql('studentA', '{ coursez { documentId } }');
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.match(res.json.errors[0].message, /Cannot query field "coursez"/);
    assert.doesNotMatch(res.text, /Did you mean/);
    const arg = await gql('studentA', '{ courses(paginaton: { limit: 1 }) { documentId } }');
    assert.equal(arg.status, 400, arg.text.slice(0, 300));
    assert.doesNotMatch(arg.text, /Did you mean/);
  });
});

describe('GraphQL time budget (point 5a, second line)', () => {
  // A query within the cost bounds that still runs too long cannot be cut inside one SQL
  // statement, but it stops at its next field. Shown on Apollo with the compiled plugin and a
  // schema whose every level takes 400 ms (no query of the portal's is that slow on demo data).
  test('a query past its budget stops at the next field with QUERY_TIME_BUDGET', async () => {
    const require = createRequire(join(serverDir, 'package.json'));
    const { ApolloServer } = require('@apollo/server');
    const { createGraphqlCostPlugin } = require(
      join(serverDir, 'dist', 'src', 'access', 'graphql-cost.js'),
    );
    let resolved = 0;
    const apollo = new ApolloServer({
      typeDefs: 'type Item { next: Item, n: Int } type Query { item: Item }',
      resolvers: {
        Query: { item: () => ({}) },
        Item: {
          next: async () => {
            await new Promise((resolve) => setTimeout(resolve, 400));
            resolved += 1;
            return {};
          },
          n: () => resolved,
        },
      },
      plugins: [createGraphqlCostPlugin({ timeBudgetMs: 1000, stripSuggestions: true })],
    });
    await apollo.start();
    try {
      const quick = await apollo.executeOperation({ query: '{ item { n } }' });
      assert.equal(quick.body.singleResult.errors, undefined);
      resolved = 0;
      const slow = await apollo.executeOperation({
        query: '{ item { next { next { next { next { next { next { n } } } } } } } }',
      });
      const { errors } = slow.body.singleResult;
      assert.equal(errors?.[0]?.extensions?.code, 'QUERY_TIME_BUDGET', JSON.stringify(errors));
      assert.match(errors[0].message, /ran longer than 1 s and was stopped/);
      assert.ok(resolved < 6, `${resolved} levels ran`);
    } finally {
      await apollo.stop();
    }
  });
});
