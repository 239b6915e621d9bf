// Draft → published → closed (issue 23) on PostgreSQL, the production database: drafts invisible
// to learners (REST, GraphQL, their list, starting), publish refused with what is missing, the
// close capping open attempts (a timestamp comparison PostgreSQL makes itself), and a row with a
// null status read as published. Runs where TEST_DATABASE_URL is set.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mcq } from './helpers/fixtures.mjs';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { startServer } from './helpers/server.mjs';
import { asRoles } from './helpers/roles.mjs';

describe('draft, publish, close on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let db;
  let server;
  const { users, call, ok, gql, signIn } = asRoles(() => server);
  const hour = 3_600_000;

  before(async () => {
    db = await createSeededDatabase();
    server = await startServer({ databaseUrl: db.url });
    await signIn([
      ['admin', 'admin'],
      ['A', 'student1'],
    ]);
  });

  after(async () => {
    await server?.stop();
    await db?.drop();
  });

  test('drafts are invisible, publish names what is missing, close caps open attempts', async () => {
    const me = users.A.student.documentId;
    const draft = (
      await ok('admin', 'POST', '/api/tests', {
        data: { TestName: 'PG draft', students: [me], status: 'draft' },
      })
    ).documentId;
    assert.equal((await call('A', 'GET', `/api/tests/${draft}`)).status, 404);
    const list = await ok('A', 'GET', '/api/tests?pagination[pageSize]=100');
    assert.ok(!list.some((t) => t.documentId === draft));
    const graph = await gql('A', `query($id: ID!) { test(documentId: $id) { documentId } }`, {
      id: draft,
    });
    assert.equal(graph.json.data.test, null, graph.text);
    const mine = await ok('A', 'GET', '/api/test/prelims/my-tests?pageSize=100');
    assert.ok(!mine.some((t) => t.documentId === draft));
    const start = await call('A', 'POST', '/api/test/prelims/initialize', { testId: draft });
    assert.equal(start.status, 404, start.text);

    const refused = await call('admin', 'POST', `/api/tests/${draft}/publish`);
    assert.equal(refused.status, 400, refused.text);
    assert.equal(
      refused.json.error.message,
      'The test cannot be published yet. It needs the duration; the window start (valid from); ' +
        'the window end (valid to); the maximum marks; at least one question.',
    );
    await ok('admin', 'PUT', `/api/tests/${draft}`, {
      data: {
        TestDuration: 60,
        MaximumMarks: 2,
        ValidFrom: new Date(Date.now() - hour).toISOString(),
        ValidTo: new Date(Date.now() + hour).toISOString(),
      },
    });
    await ok('admin', 'POST', '/api/questions', {
      data: mcq('PG?', { points_correct_answer: 2, test: draft }),
    });
    assert.equal((await ok('admin', 'POST', `/api/tests/${draft}/publish`)).status, 'published');
    assert.equal((await ok('A', 'GET', `/api/tests/${draft}`)).status, 'published');

    const attempt = (await ok('A', 'POST', '/api/test/prelims/initialize', { testId: draft }))
      .attempt.documentId;
    const closed = await ok('admin', 'POST', `/api/tests/${draft}/close`);
    assert.equal(closed.status, 'closed');
    const row = await db.query(
      `SELECT expires_at <= now() AS ended FROM attempts WHERE document_id = '${attempt}'`,
    );
    assert.equal(row.rows[0].ended, true);

    // A row with a null status (made before the column) is published for learners.
    await db.query(`UPDATE tests SET status = NULL WHERE document_id = '${draft}'`);
    assert.equal((await call('A', 'GET', `/api/tests/${draft}`)).status, 200);
  });
});
