// Issue 27 (annotate in the browser): annotations per evaluation, document and page; who may read
// and write them (the evaluation's faculty member or an administrator; never a learner or another
// faculty member), versioned page saves (a stale tab gets 409 with the current page), bad input
// refused with nothing changed, writes refused once completed until an administrator reopens, and
// the marked copy flattened on completion. The core also on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { PDF, harness as mainsHarness } from './helpers/mains.mjs';

const { PDFDocument } = createRequire(import.meta.url)('pdf-lib');

/** A real two-page PDF (the learner's scan), to flatten the annotations onto. */
const twoPages = async () => {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Answer, page 1', { x: 50, y: 780 });
  doc.addPage([595, 842]).drawText('Answer, page 2', { x: 50, y: 780 });
  return Buffer.from(await doc.save());
};

/** How many content streams each page has (a flattened page gains the annotations' stream). */
const streamsPerPage = async (bytes) => {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    return contents && typeof contents.size === 'function' ? contents.size() : contents ? 1 : 0;
  });
};

const harness = () => {
  const h = mainsHarness();
  /** A Mains test with one Polity question of 10 marks; A uploads a PDF and submits. */
  h.makeScript = async (name) => {
    const created = await h.ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 60,
        MaximumMarks: 10,
        batch: h.f.batch,
        subjects: [h.f.polity],
        ValidFrom: new Date(Date.now() - 86_400_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    await h.ok('admin', 'POST', '/api/questions', {
      data: {
        question: 'Discuss (10).',
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject: h.f.polity,
        test: created.documentId,
      },
    });
    const started = await h.ok('A', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: created.documentId,
    });
    const res = await h.upload('A', started.answers[0].documentId, [
      [h.pdf ?? PDF, 'answer.pdf', 'application/pdf'],
    ]);
    assert.equal(res.status, 200, res.text);
    const submitted = await h.ok('A', 'POST', '/api/mains/submit', {
      attemptId: started.attempt.documentId,
    });
    h.f.result = submitted.result.documentId;
    const script = await h.ok('priya', 'GET', `/api/mains/scripts/${h.f.result}`);
    h.f.question = script.questions[0].documentId;
    h.f.file = script.answers[0].documents[0].id;
    h.f.eval = (
      await h.ok('priya', 'POST', '/api/mains/evaluations', {
        resultId: h.f.result,
        subjectId: h.f.polity,
      })
    ).documentId;
  };
  h.pagePath = (page = 1, file = h.f.file) =>
    `/api/mains/evaluations/${h.f.eval}/annotations/${file}/${page}`;
  h.read = (role = 'priya') => h.ok(role, 'GET', `/api/mains/evaluations/${h.f.eval}/annotations`);
  return h;
};

const TICK = { id: 't1', kind: 'tick', x: 0.2, y: 0.3 };
const COMMENT = { id: 'c1', kind: 'comment', x: 0.5, y: 0.5, text: '  Cite Article 21.  ' };

/** Versioned saves and the stale-tab refusal (both databases). */
const versionScenario = async (h) => {
  const empty = await h.read();
  assert.deepEqual(empty.pages, []);
  assert.equal(empty.completed, false);
  const saved = await h.ok('priya', 'PUT', h.pagePath(1), {
    baseVersion: 0,
    items: [TICK, COMMENT],
  });
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.items, [TICK, { ...COMMENT, text: 'Cite Article 21.' }]);
  // A second tab that still holds version 0 cannot overwrite the page.
  const stale = await h.call('priya', 'PUT', h.pagePath(1), { baseVersion: 0, items: [] });
  assert.equal(stale.status, 409, stale.text);
  assert.equal(stale.json.error.details.current.version, 1);
  assert.equal(stale.json.error.details.current.items.length, 2);
  const next = await h.ok('priya', 'PUT', h.pagePath(1), { baseVersion: 1, items: [TICK] });
  assert.equal(next.version, 2);
  const read = await h.read();
  assert.deepEqual(
    read.pages.map((p) => [p.fileId, p.page, p.version, p.items.map((i) => i.id)]),
    [[h.f.file, 1, 2, ['t1']]],
  );
};

describe('annotations (SQLite)', () => {
  const h = harness();
  const { f } = h;
  h.setUp(async () => {
    h.pdf = await twoPages();
    await h.makeScript('Annotated script');
  });

  test('page saves are versioned; a stale tab gets 409 with the current page', async () => {
    await versionScenario(h);
  });

  test('only the evaluation’s faculty member or an administrator reads and writes', async () => {
    const path = `/api/mains/evaluations/${f.eval}/annotations`;
    assert.equal((await h.call('A', 'GET', path)).status, 403, 'the learner never reads them');
    assert.equal(
      (await h.call('A', 'PUT', h.pagePath(1), { baseVersion: 2, items: [] })).status,
      403,
    );
    // Arjun teaches Economy: not this Polity evaluation.
    assert.equal((await h.call('arjun', 'GET', path)).status, 403);
    assert.equal(
      (await h.call('arjun', 'PUT', h.pagePath(2), { baseVersion: 0, items: [TICK] })).status,
      403,
    );
    assert.equal((await h.call(null, 'GET', path)).status, 401, 'visitors refused');
    const admin = await h.read('admin');
    assert.equal(admin.pages.length, 1);
    const byAdmin = await h.ok('admin', 'PUT', h.pagePath(2), { baseVersion: 0, items: [TICK] });
    assert.equal(byAdmin.version, 1);
    // No generic path reaches them: they are no content type (REST 404, GraphQL has no such type).
    assert.equal((await h.call('A', 'GET', '/api/evaluation-annotations')).status, 404);
    const gql = await h.call('A', 'POST', '/graphql', {
      query: '{ evaluationAnnotations { documentId } }',
    });
    assert.ok(gql.status >= 400 || gql.json.errors, 'GraphQL knows no annotations');
  });

  test('bad input is refused and changes nothing', async () => {
    const before = await h.read();
    const refuse = async (path, body, status, pattern) => {
      const res = await h.call('priya', 'PUT', path, body);
      assert.equal(res.status, status, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
      if (pattern) assert.match(res.json.error.message, pattern);
    };
    const p1 = h.pagePath(1);
    await refuse(p1, { baseVersion: 2, items: [{ ...TICK, kind: 'smiley' }] }, 400, /kind must be/);
    await refuse(p1, { baseVersion: 2, items: [{ ...TICK, x: 1.5 }] }, 400, /x must be a number/);
    await refuse(
      p1,
      { baseVersion: 2, items: [{ id: 'c', kind: 'comment', x: 0, y: 0 }] },
      400,
      /needs its text/,
    );
    await refuse(
      p1,
      { baseVersion: 2, items: [{ ...COMMENT, text: 'x'.repeat(1001) }] },
      400,
      /longer than 1000/,
    );
    await refuse(p1, { baseVersion: 2, items: [TICK, TICK] }, 400, /used twice/);
    await refuse(
      p1,
      { baseVersion: 2, items: [{ id: 'm', kind: 'mark', x: 0, y: 0, marks: -1 }] },
      400,
      /stamped mark/,
    );
    const stroke = Array.from({ length: 2001 }, (_, i) => [i / 3000, 0.5]);
    await refuse(
      p1,
      { baseVersion: 2, items: [{ id: 'd', kind: 'draw', x: 0, y: 0, points: stroke }] },
      400,
      /at most 2000 points/,
    );
    const many = Array.from({ length: 501 }, (_, i) => ({ ...TICK, id: `t${i}` }));
    await refuse(p1, { baseVersion: 2, items: many }, 400, /at most 500 annotations/);
    await refuse(p1, { baseVersion: 2, items: 'tick' }, 400, /list of annotations/);
    await refuse(p1, { items: [] }, 400, /baseVersion/);
    await refuse(h.pagePath(0), { baseVersion: 0, items: [] }, 400, /page must be/);
    await refuse(h.pagePath(1, 999999), { baseVersion: 0, items: [] }, 404);
    await refuse(h.pagePath(1, 'abc'), { baseVersion: 0, items: [] }, 404);
    assert.deepEqual(await h.read(), before, 'nothing changed');
  });

  test('writes stop once completed, until an administrator reopens', async () => {
    await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
      questions: [{ questionId: f.question, marks: 7 }],
    });
    await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
      complete: true,
      confirmTotal: 7,
    });
    const done = await h.read();
    assert.equal(done.completed, true);
    // The marked copy: the learner's two pages with the annotations drawn on both.
    const evaluationOf = async () =>
      (await h.ok('priya', 'GET', `/api/mains/scripts/${f.result}`)).evaluations.find(
        (e) => e.documentId === f.eval,
      );
    const download = h.download;
    const marked = (await evaluationOf()).evaluation_document;
    assert.ok(marked, 'completion made the marked copy');
    assert.match(marked.name, /^Marked copy \(Indian Polity\)/);
    const copy = await download(marked.url);
    assert.deepEqual(await streamsPerPage(h.pdf), [1, 1]);
    const flattened = await streamsPerPage(copy);
    assert.equal(flattened.length, 2, 'every page of the script');
    assert.ok(
      flattened.every((n) => n > 1),
      `annotations drawn on both pages: ${flattened}`,
    );
    const script = await h.ok('priya', 'GET', `/api/mains/scripts/${f.result}`);
    const original = await download(script.answers[0].documents[0].url);
    assert.deepEqual(original, h.pdf, 'the original is never changed');
    const refused = await h.call('priya', 'PUT', h.pagePath(1), { baseVersion: 2, items: [] });
    assert.equal(refused.status, 409);
    assert.match(refused.json.error.message, /completed/);
    const byAdmin = await h.call('admin', 'PUT', h.pagePath(1), { baseVersion: 2, items: [] });
    assert.equal(byAdmin.status, 409, 'an administrator reopens first too');
    await h.ok('admin', 'POST', `/api/mains/evaluations/${f.eval}/reopen`, {
      reason: 'Annotate page 1 again',
    });
    const again = await h.ok('priya', 'PUT', h.pagePath(1), { baseVersion: 2, items: [] });
    assert.equal(again.version, 3);
    // A copy uploaded by hand wins over the flattened one at the next completion.
    const form = new FormData();
    form.append('files', new Blob([h.pdf], { type: 'application/pdf' }), 'my-marking.pdf');
    const up = await fetch(`${h.server.baseUrl}/api/mains/evaluations/${f.eval}/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.tokens.priya}` },
      body: form,
    });
    assert.equal(up.status, 200, await up.text());
    await h.ok('priya', 'PUT', h.pagePath(2), { baseVersion: 1, items: [COMMENT] });
    await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
      complete: true,
      confirmTotal: 7,
    });
    assert.equal((await evaluationOf()).evaluation_document.name, 'my-marking.pdf');
  });
});

describe('annotations (PostgreSQL)', { skip: skipWithoutPostgres }, () => {
  const h = harness();
  h.setUp(
    async () => {
      await h.makeScript('Annotated script (PG)');
    },
    { postgres: true },
  );

  test('versioned saves and the stale-tab refusal', async () => {
    await versionScenario(h);
    // Two first saves of a new page at once: one wins, the other is told the page moved on.
    const both = await Promise.all(
      ['a', 'b'].map((id) =>
        h.call('priya', 'PUT', h.pagePath(5), { baseVersion: 0, items: [{ ...TICK, id }] }),
      ),
    );
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
  });
});
