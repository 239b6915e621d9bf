// The Mains grading fixture the issue 27 test files share: one booted server with the demo
// accounts signed in (admin, priya: Indian Polity, arjun: Indian Economy, learners A and B), a
// Mains test with two Polity questions (10, 5) and one Economy question (10) that A and B submit,
// and the calls the scenarios use.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { demoRecords } from './fixtures.mjs';
import { createSeededDatabase } from './postgres.mjs';
import { asRoles } from './roles.mjs';
import { MAINS_ROLES, startServer } from './server.mjs';

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** An 8×12 JPEG and a 10×6 PNG, as a phone's photos would be (only smaller). */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAMAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
  'base64',
);
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAGCAIAAAB1kpiRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMQkTuBBzEMXmkAIP06mb6n0ekAAAAASUVORK5CYII=',
  'base64',
);
/** One booted server with the demo accounts signed in, and the calls the scenarios use. */
export const harness = () => {
  const roles = asRoles(() => h.server);
  const h = { server: null, tokens: roles.tokens, f: {}, call: roles.call, ok: roles.ok };
  h.refused = async (res, status, message) => {
    const r = await res;
    assert.equal(r.status, status, r.text.slice(0, 400));
    if (message instanceof RegExp) assert.match(r.json.error.message, message);
    else if (message !== undefined) assert.equal(r.json.error.message, message);
    return r;
  };
  h.boot = async (options) => {
    h.server = await startServer(options);
    await roles.signIn(MAINS_ROLES);
    const { polity, economy, batch } = await demoRecords(h.ok);
    Object.assign(h.f, { polity, economy, batch });
  };
  /**
   * The describe's hooks: before, boot (on a PostgreSQL database of its own with `postgres`) and
   * `arrange()`; after, stop the server (and drop that database).
   */
  h.setUp = (arrange, { postgres = false } = {}) => {
    let db;
    before(async () => {
      if (postgres) db = await createSeededDatabase();
      await h.boot(db ? { databaseUrl: db.url } : undefined);
      await arrange();
    });
    after(async () => {
      await h.server?.stop();
      await db?.drop();
    });
  };
  /** A Mains test: Polity questions of 10 and 5 marks, an Economy one of 10; A and B submit. */
  h.makeScripts = async (name, learners = ['A', 'B']) => {
    const created = await h.ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 60,
        MaximumMarks: 25,
        batch: h.f.batch,
        subjects: [h.f.polity, h.f.economy],
        ValidFrom: new Date(Date.now() - 86_400_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    h.f.test = created.documentId;
    assert.equal(created.allow_half_marks, false, 'half marks are off by default');
    for (const [subject, points] of [
      [h.f.polity, 10],
      [h.f.polity, 5],
      [h.f.economy, 10],
    ]) {
      await h.ok('admin', 'POST', '/api/questions', {
        data: {
          question: `Discuss (${points}).`,
          question_type: 'Descriptive',
          points_correct_answer: points,
          subject,
          test: created.documentId,
        },
      });
    }
    for (const learner of learners) {
      const started = await h.ok(learner, 'POST', '/api/mains/start', {
        kind: 'test',
        documentId: created.documentId,
      });
      const res = await h.upload(learner, started.answers[0].documentId, [
        [PDF, 'answer.pdf', 'application/pdf'],
      ]);
      assert.equal(res.status, 200, res.text);
      const submitted = await h.ok(learner, 'POST', '/api/mains/submit', {
        attemptId: started.attempt.documentId,
      });
      h.f[`result${learner}`] = submitted.result.documentId;
    }
    const script = await h.ok('priya', 'GET', `/api/mains/scripts/${h.f.resultA}`);
    const of = (subject) =>
      script.questions.filter((q) => q.subject?.documentId === subject).map((q) => q.documentId);
    [h.f.q1, h.f.q2] = of(h.f.polity);
    [h.f.q3] = of(h.f.economy);
  };
  /** POST answer documents: `files` are [bytes, name, type]; the raw response. */
  h.upload = async (role, answerId, files) => {
    const form = new FormData();
    for (const [bytes, name, type] of files)
      form.append('files', new Blob([bytes], { type }), name);
    const res = await fetch(`${h.server.baseUrl}/api/mains/answers/${answerId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.tokens[role]}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : null };
  };
  /** A stored file's bytes (files are public under /uploads in the tests' configuration). */
  h.download = async (url) => {
    const res = await fetch(`${h.server.baseUrl}${url}`);
    assert.equal(res.status, 200, url);
    return Buffer.from(await res.arrayBuffer());
  };
  h.put = (role, id, body) => h.call(role, 'PUT', `/api/mains/evaluations/${id}`, body);
  h.start = async (role, resultId, subjectId) =>
    (await h.ok(role, 'POST', '/api/mains/evaluations', { resultId, subjectId })).documentId;
  return h;
};
