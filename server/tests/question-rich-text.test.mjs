// Rich text and maths in questions (issue 26): question, options and explanation are sanitised
// to an allowlist on every write — REST and GraphQL, test and pool questions, the spreadsheet
// import — so a `<script>`, an `onerror` attribute and a `javascript:` link never reach a
// learner, while allowed markup and maths such as `$x<y$` survive. Plain text is stored as it
// is; too long a field or too many formulas is a 400 that writes nothing. Same on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { QUESTION_SHEET_HEADER, mcq as multipleChoice, xlsx } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const ATTACK =
  '<p onclick="steal()">Which is <b>bold</b>, <i>$x<y$</i> and <sub>2</sub>?' +
  '<script>alert(1)</script><img src="x" onerror="alert(2)">' +
  '<img src="/uploads/graph.png" onerror="alert(3)" width="120" style="border:0" alt="graph">' +
  '<a href="javascript:alert(4)">bad</a> <a href="https://example.org/ref" target="_self">ref</a></p>';
const CLEAN =
  // Issue 26: an image is kept only when it is a stored question image (question-images.test.mjs).
  '<p>Which is <b>bold</b>, <i>$x&lt;y$</i> and <sub>2</sub>?' +
  '<a rel="noopener noreferrer" target="_blank">bad</a> ' +
  '<a href="https://example.org/ref" rel="noopener noreferrer" target="_blank">ref</a></p>';
const PLAIN = 'Plain text & symbols: 5 > 3, $a^2$ and\nline two   ';

/** A one-mark multiple-choice pool or test question (helpers/fixtures.mjs) with `extra`. */
const mcq = (extra = {}) => multipleChoice('Q?', extra);

/** Boots a server (on a PostgreSQL database of its own with `postgres`) as `admin`, into ctx. */
const bootAsAdmin = (ctx, { postgres = false } = {}) => {
  let db;
  before(async () => {
    if (postgres) db = await createSeededDatabase();
    ctx.server = await startServer(db ? { databaseUrl: db.url } : {});
    const roles = asRoles(() => ctx.server);
    await roles.signIn([['admin', 'admin']]);
    ctx.token = roles.tokens.admin;
  });
  after(async () => {
    await ctx.server?.stop();
    await db?.drop();
  });
};

/** The shared checks, on a server already signed in as `admin`. */
const richTextCases = (ctx) => {
  const call = (method, path, body) => ctx.server.request(method, path, { token: ctx.token, body });
  const ok = async (method, path, body) => {
    const res = await call(method, path, body);
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text.slice(0, 400)}`);
    return res.json?.data ?? res.json;
  };
  const poolTotal = async () =>
    (await call('GET', '/api/question-pools?pagination[pageSize]=1')).json.meta.pagination.total;

  test('REST pool question: script, onerror and javascript: removed; markup and maths kept', async () => {
    const made = await ok('POST', '/api/question-pools', {
      data: mcq({ question: ATTACK, option_b: '<b onmouseover="x()">$$a>b$$</b>' }),
    });
    const stored = await ok('GET', `/api/question-pools/${made.documentId}`);
    assert.equal(stored.question, CLEAN);
    assert.equal(stored.option_b, '<b>$$a&gt;b$$</b>');
    assert.doesNotMatch(JSON.stringify(stored), /script|onerror|onclick|javascript|style=/);
  });

  test('plain text is stored unchanged (only trimmed, as before)', async () => {
    const made = await ok('POST', '/api/question-pools', {
      data: mcq({ question: PLAIN, explanation: 'AT&T &amp; co' }),
    });
    const stored = await ok('GET', `/api/question-pools/${made.documentId}`);
    assert.equal(stored.question, PLAIN.trim());
    assert.equal(stored.explanation, 'AT&T &amp; co');
  });

  test('REST test question: create and update are sanitised; a re-save changes nothing', async () => {
    const testId = (await ok('POST', '/api/tests', { data: { TestName: 'Rich text' } })).documentId;
    const made = await ok('POST', '/api/questions', {
      data: mcq({ test: testId, explanation: '<u>Because</u><script>x()</script> $x<y$' }),
    });
    assert.equal(made.explanation, '<u>Because</u> $x&lt;y$');
    const updated = await ok('PUT', `/api/questions/${made.documentId}`, {
      data: { option_c: '<a href="JaVaScRiPt:alert(1)" onclick="y()">c</a>' },
    });
    assert.equal(updated.option_c, '<a rel="noopener noreferrer" target="_blank">c</a>');
    // Another field's update re-checks the stored text: it must come back identical.
    const again = await ok('PUT', `/api/questions/${made.documentId}`, {
      data: { points_correct_answer: 3 },
    });
    assert.equal(again.explanation, '<u>Because</u> $x&lt;y$');
    assert.equal(again.option_c, updated.option_c);
  });

  test('GraphQL writes are sanitised too', async () => {
    const create = await call('POST', '/api/graphql', {
      query: `mutation ($data: QuestionPoolInput!) {
        createQuestionPool(data: $data) { documentId question option_a }
      }`,
      variables: { data: mcq({ question: ATTACK, option_a: '<svg onload="x()">A</svg>' }) },
    });
    assert.equal(create.status, 200, create.text);
    assert.equal(create.json.errors, undefined, create.text);
    const made = create.json.data.createQuestionPool;
    assert.equal(made.question, CLEAN);
    assert.equal(made.option_a, 'A');
    const update = await call('POST', '/api/graphql', {
      query: `mutation ($id: ID!, $data: QuestionPoolInput!) {
        updateQuestionPool(documentId: $id, data: $data) { explanation }
      }`,
      variables: {
        id: made.documentId,
        data: { explanation: '<em>ok</em><iframe src="https://evil.test"></iframe>' },
      },
    });
    assert.equal(update.json.errors, undefined, update.text);
    assert.equal(update.json.data.updateQuestionPool.explanation, '<em>ok</em>');
  });

  test('too many formulas or too long a field: a clear 400 that writes nothing', async () => {
    const before = await poolTotal();
    const many = await call('POST', '/api/question-pools', {
      data: mcq({ question: '$a$ '.repeat(201) }),
    });
    assert.equal(many.status, 400, many.text);
    assert.equal(many.json.error.message, 'Question has 201 formulas; at most 200 are allowed.');
    const long = await call('POST', '/api/question-pools', {
      data: mcq({ option_d: 'x'.repeat(20_001) }),
    });
    assert.equal(long.status, 400, long.text);
    assert.equal(long.json.error.message, 'Option D is longer than 20,000 characters.');
    assert.equal(await poolTotal(), before);
  });
};

describe('question rich text (SQLite)', () => {
  const ctx = {};
  bootAsAdmin(ctx);

  richTextCases(ctx);

  test('the spreadsheet import sanitises each cell', async () => {
    const bytes = await xlsx([
      QUESTION_SHEET_HEADER,
      [ATTACK, 'one', 'two', 'three', 'four', 'B', 2, 0, 'MCQ', 'Indian Polity', PLAIN],
    ]);
    const res = await ctx.server.request('POST', '/api/questionPool-import', {
      token: ctx.token,
      form: { files: [[bytes, 'rich.xlsx']] },
    });
    assert.equal(res.status, 200, res.text);
    const list = await ctx.server.request(
      'GET',
      '/api/question-pools?sort=id:desc&pagination[pageSize]=1',
      { token: ctx.token },
    );
    const [row] = list.json.data;
    assert.equal(row.question, CLEAN);
    assert.equal(row.explanation, PLAIN.trim());
  });
});

describe('question rich text (PostgreSQL)', { skip: skipWithoutPostgres }, () => {
  const ctx = {};
  bootAsAdmin(ctx, { postgres: true });

  richTextCases(ctx);
});
