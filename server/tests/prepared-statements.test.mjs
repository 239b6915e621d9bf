// Prepared statements on PostgreSQL (issue 25, src/platform/db/prepared.ts): a statement sent a
// second time with values goes under a name (prepared once per connection, then only bound and
// executed); start-up one-offs, texts without values and `*` selects never do; transactions are
// covered. Checked on a real PostgreSQL through pg_prepared_statements, the server's own list of
// what each connection holds prepared.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createStatementNames, preparePostgresStatements } = require(
  join(serverDir, 'dist/src/platform/db/prepared.js'),
);

describe('statement names', () => {
  test('a text with values is named from its second sighting, the same name after', () => {
    const names = createStatementNames();
    const sql = 'SELECT id FROM answers WHERE document_id = $1';
    assert.equal(names.nameOf(sql, ['a']), null);
    const name = names.nameOf(sql, ['b']);
    assert.match(name, /^portal_\d+$/);
    assert.equal(names.nameOf(sql, ['c']), name);
    assert.notEqual(names.nameOf('SELECT 2 WHERE 1 = $1', [1]) ?? 'x', name);
  });

  test('no values, or a * select, is never named; COUNT(*) and a product are', () => {
    const names = createStatementNames();
    const twice = (sql, values) => (names.nameOf(sql, values), names.nameOf(sql, values));
    assert.equal(twice('SELECT 1 AS one', []), null);
    assert.equal(twice('select "t0".* from "up_users" as "t0" where "t0"."id" = $1', [1]), null);
    assert.equal(twice('select * from tests where id = $1', [1]), null);
    assert.equal(twice('SELECT t0.*, t1.user_id FROM roles t0 WHERE t0.id = $1', [1]), null);
    assert.ok(twice('SELECT COUNT(*) AS n FROM answers WHERE test_id = $1', [1]));
    assert.ok(twice('SELECT points * 2 AS double FROM answers WHERE id = $1', [1]));
  });

  test('past the cap, texts run unnamed; the named ones keep their names', () => {
    const names = createStatementNames({ named: 2, counted: 10 });
    const sql = (i) => `SELECT ${i} WHERE 1 = $1`;
    for (const i of [1, 2, 3]) names.nameOf(sql(i), [1]);
    const first = names.nameOf(sql(1), [1]);
    const second = names.nameOf(sql(2), [1]);
    assert.ok(first && second && first !== second);
    assert.equal(names.nameOf(sql(3), [1]), null);
    assert.equal(names.nameOf(sql(1), [1]), first);
    assert.equal(names.size, 2);
  });
});

describe('prepared statements on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let db;
  let knex;
  before(async () => {
    db = await createTestDatabase('portal_prepared');
    knex = require('knex')({ client: 'pg', connection: db.url, pool: { min: 1, max: 1 } });
    await knex.raw('CREATE TABLE items (id serial PRIMARY KEY, label text)');
    await knex('items').insert([{ label: 'a' }, { label: 'b' }]);
    preparePostgresStatements(knex);
  });
  after(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const prepared = async (trx) =>
    (await trx.raw('SELECT statement FROM pg_prepared_statements ORDER BY name')).rows.map(
      (row) => row.statement,
    );

  test('a repeated query, built or raw, in a transaction or not, is prepared once', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await knex('items').where({ id: 1 }).first('label')).label, 'a');
      await knex.raw('SELECT label FROM items WHERE id = ?', [2]);
    }
    await knex.transaction(async (trx) => {
      for (let i = 0; i < 3; i += 1) {
        const rows = await trx('items').where('label', 'b').select('id');
        assert.deepEqual(
          rows.map((r) => r.id),
          [2],
        );
        await trx('items').select('*').where({ id: 1 });
      }
      const statements = await prepared(trx);
      assert.equal(statements.length, 3, statements.join('\n'));
      assert.ok(statements.some((s) => s.includes('"label" from "items"')));
      assert.ok(statements.some((s) => s === 'SELECT label FROM items WHERE id = $1'));
      assert.ok(statements.some((s) => s.includes('"label" = $1')));
      assert.ok(!statements.some((s) => s.includes('*')), 'a * select stays unnamed');
    });
  });

  test('each text keeps its own name: values of another shape still answer right', async () => {
    const rows = await knex('items').whereIn('id', [1, 2]).orderBy('id').select('label');
    const again = await knex('items').whereIn('id', [1, 2]).orderBy('id').select('label');
    const one = await knex('items').whereIn('id', [2]).orderBy('id').select('label');
    assert.deepEqual(
      [rows, again, one].map((r) => r.map((x) => x.label).join()),
      ['a,b', 'a,b', 'b'],
    );
  });
});
