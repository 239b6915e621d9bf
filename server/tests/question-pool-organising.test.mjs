// Organising the question pool (issue 26): difficulty, tags, subject and topic on pool questions;
// the filtered list (type, subject, topic, difficulty, tag, used/unused, search) with facility from
// ended attempts; bulk edit (limits, staff only, nothing changed on bad input). The same suite runs
// on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { xlsx } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const suite = (name, options) =>
  describe(name, options.describe ?? {}, () => {
    let server;
    let db;
    const { tokens, users, call, ok, signIn } = asRoles(() => server);
    const f = {};
    const list = async (query = '') => {
      const size = query.includes('pageSize=') ? '' : 'pageSize=100&';
      const res = await call('admin', 'GET', `/api/questionPool-search?${size}${query}`);
      assert.equal(res.status, 200, res.text.slice(0, 400));
      return res.json;
    };
    const mine = async (query = '') =>
      (await list(`search=Organise&${query}`)).data.map((q) => q.question).sort();
    const pool = (question, extra = {}) =>
      ok('admin', 'POST', '/api/question-pools', {
        data: {
          question,
          option_a: 'Alpha',
          option_b: 'Beta',
          option_c: 'Gamma',
          option_d: 'Delta',
          correct_answer: 'b',
          points_correct_answer: 1,
          ...extra,
        },
      });
    const upload = (path, fields, bytes, name) =>
      server.request('POST', path, {
        token: tokens.admin,
        form: { fields, files: [[bytes, name]] },
      });
    const row = async (documentId) => {
      const res = await list(`search=Organise`);
      return res.data.find((q) => q.documentId === documentId);
    };

    before(async () => {
      if (options.postgres) db = await createSeededDatabase();
      server = await startServer(db ? { databaseUrl: db.url } : {});
      await signIn([
        ['admin', 'admin'],
        ['faculty', 'faculty'],
        ['A', 'student1'],
        ['B', 'student2'],
      ]);
      f.physics = (
        await ok('admin', 'POST', '/api/subjects', { data: { SubjectName: 'Organise Physics' } })
      ).documentId;
      f.maths = (
        await ok('admin', 'POST', '/api/subjects', { data: { SubjectName: 'Organise Maths' } })
      ).documentId;
      f.optics = (
        await ok('admin', 'POST', '/api/topics', {
          data: { topic_name: 'Optics', subject: f.physics },
        })
      ).documentId;
      f.q1 = (
        await pool('Organise q1 about lenses', {
          subject: f.physics,
          topic: f.optics,
          difficulty: 'Hard',
          tags: [' Lenses ', 'jee', 'JEE', ''],
        })
      ).documentId;
      f.q2 = (
        await pool('Organise q2 about 50%_off', {
          subject: f.maths,
          difficulty: 'easy',
          tags: 'jee; algebra',
        })
      ).documentId;
      f.q3 = (
        await pool('Organise q3 true or false', {
          question_type: 'TrueFalse',
          option_a: null,
          option_b: null,
          option_c: null,
          option_d: null,
          correct_answer: 'true',
        })
      ).documentId;
    });

    after(async () => {
      await server?.stop();
      await db?.drop();
    });

    test('a pool question keeps its difficulty and tags, trimmed, lower case, de-duplicated', async () => {
      const q1 = await row(f.q1);
      assert.equal(q1.difficulty, 'hard');
      assert.deepEqual(q1.tags, ['lenses', 'jee']);
      assert.equal(q1.subject.SubjectName, 'Organise Physics');
      assert.equal(q1.topic.topic_name, 'Optics');
      const q3 = await row(f.q3);
      assert.equal(q3.difficulty, null, 'no difficulty: unrated, as existing rows');
      assert.deepEqual(q3.tags, []);
      assert.deepEqual((await row(f.q2)).tags, ['jee', 'algebra']);
    });

    test('bad difficulty or tags are a 400 that changes nothing', async () => {
      for (const data of [
        { difficulty: 'impossible' },
        { tags: ['x'.repeat(41)] },
        { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        { tags: [1, 2] },
      ]) {
        const res = await call('admin', 'PUT', `/api/question-pools/${f.q1}`, { data });
        assert.equal(res.status, 400, JSON.stringify(data));
      }
      const q1 = await row(f.q1);
      assert.equal(q1.difficulty, 'hard');
      assert.deepEqual(q1.tags, ['lenses', 'jee']);
    });

    test('the list filters by type, subject, topic, difficulty, tag and searches the text', async () => {
      assert.deepEqual(await mine('type=TrueFalse'), ['Organise q3 true or false']);
      assert.equal((await mine('type=MCQ')).length, 2);
      assert.deepEqual(await mine(`subject=${f.maths}`), ['Organise q2 about 50%_off']);
      assert.deepEqual(await mine(`topic=${f.optics}`), ['Organise q1 about lenses']);
      assert.deepEqual(await mine('topic=none'), [
        'Organise q2 about 50%_off',
        'Organise q3 true or false',
      ]);
      assert.deepEqual(await mine('difficulty=easy'), ['Organise q2 about 50%_off']);
      assert.deepEqual(await mine('difficulty=none'), ['Organise q3 true or false']);
      assert.deepEqual(await mine('tag=JEE'), [
        'Organise q1 about lenses',
        'Organise q2 about 50%_off',
      ]);
      assert.deepEqual(await mine('tag=algebra&difficulty=hard'), []);
      // Search: any case, options and the subject's name; % and _ are plain characters.
      assert.deepEqual(
        (await list('search=LENSES')).data.map((q) => q.documentId),
        [f.q1],
      );
      assert.deepEqual(
        (await list('search=50%25_')).data.map((q) => q.documentId),
        [f.q2],
      );
      assert.equal((await list('search=organise%20maths')).data.length, 1);
      assert.equal((await list('search=5_%25')).data.length, 0);
      const page = await list('search=Organise&pageSize=2&page=2');
      assert.equal(page.meta.pagination.total, 3);
      assert.equal(page.data.length, 1);
    });

    test('bad filters are a 400', async () => {
      for (const query of [
        'type=essay',
        'difficulty=extreme',
        'used=maybe',
        'pageSize=101',
        'page=0',
      ]) {
        const res = await call('admin', 'GET', `/api/questionPool-search?${query}`);
        assert.equal(res.status, 400, query);
      }
    });

    test('learners and visitors never read the list nor bulk edit', async () => {
      for (const role of ['A', 'none']) {
        const read = await call(role, 'GET', '/api/questionPool-search');
        assert.ok([401, 403].includes(read.status), `${role}: ${read.status}`);
        const edit = await call(role, 'POST', '/api/questionPool-bulk-edit', {
          ids: [f.q1],
          difficulty: 'easy',
        });
        assert.ok([401, 403].includes(edit.status), `${role}: ${edit.status}`);
      }
      assert.equal((await row(f.q1)).difficulty, 'hard');
      const own = await call('A', 'GET', `/api/question-pools/${f.q1}`);
      assert.ok([403, 404].includes(own.status));
      const populated = await call('A', 'GET', '/api/questions?populate=*');
      assert.equal(populated.status, 200);
      for (const q of populated.json.data) assert.equal(q.source_pool_id, undefined);
      const gql = await call('A', 'POST', '/api/graphql', {
        query: '{ questionPools { documentId difficulty tags } }',
      });
      assert.ok(
        gql.status >= 400 ||
          gql.json?.errors?.length > 0 ||
          gql.json?.data?.questionPools?.length === 0,
        gql.text?.slice(0, 300),
      );
      assert.ok(!JSON.stringify(gql.json ?? {}).includes('lenses'));
    });

    test('bulk edit sets subject, topic, difficulty and tags in one call', async () => {
      const res = await ok('faculty', 'POST', '/api/questionPool-bulk-edit', {
        ids: [f.q2, f.q3],
        subject: f.physics,
        topic: f.optics,
        difficulty: 'medium',
        addTags: ['Mechanics', 'jee'],
        removeTags: ['algebra'],
      });
      assert.equal(res.updated, 2);
      const q2 = await row(f.q2);
      assert.equal(q2.subject.documentId, f.physics);
      assert.equal(q2.topic.documentId, f.optics);
      assert.equal(q2.difficulty, 'medium');
      assert.deepEqual(q2.tags, ['jee', 'mechanics']);
      assert.deepEqual((await row(f.q3)).tags, ['mechanics', 'jee']);
      assert.deepEqual(await mine(`subject=${f.maths}`), []);
      // Clearing: null difficulty and topic.
      await ok('admin', 'POST', '/api/questionPool-bulk-edit', {
        ids: [f.q3],
        difficulty: null,
        topic: null,
      });
      const q3 = await row(f.q3);
      assert.equal(q3.difficulty, null);
      assert.equal(q3.topic, null);
      assert.equal(q3.subject.documentId, f.physics);
    });

    test('bulk edit: bad input is a 400 and nothing changes', async () => {
      const before = await list('search=Organise');
      const bad = [
        { ids: [f.q1, 'no-such-question'], difficulty: 'easy' },
        { ids: [], difficulty: 'easy' },
        { ids: Array.from({ length: 501 }, (_, i) => `id${i}`), difficulty: 'easy' },
        { ids: [f.q1], difficulty: 'extreme' },
        { ids: [f.q1], subject: 'no-such-subject', difficulty: 'easy' },
        { ids: [f.q1], addTags: ['y'.repeat(41)] },
        { ids: [f.q1, f.q2], addTags: Array.from({ length: 19 }, (_, i) => `extra${i}`) },
        { ids: [f.q1] },
      ];
      for (const body of bad) {
        const res = await call('admin', 'POST', '/api/questionPool-bulk-edit', body);
        assert.equal(
          res.status,
          400,
          `${JSON.stringify(body).slice(0, 80)}: ${res.text.slice(0, 200)}`,
        );
      }
      const res = await call('admin', 'POST', '/api/questionPool-bulk-edit', {
        ids: [f.q1, 'no-such-question'],
        difficulty: 'easy',
      });
      assert.deepEqual(res.json.error.details.unknownIds, ['no-such-question']);
      assert.deepEqual(await list('search=Organise'), before);
    });

    test('used / never used and facility follow the copies of a pool question', async () => {
      assert.equal((await mine('used=used')).length, 0);
      const t = await ok('admin', 'POST', '/api/tests', {
        data: {
          TestName: 'Organise facility',
          TestDuration: 30,
          MaximumMarks: 2,
          PassMark: 1,
          students: [users.A.student.documentId, users.B.student.documentId],
        },
      });
      await ok('admin', 'POST', '/api/questions-bulk', {
        testId: t.documentId,
        questionPoolIds: [f.q1],
      });
      assert.deepEqual(await mine('used=used'), ['Organise q1 about lenses']);
      assert.equal((await mine('used=unused')).length, 2);
      assert.equal((await row(f.q1)).usedIn, 1);
      assert.equal((await row(f.q1)).facility, null, 'no attempts yet');
      // A answers right, B wrong; both submit.
      for (const [role, choice] of [
        ['A', 'b'],
        ['B', 'c'],
      ]) {
        const started = await call(role, 'POST', '/api/test/prelims/initialize', {
          testId: t.documentId,
        });
        assert.ok(started.status < 300, started.text.slice(0, 300));
        const [answer] = started.json.data.answers;
        await ok(role, 'PUT', `/api/answers/${answer.documentId}`, {
          data: { selected_answer: choice, revision: 1 },
        });
        await ok(role, 'POST', '/api/test/prelims/submit', {
          attemptId: started.json.data.attempt.documentId,
        });
      }
      assert.deepEqual((await row(f.q1)).facility, { answers: 2, correct: 1, facility: 0.5 });
    });

    test('the xlsx template import keeps difficulty and tags; a bad one skips its row', async () => {
      const file = await xlsx([
        ['Question', 'Correct Answer', 'Points Correct', 'Question Type', 'Difficulty', 'Tags'],
        ['Organise xlsx one', 'true', 1, 'TrueFalse', 'Hard', 'Optics, JEE ,optics'],
        ['Organise xlsx two', 'false', 1, 'TrueFalse', 'extreme', ''],
        ['Organise xlsx three', 'false', 1, 'TrueFalse', '', ''],
      ]);
      const res = await upload('/api/questionPool-import', {}, file, 'pool.xlsx');
      assert.equal(res.status, 200, JSON.stringify(res.json).slice(0, 300));
      assert.equal(res.json.createdQuestions.length, 2);
      assert.equal(res.json.skippedRows[0].row, 3);
      assert.match(res.json.skippedRows[0].reasons.join(' '), /Difficulty must be one of/);
      const [one] = (await list('search=Organise%20xlsx%20one')).data;
      assert.equal(one.difficulty, 'hard');
      assert.deepEqual(one.tags, ['optics', 'jee']);
      const [three] = (await list('search=Organise%20xlsx%20three')).data;
      assert.equal(three.difficulty, null);
      assert.deepEqual(three.tags, []);
    });

    test('Moodle XML carries tags and difficulty out and back in', async () => {
      const res = await fetch(
        `${server.baseUrl}/api/questionPool-export?format=moodle&search=Organise%20xlsx%20one`,
        { headers: { authorization: `Bearer ${tokens.admin}` } },
      );
      assert.equal(res.status, 200);
      const xml = await res.text();
      assert.match(xml, /<tags>/);
      assert.match(xml, /<text>optics<\/text>/);
      assert.match(xml, /<text>difficulty:hard<\/text>/);
      const again = await upload(
        '/api/questionPool-import',
        { duplicates: 'import' },
        Buffer.from(xml.replace('Organise xlsx one', 'Organise moodle one')),
        'pool.xml',
      );
      assert.equal(again.status, 200, JSON.stringify(again.json).slice(0, 300));
      const [back] = (await list('search=Organise%20moodle%20one')).data;
      assert.equal(back.difficulty, 'hard');
      assert.deepEqual(back.tags, ['optics', 'jee']);
    });

    test('a search counts at most 1,000 matches and says there are more', async () => {
      const rows = Array.from({ length: 1002 }, (_, i) => [
        `Capped search ${i}`,
        'true',
        1,
        'TrueFalse',
      ]);
      const file = await xlsx([
        ['Question', 'Correct Answer', 'Points Correct', 'Question Type'],
        ...rows,
      ]);
      const res = await upload('/api/questionPool-import', {}, file, 'many.xlsx');
      assert.equal(res.status, 200, JSON.stringify(res.json).slice(0, 300));
      const page = await list('search=capped%20search&pageSize=25');
      assert.equal(page.meta.pagination.total, 1000);
      assert.equal(page.meta.pagination.more, true);
      assert.equal(page.data.length, 25);
      assert.equal(page.data[0].question, 'Capped search 1001', 'newest first');
      const all = await list('pageSize=25');
      assert.ok(all.meta.pagination.total > 1002, 'no search: every row counted');
      assert.equal(all.meta.pagination.more, false);
      const exact = await list('search=capped%20search%201001');
      assert.equal(exact.meta.pagination.total, 1);
      assert.equal(exact.meta.pagination.more, false);
    });
  });

suite('question pool organising (SQLite)', {});
suite('question pool organising (PostgreSQL)', {
  postgres: true,
  describe: { skip: skipWithoutPostgres },
});
