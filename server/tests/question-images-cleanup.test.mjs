// The orphan sweep of question images (issue 26): an uploaded question image that no question
// shows (a test's, an assignment's or a pool question's text, options or explanation) is removed,
// file and upload row, once it is older than QUESTION_IMAGE_GRACE_HOURS (1 here; the sweep runs
// every second here, QUESTION_IMAGE_SWEEP_RULE). A used one stays, however old; a fresh unused
// one stays until its grace is over; an old one that a question starts using again stays.
// Learners see none of it. SQLite, then PostgreSQL with TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSeededDatabase, databaseRows, skipWithoutPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const suite = (name, options) =>
  describe(name, options.describe ?? {}, () => {
    let server;
    let db;
    const { tokens, call, ok, signIn } = asRoles(() => server);
    const upload = async () => {
      const res = await server.request('POST', '/api/question-images', {
        token: tokens.admin,
        form: { files: [[PNG, 'graph.png']] },
      });
      assert.equal(res.status, 200, res.text.slice(0, 300));
      return res.json.data.src;
    };
    const rows = databaseRows(
      () => server,
      () => db,
    );
    const fileRow = async (src) => (await rows('SELECT id FROM files WHERE url = ?', [src]))[0];
    /** Moves an upload's creation `hours` back (its age is what the grace period reads). */
    const age = async (src, hours) => {
      if (db) {
        await db.query(
          `UPDATE files SET created_at = created_at - interval '${hours} hours' WHERE url = $1`,
          [src],
        );
        return;
      }
      const [{ created_at: at }] = await rows('SELECT created_at FROM files WHERE url = ?', [src]);
      const earlier = new Date(Number.isFinite(Number(at)) ? Number(at) : at).getTime();
      const value = earlier - hours * 3_600_000;
      server
        .database()
        .prepare('UPDATE files SET created_at = ? WHERE url = ?')
        .run(typeof at === 'number' ? value : new Date(value).toISOString(), src);
    };
    const status = async (src) => (await fetch(`${server.baseUrl}${src}`)).status;
    const mcq = (extra) => ({
      question: 'Q?',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'a',
      points_correct_answer: 1,
      ...extra,
    });

    before(async () => {
      if (options.postgres) db = await createSeededDatabase();
      server = await startServer({
        ...(db ? { databaseUrl: db.url } : {}),
        extraEnv: { QUESTION_IMAGE_SWEEP_RULE: '* * * * * *', QUESTION_IMAGE_GRACE_HOURS: '1' },
      });
      await signIn([
        ['admin', 'admin'],
        ['A', 'student1'],
      ]);
    });

    after(async () => {
      await server?.stop();
      await db?.drop();
    });

    test('an old unused image is removed; used, fresh and newly used ones stay', async () => {
      const orphan = await upload();
      const inPool = await upload();
      const inTest = await upload();
      const reused = await upload();
      const fresh = await upload();
      await ok('admin', 'POST', '/api/question-pools', {
        data: mcq({ option_c: `<img src="${inPool}" alt="c">` }),
      });
      const t = await ok('admin', 'POST', '/api/tests', {
        data: { TestName: `Sweep ${name}`, TestDuration: 30, MaximumMarks: 1 },
      });
      await ok('admin', 'POST', '/api/questions', {
        data: mcq({ test: t.documentId, explanation: `Worked: <img src="${inTest}" alt="w">` }),
      });
      for (const src of [orphan, inPool, inTest]) await age(src, 2);
      // An image a question starts using now is kept, however old. It is aged once the question
      // uses it: aged first, the sweep (every second here) may take it before the question is
      // saved, as it would in production; the grace period protects an image only while new.
      await ok('admin', 'POST', '/api/question-pools', {
        data: mcq({ question: `Again <img src="${reused}" alt="r">` }),
      });
      await age(reused, 2);

      let gone = false;
      for (let waited = 0; waited < 15_000 && !gone; waited += 250) {
        gone = !(await fileRow(orphan));
        if (!gone) await sleep(250);
      }
      assert.ok(gone, 'the old unused image was not removed');
      assert.equal(await status(orphan), 404, 'its file is gone too');
      await sleep(2_000); // two more sweeps
      for (const [label, src] of [
        ['pool option', inPool],
        ['test explanation', inTest],
        ['used again', reused],
        ['fresh', fresh],
      ]) {
        assert.ok(await fileRow(src), `${label}: upload row removed`);
        assert.equal(await status(src), 200, `${label}: file removed`);
      }
    });

    test('an image stops being used: removed once old; learners see no image anywhere', async () => {
      const src = await upload();
      const q = await ok('admin', 'POST', '/api/question-pools', {
        data: mcq({ question: `Soon plain <img src="${src}" alt="x">` }),
      });
      await age(src, 2);
      await sleep(2_000);
      assert.ok(await fileRow(src), 'kept while used');
      await ok('admin', 'PUT', `/api/question-pools/${q.documentId}`, {
        data: { question: 'Now plain' },
      });
      let gone = false;
      for (let waited = 0; waited < 15_000 && !gone; waited += 250) {
        gone = !(await fileRow(src));
        if (!gone) await sleep(250);
      }
      assert.ok(gone, 'removed once no question shows it');
      const kept = await upload();
      for (const role of ['A', 'none']) {
        const res = await call(role, 'GET', '/api/upload/files');
        assert.ok(!res.text.includes('qimg_'), `${role} lists question images`);
        assert.ok(!res.text.includes(kept.slice(9, 41)));
      }
    });
  });

suite('question image sweep (SQLite)', {});
suite('question image sweep (PostgreSQL)', {
  postgres: true,
  describe: { skip: skipWithoutPostgres },
});
