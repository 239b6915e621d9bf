// Drawn answers in the reports (issue 26, docs/decisions.md "Issue 26: drawn answers in reports").
// A test with a fixed section (one Physics and one Chemistry question) and a section drawing two
// questions from the pool (3 marks each, −1 wrong) over both subjects. The pool is arranged so the
// draws are known: A draws P1 (Physics) and C1 (Chemistry); then P1 leaves the draw's tag and C2
// (Chemistry) joins it, so B draws C1 (the same shared copy) and C2. Every figure below is worked
// out by hand. One boot on SQLite, then (with TEST_DATABASE_URL) the same cases on PostgreSQL.
//
//   Fixed: F1 Physics 2 marks key a; F2 Chemistry 1 mark key a (no negative marks).
//   A: F1 a (+2), F2 b (0), P1 a (+3), C1 a (−1)     → total 4
//   B: F1 b (0),  F2 a (+1), C1 b (+3), C2 c (+3)    → total 7
//   By learner:   A Physics 5 of 2 + 3 = 5, Chemistry −1 of 1 + 3 = 4
//                 B Physics 0 of 2,         Chemistry 7 of 1 + 3 + 3 = 7
//   By subject (2 learners): Physics: questions 1 + 1/2 = 1.5 (0.5 drawn), max 2 + 3/2 = 3.5,
//                 mean (5 + 0)/2 = 2.5, right 2 of 2 × 1 + 1 answers = 0.667;
//                 Chemistry: questions 1 + 3/2 = 2.5 (1.5 drawn), max 1 + 9/2 = 5.5,
//                 mean (−1 + 7)/2 = 3, right 3 of 2 × 1 + 3 answers = 0.6.
//   Items: F1 2 takers 1 right, F2 2/1, P1 copy 1/1 (Physics), C1 copy 2/1, C2 copy 1/1 (Chemistry).
//   Pool facility: P1 1 of 1, C1 1 of 2 (0.5), C2 1 of 1. Progress: A Physics 100 %, Chemistry
//   −25 %; B Physics 0 %, Chemistry 100 %. The header: 2 own questions + 2 drawn = 4 per learner.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, databaseRows, skipWithoutPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const suite = (name, options) =>
  describe(name, options.describe ?? {}, () => {
    let server;
    let db;
    const f = {};
    const { users, call, ok, signIn } = asRoles(() => server);
    const sql = databaseRows(
      () => server,
      () => db,
    );
    const start = async (role) => {
      const res = await call(role, 'POST', '/api/test/prelims/initialize', { testId: f.test });
      assert.ok(res.status === 200 || res.status === 201, res.text.slice(0, 400));
      return res.json.data;
    };
    const questionOf = (data, text) => {
      const q = data.questions.find((x) => x.question.startsWith(text));
      assert.ok(q, `${text} in the attempt`);
      return q;
    };
    const save = async (role, data, text, letter) => {
      const q = questionOf(data, text);
      const answer = data.answers.find((a) => a.question === q.documentId);
      const res = await call(role, 'PUT', `/api/answers/${answer.documentId}`, {
        data: { selected_answer: letter, revision: 1 },
      });
      assert.equal(res.status, 200, res.text.slice(0, 300));
    };
    const move = (role, data, section) =>
      ok(role, 'POST', '/api/test/prelims/section', {
        attemptId: data.attempt.documentId,
        section,
      });
    /** The test's summary is current (kept, nothing queued, every result folded). */
    const settled = async () => {
      const [{ id }] = await sql('SELECT id FROM tests WHERE document_id = ?', [f.test]);
      for (let i = 0; i < 100; i += 1) {
        const [s] = await sql(
          `SELECT (SELECT COUNT(*) FROM app_report_summary_tests WHERE test_id = ?) AS kept,
            (SELECT MAX(results) FROM app_report_summary_tests WHERE test_id = ?) AS known,
            (SELECT COUNT(*) FROM results_test_lnk WHERE test_id = ?) AS results,
            (SELECT COUNT(*) FROM app_report_summary_picks WHERE test_id = ?) AS picks`,
          [id, id, id, id],
        );
        if (Number(s.kept) === 1 && Number(s.known) === 2 && Number(s.picks) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.fail('the summary of the test did not settle');
    };

    before(async () => {
      if (options.postgres) db = await createSeededDatabase();
      server = await startServer({
        ...(db ? { databaseUrl: db.url } : {}),
        extraEnv: { SUMMARY_WORKER_MS: '300' },
      });
      await signIn([
        ['admin', 'admin'],
        ['A', 'student1'],
        ['B', 'student2'],
      ]);
      f.prefix = `${name} pool`;
      f.tag = options.postgres ? 'rdpg' : 'rdlite';
      f.later = `${f.tag}-later`;
      const subject = async (SubjectName) =>
        (await ok('admin', 'POST', '/api/subjects', { data: { SubjectName } })).documentId;
      f.physicsName = `${name} Physics`;
      f.chemistryName = `${name} Chemistry`;
      f.physics = await subject(f.physicsName);
      f.chemistry = await subject(f.chemistryName);
      const pool = async (label, key, subjectId, tag) =>
        (
          await ok('admin', 'POST', '/api/question-pools', {
            data: {
              question: `${f.prefix} ${label} key ${key}`,
              option_a: 'A',
              option_b: 'B',
              option_c: 'C',
              option_d: 'D',
              correct_answer: key,
              points_correct_answer: 7,
              subject: subjectId,
              tags: [tag],
            },
          })
        ).documentId;
      f.P1 = await pool('P1', 'a', f.physics, f.tag);
      f.C1 = await pool('C1', 'b', f.chemistry, f.tag);
      f.C2 = await pool('C2', 'c', f.chemistry, f.later);
      const created = await ok('admin', 'POST', '/api/tests', {
        data: {
          TestName: `${name} test`,
          TestDuration: 30,
          MaximumMarks: 9,
          students: [users.A.student.documentId, users.B.student.documentId],
          sections: [
            { name: 'Fixed', minutes: 10, subjects: [f.physicsName, f.chemistryName] },
            {
              name: 'Drawn',
              minutes: 20,
              subjects: [],
              draw: { count: 2, marks: 3, negative: 1, filters: { tag: f.tag } },
            },
          ],
        },
      });
      f.test = created.documentId;
      for (const [label, subjectId, marks] of [
        ['F1', f.physics, 2],
        ['F2', f.chemistry, 1],
      ]) {
        await ok('admin', 'POST', '/api/questions', {
          data: {
            question: `${name} ${label} fixed key a`,
            option_a: 'A',
            option_b: 'B',
            option_c: 'C',
            option_d: 'D',
            correct_answer: 'a',
            points_correct_answer: marks,
            points_incorrect_answer: 0,
            test: f.test,
            subject: subjectId,
          },
        });
      }
      f.batch = (
        await ok('admin', 'POST', '/api/batches', {
          data: {
            Batch: `${name} batch`,
            students: [users.A.student.documentId, users.B.student.documentId],
          },
        })
      ).documentId;

      // A draws P1 and C1 (the only two the draw's tag matches).
      const a = await start('A');
      assert.equal(a.questions.length, 4);
      f.copies = {
        P1: questionOf(a, `${f.prefix} P1`).documentId,
        C1: questionOf(a, `${f.prefix} C1`).documentId,
      };
      // P1 leaves the tag, C2 joins it: B draws C1 and C2.
      await ok('admin', 'PUT', `/api/question-pools/${f.P1}`, { data: { tags: [f.later] } });
      await ok('admin', 'PUT', `/api/question-pools/${f.C2}`, { data: { tags: [f.tag] } });
      const b = await start('B');
      assert.equal(b.questions.length, 4);
      assert.equal(questionOf(b, `${f.prefix} C1`).documentId, f.copies.C1, 'C1 shared');
      f.copies.C2 = questionOf(b, `${f.prefix} C2`).documentId;
      assert.ok(!b.questions.some((q) => q.question.startsWith(`${f.prefix} P1`)));
      f.fixed = {
        F1: questionOf(a, `${name} F1`).documentId,
        F2: questionOf(a, `${name} F2`).documentId,
      };

      await save('A', a, `${name} F1`, 'a');
      await save('A', a, `${name} F2`, 'b');
      await move('A', a, 1);
      await save('A', a, `${f.prefix} P1`, 'a');
      await save('A', a, `${f.prefix} C1`, 'a');
      await save('B', b, `${name} F1`, 'b');
      await save('B', b, `${name} F2`, 'a');
      await move('B', b, 1);
      await save('B', b, `${f.prefix} C1`, 'b');
      await save('B', b, `${f.prefix} C2`, 'c');
      for (const [role, data, total] of [
        ['A', a, 4],
        ['B', b, 7],
      ]) {
        const done = await ok(role, 'POST', '/api/test/prelims/submit', {
          attemptId: data.attempt.documentId,
        });
        assert.equal(done.result.total_marks, total, `${role}'s total`);
        f[`result${role}`] = done.result.documentId;
      }
    });

    after(async () => {
      await server?.stop();
      await db?.drop();
    });

    const figures = (data) =>
      data.subjects.map((s) => [
        s.subject?.name ?? null,
        s.questions,
        s.drawnQuestions,
        s.maxMarks,
        s.mean,
        s.facility,
      ]);
    const byLearner = (data) =>
      Object.fromEntries(
        data.learners.map((l) => [
          l.learner.documentId === users.A.student.documentId ? 'A' : 'B',
          l.subjects.map((s) => [s.subjectDocumentId, s.score, s.maxMarks]),
        ]),
      );
    const expected = () => ({
      figures: [
        [f.chemistryName, 2.5, 1.5, 5.5, 3, 0.6],
        [f.physicsName, 1.5, 0.5, 3.5, 2.5, 0.667],
      ],
      learners: {
        A: [
          [f.chemistry, -1, 4],
          [f.physics, 5, 5],
        ],
        B: [
          [f.chemistry, 7, 7],
          [f.physics, 0, 2],
        ],
      },
    });

    test('by subject: drawn answers count under their subject with the draw marks', async () => {
      await settled();
      // Every learner of the test (the reports' summary answers) and a batch of both (from the
      // answers): the same figures.
      for (const query of ['?attempt=best', `?attempt=best&batchId=${f.batch}`, '?attempt=last']) {
        const data = await ok('admin', 'GET', `/api/reports/tests/${f.test}/subjects${query}`);
        assert.deepEqual(figures(data), expected().figures, `subjects${query}`);
        assert.equal(data.learners.length, 2);
        assert.deepEqual(byLearner(data), expected().learners, `learners${query}`);
      }
      // Learners never read another's marks or the subject analysis.
      const learner = await call('A', 'GET', `/api/reports/tests/${f.test}/subjects`);
      assert.equal(learner.status, 403);
    });

    test('the header counts each learner’s drawn questions; the item analysis per copy', async () => {
      await settled();
      const data = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
      assert.equal(data.test.questions, 4, 'two own questions and two drawn per learner');
      assert.equal(data.test.maxMarks, 9);
      const items = Object.fromEntries(
        data.items.map((x) => [
          x.questionDocumentId,
          [x.subject?.name ?? null, x.takers, x.correct, x.facility],
        ]),
      );
      assert.deepEqual(items, {
        [f.fixed.F1]: [f.physicsName, 2, 1, 0.5],
        [f.fixed.F2]: [f.chemistryName, 2, 1, 0.5],
        [f.copies.P1]: [f.physicsName, 1, 1, 1],
        [f.copies.C1]: [f.chemistryName, 2, 1, 0.5],
        [f.copies.C2]: [f.chemistryName, 1, 1, 1],
      });
    });

    test('the pool list: how each pool question performed through its drawn copies', async () => {
      const rows = await ok(
        'admin',
        'GET',
        `/api/questionPool-search?search=${encodeURIComponent(f.prefix)}&pageSize=100`,
      );
      const got = Object.fromEntries(
        rows.map((r) => [r.documentId, [r.usedIn, r.facility?.answers, r.facility?.facility]]),
      );
      assert.deepEqual(got, {
        [f.P1]: [1, 1, 1],
        [f.C1]: [1, 2, 0.5],
        [f.C2]: [1, 1, 1],
      });
    });

    test('progress by subject: the drawn questions’ subjects and marks', async () => {
      const subjectsOf = (data) => data.subjects.map((s) => [s.subject.name, s.average, s.results]);
      const a = await ok(
        'admin',
        'GET',
        `/api/reports/learners/${users.A.student.documentId}/progress`,
      );
      assert.deepEqual(subjectsOf(a), [
        [f.chemistryName, -25, 1],
        [f.physicsName, 100, 1],
      ]);
      const b = await ok(
        'admin',
        'GET',
        `/api/reports/learners/${users.B.student.documentId}/progress`,
      );
      assert.deepEqual(subjectsOf(b), [
        [f.chemistryName, 100, 1],
        [f.physicsName, 0, 1],
      ]);
      // A learner reads their own, the same figures, and nobody else's.
      const own = await ok('A', 'GET', '/api/reports/my-progress');
      assert.deepEqual(subjectsOf(own), subjectsOf(a));
      const mine = own.results.find((r) => r.work.documentId === f.test);
      assert.deepEqual([mine.score, mine.maxMarks], [4, 9]);
      const other = await call(
        'A',
        'GET',
        `/api/reports/learners/${users.B.student.documentId}/progress`,
      );
      assert.equal(other.status, 403);
    });

    test('the learner’s result page: each drawn question under its subject; not another’s', async () => {
      const review = await ok('A', 'GET', `/api/test/prelims/results/${f.resultA}`);
      const subjects = Object.fromEntries(
        review.questions.map((q) => [q.documentId, q.subject?.SubjectName ?? null]),
      );
      assert.deepEqual(subjects, {
        [f.fixed.F1]: f.physicsName,
        [f.fixed.F2]: f.chemistryName,
        [f.copies.P1]: f.physicsName,
        [f.copies.C1]: f.chemistryName,
      });
      const others = await call('A', 'GET', `/api/test/prelims/results/${f.resultB}`);
      assert.ok([403, 404].includes(others.status), `B's result for A: ${others.status}`);
    });
  });

suite('drawn answers in reports (SQLite)', {});
suite('drawn answers in reports (PostgreSQL)', {
  postgres: true,
  describe: { skip: skipWithoutPostgres },
});
