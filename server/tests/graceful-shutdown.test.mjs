// Graceful shutdown (issue 25): a process stopped mid-exam (a deploy, a scale-in) stops accepting
// connections at once but finishes the answer saves it has already begun, then exits. Each save
// here is begun (headers sent, half of its body) before SIGTERM and finished after it: Strapi's
// own stop would cut these connections; the drain (src/platform/http/drain.ts) lets them end.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

let server;
const { ok, signIn, tokens } = asRoles(() => server);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

before(async () => {
  server = await startServer();
  await signIn([
    ['admin', 'admin'],
    ['learner', 'student1'],
  ]);
});

after(async () => {
  await server?.stop();
});

/** A save whose body is sent in two halves: `finish()` sends the rest and answers the response. */
const beginSave = (token, answerId, data) => {
  const body = Buffer.from(JSON.stringify({ data }));
  const url = new URL(`/api/answers/${answerId}`, server.baseUrl);
  const req = httpRequest(url, {
    method: 'PUT',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(body.length),
    },
  });
  const answered = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, connection: res.headers.connection, text }),
      );
    });
    req.on('error', reject);
  });
  answered.catch(() => {}); // awaited in finish(); a cut connection fails the test there
  req.flushHeaders();
  req.write(body.subarray(0, 10));
  return {
    finish: () => {
      req.end(body.subarray(10));
      return answered;
    },
  };
};

const exited = async (pid, withinMs) => {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await pause(100);
  }
  return false;
};

test('SIGTERM mid-exam: no new connections, the saves in flight finish and are kept', async () => {
  const tests = await ok('admin', 'GET', '/api/tests?pagination[pageSize]=100');
  const prelims = tests.find((t) => t.TestName === 'Prelims Mock Test 1').documentId;
  const started = await ok('learner', 'POST', '/api/test/prelims/initialize', {
    testId: prelims,
    mode: 'practice',
  });
  const answers = started.answers.slice(0, 3).map((answer) => answer.documentId);
  assert.equal(answers.length, 3);
  const saves = answers.map((id, i) =>
    beginSave(tokens.learner, id, { selected_answer: 'abc'[i], revision: 1 }),
  );
  await pause(500); // the server has read each request's headers: they are in flight

  process.kill(server.pid, 'SIGTERM');
  await pause(500);
  await assert.rejects(fetch(`${server.baseUrl}/_health`), 'a new connection is refused');

  const responses = await Promise.all(saves.map((save) => save.finish()));
  for (const res of responses) {
    assert.equal(res.status, 200, res.text);
    assert.equal(res.connection, 'close');
  }
  assert.ok(await exited(server.pid, 10_000), 'the process exits once its requests have ended');

  const rows = server
    .database()
    .prepare(`SELECT document_id, selected_answer FROM answers WHERE document_id IN (?, ?, ?)`)
    .all(...answers);
  const kept = Object.fromEntries(rows.map((row) => [row.document_id, row.selected_answer]));
  assert.deepEqual(
    answers.map((id) => kept[id]),
    ['a', 'b', 'c'],
  );
});
