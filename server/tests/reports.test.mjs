// Reports (issue 22): a test's statistics and item analysis (GET /api/test-data) and the staff's
// results list (GET /api/reports/tests/:documentId/results) against a small hand-computed data set,
// and who may read them. The test, its questions, learners and batches are made through the API;
// the attempts, answers and results are written as rows directly (server.database()): five
// learners taking a five-question test through the exam endpoints would need five accounts and
// say nothing more about the figures, whose SQL reads only these rows. One boot of the real server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { startServer } from './helpers/server.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require('exceljs');

let server;
const { tokens, users, call, ok, signIn } = asRoles(() => server);
const f = {};

/*
 * The data set. Five questions, 1 mark right, 0 wrong or blank; MaximumMarks 5; PassMark 40 %
 * (2 marks); TestDuration 10 min (time bands of 60 s). Keys: Q1 a, Q2 b, Q3 c, Q4 d, Q5 d.
 *
 *         Q1  Q2  Q3   Q4  Q5   total  seconds  batch
 *   L1    a   b   c    a   a    3      300      R
 *   L2    a   b   c    -   a    3      420      R
 *   L3    a   b   a*   -   a    2      420      R      (* marked important)
 *   L4    a   c   c    b   a    2      900      R
 *   L5    b   c   -*   d   a    1       59      S      (attempt 1; attempt 2: all blank, total 0)
 *   L1 also has a practice attempt with total 5: never counted.
 *
 * Best totals 3,3,2,2,1: count 5, mean 11/5 = 2.2, median 2, deviations .8,.8,-.2,-.2,-1.2,
 * population variance 2.8/5 = 0.56, sd √0.56 = 0.748 → 0.75; pass rate 4/5 = 0.8.
 * Ranks (rank = 1 + higher; percentile = (below + ½ equal)/N): L1, L2 rank 1, (3 + 1)/5 = 80;
 * L3, L4 rank 3, (1 + 1)/5 = 40; L5 rank 5, (0 + 0.5)/5 = 10.
 * Groups: round(5 × 0.27) = 1 learner each; by total then the earlier result: top L1, bottom L5.
 * Point-biserial r = (M1 − M0)/s × √(pq), s = 0.74833:
 *   Q1: right L1–L4 (M1 = 2.5), not L5 (M0 = 1): 1.5/0.74833 × √(.8 × .2) = 0.802;
 *       facility 4/5 = 0.8; discrimination 1 − 0 = 1.
 *   Q2: right L1–L3 (M1 = 8/3), not L4, L5 (M0 = 1.5): 1.1667/0.74833 × √.24 = 0.764;
 *       facility 0.6; discrimination 1.
 *   Q3: right L1, L2, L4 (8/3), not L3, L5 (1.5): 0.764; facility 0.6; discrimination 1; 1 blank.
 *   Q4: right L5 (M1 = 1), not L1–L4 (M0 = 2.5): −1.5/0.74833 × √.16 = −0.802; facility 0.2;
 *       discrimination 0 − 1 = −1 → negative-discrimination; 2 blank.
 *   Q5: nobody right: facility 0 → too-hard; point-biserial null; discrimination 0.
 */
const KEYS = ['a', 'b', 'c', 'd', 'd'];
const SHEET = [
  {
    name: 'Learner One',
    roll: 'R-01',
    batch: 'R',
    seconds: 300,
    answers: ['a', 'b', 'c', 'a', 'a'],
  },
  {
    name: 'Learner Two',
    roll: 'R-02',
    batch: 'R',
    seconds: 420,
    answers: ['a', 'b', 'c', '', 'a'],
  },
  {
    name: 'Learner Three',
    roll: 'R-03',
    batch: 'R',
    seconds: 420,
    answers: ['a', 'b', 'a', '', 'a'],
    important: [2],
  },
  {
    name: 'Learner Four',
    roll: 'R-04',
    batch: 'R',
    seconds: 900,
    answers: ['a', 'c', 'c', 'b', 'a'],
  },
  {
    name: 'Learner Five',
    roll: 'S-05',
    batch: 'S',
    seconds: 59,
    answers: ['b', 'c', '', 'd', 'a'],
    important: [2],
  },
];

let idCounter = 0;
const docId = () =>
  `rep22x${(idCounter += 1).toString().padStart(4, '0')}${Date.now().toString(36)}`.slice(0, 24);

/** Writes one attempt with its answers and result, as the exam's submit leaves them. */
const writeAttempt = (
  db,
  { studentId, testId, questionIds, answers, important = [], seconds, startedAt, practice = false },
) => {
  const now = Date.now();
  const attempt = db
    .prepare(
      `INSERT INTO attempts (document_id, created_at, updated_at, published_at, start_date_time,
        end_date_time, is_practice_test, closed_by) VALUES (?, ?, ?, ?, ?, ?, ?, 'learner')`,
    )
    .run(
      docId(),
      now,
      now,
      now,
      startedAt,
      startedAt + seconds * 1000,
      practice ? 1 : 0,
    ).lastInsertRowid;
  db.prepare('INSERT INTO attempts_test_lnk (attempt_id, test_id) VALUES (?, ?)').run(
    attempt,
    testId,
  );
  db.prepare('INSERT INTO attempts_student_lnk (attempt_id, student_id) VALUES (?, ?)').run(
    attempt,
    studentId,
  );
  let total = 0;
  let correct = 0;
  let blank = 0;
  answers.forEach((choice, i) => {
    const right = choice === KEYS[i];
    total += right ? 1 : 0;
    correct += right ? 1 : 0;
    blank += choice === '' ? 1 : 0;
    const answer = db
      .prepare(
        `INSERT INTO answers (document_id, created_at, updated_at, published_at, selected_answer,
          mark_as_important, points, revision) VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
      )
      .run(
        docId(),
        now,
        now,
        now,
        choice || null,
        important.includes(i) ? 1 : 0,
        right ? 1 : 0,
      ).lastInsertRowid;
    db.prepare('INSERT INTO answers_attempt_lnk (answer_id, attempt_id) VALUES (?, ?)').run(
      answer,
      attempt,
    );
    db.prepare('INSERT INTO answers_question_lnk (answer_id, question_id) VALUES (?, ?)').run(
      answer,
      questionIds[i],
    );
  });
  const result = db
    .prepare(
      `INSERT INTO results (document_id, created_at, updated_at, published_at, total_marks, passed,
        correct_count, incorrect_count, unanswered_count, time_taken_seconds)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      docId(),
      now,
      now,
      now,
      total,
      total >= 2 ? 1 : 0,
      correct,
      answers.length - correct - blank,
      blank,
      seconds,
    ).lastInsertRowid;
  db.prepare('INSERT INTO results_attempt_lnk (result_id, attempt_id) VALUES (?, ?)').run(
    result,
    attempt,
  );
  db.prepare('INSERT INTO results_test_lnk (result_id, test_id) VALUES (?, ?)').run(result, testId);
  db.prepare('INSERT INTO results_student_lnk (result_id, student_id) VALUES (?, ?)').run(
    result,
    studentId,
  );
};

before(async () => {
  server = await startServer();
  await signIn([
    ['A', 'student1'],
    ['faculty', 'faculty'],
    ['faculty2', 'faculty2'],
    ['admin', 'admin'],
  ]);
  const db = server.database();
  const learners = [];
  for (const row of SHEET) {
    const s = await ok('admin', 'POST', '/api/students', {
      data: { StudentName: row.name, Roll_Number: row.roll },
    });
    learners.push({
      ...row,
      documentId: s.documentId,
      id: db.prepare('SELECT id FROM students WHERE document_id = ?').get(s.documentId).id,
    });
  }
  f.learners = learners;
  f.batchR = (
    await ok('admin', 'POST', '/api/batches', {
      data: {
        Batch: 'Reports R',
        students: learners.filter((l) => l.batch === 'R').map((l) => l.documentId),
        faculties: [users.faculty.faculty.documentId],
      },
    })
  ).documentId;
  f.batchS = (
    await ok('admin', 'POST', '/api/batches', {
      data: {
        Batch: 'Reports S',
        students: learners.filter((l) => l.batch === 'S').map((l) => l.documentId),
      },
    })
  ).documentId;
  const made = await testWithQuestions(
    ok,
    {
      TestName: 'Reports test',
      TestDuration: 10,
      MaximumMarks: 5,
      PassMark: 40,
      pass_mark_unit: 'percent',
      batch: f.batchR,
    },
    KEYS.map((key, i) => mcq(`Q${i + 1}?`, { correct_answer: key })),
  );
  f.test = made.test.documentId;
  f.questions = made.questions;
  const testId = db.prepare('SELECT id FROM tests WHERE document_id = ?').get(f.test).id;
  const questionIds = f.questions.map(
    (d) => db.prepare('SELECT id FROM questions WHERE document_id = ?').get(d).id,
  );
  const t0 = Date.now() - 86_400_000;
  learners.forEach((l, i) =>
    writeAttempt(db, {
      studentId: l.id,
      testId,
      questionIds,
      answers: l.answers,
      important: l.important,
      seconds: l.seconds,
      startedAt: t0 + i * 1000,
    }),
  );
  // L5's second, later attempt: all blank (total 0); L1's practice attempt: all right.
  writeAttempt(db, {
    studentId: learners[4].id,
    testId,
    questionIds,
    answers: ['', '', '', '', ''],
    seconds: 30,
    startedAt: t0 + 3_600_000,
  });
  writeAttempt(db, {
    studentId: learners[0].id,
    testId,
    questionIds,
    answers: KEYS,
    seconds: 30,
    startedAt: t0 + 7_200_000,
    practice: true,
  });
});

after(() => server?.stop());

const testData = (role, query) => call(role, 'GET', `/api/test-data?${query}`);

describe('GET /api/test-data', () => {
  test('statistics over each learner’s best result, and per batch', async () => {
    const data = await ok('admin', 'GET', `/api/test-data?testId=${f.test}`);
    assert.deepEqual(data.test, {
      documentId: f.test,
      name: 'Reports test',
      maxMarks: 5,
      passMark: 40,
      questions: 5,
    });
    const s = data.statistics;
    assert.deepEqual(
      {
        count: s.count,
        mean: s.mean,
        median: s.median,
        sd: s.standardDeviation,
        hi: s.highest,
        lo: s.lowest,
        pass: s.passRate,
      },
      { count: 5, mean: 2.2, median: 2, sd: 0.75, hi: 3, lo: 1, pass: 0.8 },
    );
    // Bins of 0.5 marks: 1 → bin 2, 2 → bin 4, 3 → bin 6.
    assert.deepEqual(
      s.scoreDistribution.map((b) => b.count),
      [0, 0, 1, 0, 2, 0, 2, 0, 0, 0],
    );
    assert.deepEqual(s.scoreDistribution[0], { from: 0, to: 0.5, count: 0 });
    // Bands of 60 s: 59 → 0, 300 → 5, 420 → 7 (twice), 900 → past the end, in the last band.
    assert.deepEqual(
      s.timeDistribution.map((b) => b.count),
      [1, 0, 0, 0, 0, 1, 0, 2, 0, 1],
    );
    assert.deepEqual(
      data.perBatch.map((b) => [b.batch.name, b.count, b.mean, b.median, b.passRate]),
      [
        ['Reports R', 4, 2.5, 2.5, 1],
        ['Reports S', 1, 1, 1, 0],
      ],
    );
    assert.equal(typeof data.notes.statistics.mean, 'string');
    assert.equal(typeof data.notes.items.facility, 'string');
  });

  test('item analysis: facility, discrimination, point-biserial, options and flags', async () => {
    const data = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=best`);
    assert.deepEqual(data.groups, { learners: 5, groupSize: 1 });
    const figures = data.items.map((i) => [
      i.facility,
      i.discrimination,
      i.pointBiserial,
      i.blank,
      i.markedImportant,
      i.flags,
    ]);
    assert.deepEqual(figures, [
      [0.8, 1, 0.802, 0, 0, ['unused-distractor']],
      [0.6, 1, 0.764, 0, 0, ['unused-distractor']],
      [0.6, 1, 0.764, 1, 2, ['unused-distractor']],
      [0.2, -1, -0.802, 2, 0, ['negative-discrimination', 'unused-distractor']],
      [0, 0, null, 0, 0, ['too-hard', 'unused-distractor']],
    ]);
    const q1 = data.items[0];
    assert.equal(q1.questionDocumentId, f.questions[0]);
    assert.deepEqual(
      q1.options.map((o) => [o.option, o.correct, o.count, o.top, o.bottom]),
      [
        ['a', true, 4, 1, 0],
        ['b', false, 1, 0, 1],
        ['c', false, 0, 0, 0],
        ['d', false, 0, 0, 0],
      ],
    );
    assert.equal(q1.takers, 5);
    assert.equal(q1.correct, 4);
  });

  test('attempt=last takes each learner’s latest result; batchId narrows to a batch', async () => {
    const last = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&attempt=last`);
    assert.deepEqual(
      [last.statistics.count, last.statistics.mean, last.statistics.lowest],
      [5, 2, 0],
    );
    const onlyS = await ok('admin', 'GET', `/api/test-data?testId=${f.test}&batchId=${f.batchS}`);
    assert.deepEqual([onlyS.statistics.count, onlyS.statistics.mean], [1, 1]);
  });

  test('scope: faculty of the batch see its learners only; others 404; learners 403', async () => {
    const faculty = await ok('faculty', 'GET', `/api/test-data?testId=${f.test}`);
    assert.equal(faculty.statistics.count, 4);
    assert.equal(faculty.statistics.mean, 2.5);
    // Side by side: only their batch.
    assert.deepEqual(
      faculty.perBatch.map((b) => b.batch.name),
      ['Reports R'],
    );
    expectError(await testData('faculty2', `testId=${f.test}`), 404);
    expectError(await testData('A', `testId=${f.test}`), 403);
  });

  test('scope: a faculty member assigned to the test sees every learner', async () => {
    const faculties = [users.faculty2.faculty.documentId];
    await ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { faculties } });
    try {
      const data = await ok('faculty2', 'GET', `/api/test-data?testId=${f.test}`);
      assert.equal(data.statistics.count, 5);
      assert.deepEqual(
        data.perBatch.map((b) => b.batch.name),
        ['Reports R', 'Reports S'],
      );
    } finally {
      await ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { faculties: [] } });
    }
    expectError(await testData('faculty2', `testId=${f.test}`), 404);
  });

  test('bad input: 400; an unknown test: 404', async () => {
    expectError(await testData('admin', ''), 400);
    expectError(await testData('admin', 'testId='), 400);
    expectError(await testData('admin', `testId=${f.test}&attempt=worst`), 400);
    expectError(await testData('admin', `testId=${f.test}&batchId=nope`), 400);
    expectError(await testData('admin', 'testId=unknown-test'), 404);
  });
});

describe('GET /api/reports/tests/:documentId/results', () => {
  const results = (role, query = '') =>
    call(role, 'GET', `/api/reports/tests/${f.test}/results?${query}`);

  test('best results with ranks (ties share a rank) and percentiles, sorted by score', async () => {
    const res = await results('admin');
    assert.equal(res.status, 200, res.text);
    const rows = res.json.data;
    assert.deepEqual(
      rows.map((r) => [r.learner.name, r.score, r.rank, r.percentile, r.passed]),
      [
        ['Learner One', 3, 1, 80, true],
        ['Learner Two', 3, 1, 80, true],
        ['Learner Three', 2, 3, 40, true],
        ['Learner Four', 2, 3, 40, true],
        ['Learner Five', 1, 5, 10, false],
      ],
    );
    const one = rows[0];
    assert.deepEqual(
      [
        one.learner.rollNumber,
        one.batch.name,
        one.correct,
        one.wrong,
        one.skipped,
        one.timeTakenSeconds,
        one.attemptNumber,
        one.status,
      ],
      ['R-01', 'Reports R', 3, 2, 0, 300, 1, 'submitted'],
    );
    assert.deepEqual(res.json.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 5 });
  });

  test('paging, sorting, search, batch and attempt filters', async () => {
    const page2 = (await results('admin', 'sort=name:asc&page=2&pageSize=2')).json;
    assert.deepEqual(
      page2.data.map((r) => r.learner.name),
      ['Learner One', 'Learner Three'],
    );
    assert.equal(page2.meta.pagination.pageCount, 3);
    // Past the last page: no rows, the count still told.
    const past = (await results('admin', 'sort=name:asc&page=9&pageSize=2')).json;
    assert.deepEqual(past.data, []);
    assert.equal(past.meta.pagination.total, 5);
    const byTime = (await results('admin', 'sort=time:asc')).json.data;
    assert.deepEqual(
      byTime.map((r) => r.timeTakenSeconds),
      [59, 300, 420, 420, 900],
    );
    const search = (await results('admin', 'search=s-05')).json.data;
    assert.deepEqual(
      search.map((r) => r.learner.name),
      ['Learner Five'],
    );
    const all = (await results('admin', `attempt=all&batchId=${f.batchS}&sort=time:asc`)).json.data;
    assert.deepEqual(
      all.map((r) => [r.score, r.attemptNumber]),
      [
        [0, 2],
        [1, 1],
      ],
    );
  });

  test('scope and bad input', async () => {
    const faculty = (await results('faculty')).json;
    assert.equal(faculty.meta.pagination.total, 4);
    expectError(await results('faculty2'), 404);
    expectError(await results('A'), 403);
    expectError(await results('admin', 'sort=score:sideways'), 400);
    expectError(await results('admin', 'pageSize=0'), 400);
    expectError(await call('admin', 'GET', '/api/reports/tests/unknown-test/results'), 404);
  });
});

describe('GET /api/reports/tests/:documentId/results/export', () => {
  const download = async (role, query = '') => {
    const res = await fetch(
      `${server.baseUrl}/api/reports/tests/${f.test}/results/export?${query}`,
      { headers: { authorization: `Bearer ${tokens[role]}` } },
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return { status: res.status, rows: null, headers: res.headers };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const rows = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push(row.values.slice(1).map((v) => (v === undefined || v === null ? '' : v)));
    });
    return { status: res.status, rows, headers: res.headers };
  };

  test('every row of the filter, the list’s figures, formulas neutralised', async () => {
    const one = f.learners[0].documentId;
    await ok('admin', 'PUT', `/api/students/${one}`, { data: { Roll_Number: '=1+1' } });
    try {
      const res = await download('admin');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-disposition'), /filename="results-Reports test\.xlsx"/);
      assert.equal(res.rows[0][0], 'Name');
      assert.deepEqual(
        res.rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[9], r[10], r[11]]),
        [
          ['Learner One', "'=1+1", 'Reports R', 3, 1, 80, 'Yes'],
          ['Learner Two', 'R-02', 'Reports R', 3, 1, 80, 'Yes'],
          ['Learner Three', 'R-03', 'Reports R', 2, 3, 40, 'Yes'],
          ['Learner Four', 'R-04', 'Reports R', 2, 3, 40, 'Yes'],
          ['Learner Five', 'S-05', 'Reports S', 1, 5, 10, 'No'],
        ],
      );
    } finally {
      await ok('admin', 'PUT', `/api/students/${one}`, { data: { Roll_Number: 'R-01' } });
    }
    const onlyS = await download('admin', `batchId=${f.batchS}&attempt=all`);
    assert.deepEqual(
      onlyS.rows.slice(1).map((r) => [r[0], r[3]]),
      [
        ['Learner Five', 1],
        ['Learner Five', 0],
      ],
    );
  });

  test('scope: faculty their batch’s learners; others 404; learners 403', async () => {
    assert.equal((await download('faculty')).rows.length, 1 + 4);
    assert.equal((await download('faculty2')).status, 404);
    assert.equal((await download('A')).status, 403);
  });
});

/*
 * Progress. Subjects: Algebra Q1, Q2; Botany Q3, Q4, Q5 (1 mark each).
 *   (Learner A's 5/5 below joins the bests: 5, 3, 3, 2, 2, 1.)
 *   L1: one counted result 3/5 = 60 %, rank 2, percentile (3 + 1)/6 = 66.7 (practice left out);
 *       Algebra 2/2 = 100 %, Botany 1/3 = 33.3 %. Classes of batch R: one past (L1 joined),
 *       one future, one cancelled: L1 present 1 of 1.
 *   L5: 1/5 (rank 6, 0.5/6 = 8.3) then 0/5 (rank 7 of 7: nobody's best is lower, 0.5/7 = 7.1);
 *       Algebra (0 + 0)/2 = 0; Botany (33.33 + 0)/2 = 16.7.
 *   Learner A (demo): an MCQ result 5/5 (rank 1, percentile (5 + 0.5)/6 = 91.7), a published
 *       assignment result 8/10 and an unpublished one 9/10 (never shown to A; staff see it).
 */
describe('GET /api/reports/my-progress and /api/reports/learners/:documentId/progress', () => {
  /** The administrator's read of the progress of learner `i` of the data set. */
  const staffProgress = (i) =>
    ok('admin', 'GET', `/api/reports/learners/${f.learners[i].documentId}/progress`);
  /** A progress's subject rows: name, average, results. */
  const subjectFigures = (p) => p.subjects.map((s) => [s.subject.name, s.average, s.results]);
  const progress = (role, documentId) =>
    call(role, 'GET', `/api/reports/learners/${documentId}/progress`);

  before(async () => {
    const db = server.database();
    const subjects = [];
    for (const name of ['Algebra', 'Botany']) {
      subjects.push(
        (await ok('admin', 'POST', '/api/subjects', { data: { SubjectName: name } })).documentId,
      );
    }
    for (const [i, q] of f.questions.entries()) {
      await ok('admin', 'PUT', `/api/questions/${q}`, {
        data: { subject: subjects[i < 2 ? 0 : 1] },
      });
    }
    const now = Date.now();
    const batchR = db.prepare('SELECT id FROM batches WHERE document_id = ?').get(f.batchR).id;
    const classIds = [
      [now - 3_600_000, 0],
      [now + 86_400_000, 0],
      [now - 7_200_000, 1],
    ].map(([date, cancelled]) => {
      const id = db
        .prepare(
          `INSERT INTO classes (document_id, created_at, updated_at, published_at, name, date,
            cancelled) VALUES (?, ?, ?, ?, 'Class', ?, ?)`,
        )
        .run(docId(), now, now, now, date, cancelled).lastInsertRowid;
      db.prepare('INSERT INTO classes_batches_lnk (class_id, batch_id) VALUES (?, ?)').run(
        id,
        batchR,
      );
      return id;
    });
    const joined = db
      .prepare(
        `INSERT INTO attendances (document_id, created_at, updated_at, published_at, joined_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(docId(), now, now, now, now - 3_500_000).lastInsertRowid;
    db.prepare('INSERT INTO attendances_class_lnk (attendance_id, class_id) VALUES (?, ?)').run(
      joined,
      classIds[0],
    );
    db.prepare('INSERT INTO attendances_student_lnk (attendance_id, student_id) VALUES (?, ?)').run(
      joined,
      f.learners[0].id,
    );
    // Learner A: an MCQ result (all right) and two assignment results.
    const a =
      db
        .prepare('SELECT id FROM students WHERE document_id = ?')
        .get(users.A.student?.documentId ?? '') ??
      db
        .prepare(
          `SELECT s.id FROM students s JOIN students_user_lnk l ON l.student_id = s.id
        WHERE l.user_id = ?`,
        )
        .get(users.A.id);
    f.studentA = a.id;
    f.studentADocument = db
      .prepare('SELECT document_id FROM students WHERE id = ?')
      .get(a.id).document_id;
    const testId = db.prepare('SELECT id FROM tests WHERE document_id = ?').get(f.test).id;
    const questionIds = f.questions.map(
      (d) => db.prepare('SELECT id FROM questions WHERE document_id = ?').get(d).id,
    );
    writeAttempt(db, {
      studentId: a.id,
      testId,
      questionIds,
      answers: KEYS,
      seconds: 60,
      startedAt: now - 1000,
    });
    const assignment = db
      .prepare(
        `INSERT INTO assignments (document_id, created_at, updated_at, published_at, assignment_name,
          maximum_marks) VALUES (?, ?, ?, ?, 'Essay', 10)`,
      )
      .run(docId(), now, now, now).lastInsertRowid;
    for (const [total, published] of [
      [8, 1],
      [9, 0],
    ]) {
      const r = db
        .prepare(
          `INSERT INTO results (document_id, created_at, updated_at, published_at, total_marks,
            is_published) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(docId(), now + total, now, now, total, published).lastInsertRowid;
      db.prepare('INSERT INTO results_assignment_lnk (result_id, assignment_id) VALUES (?, ?)').run(
        r,
        assignment,
      );
      db.prepare('INSERT INTO results_student_lnk (result_id, student_id) VALUES (?, ?)').run(
        r,
        a.id,
      );
    }
  });

  test('a learner’s results over time with rank, percentile, subjects and attendance', async () => {
    const one = await staffProgress(0);
    assert.deepEqual(one.learner, {
      documentId: f.learners[0].documentId,
      name: 'Learner One',
      rollNumber: 'R-01',
    });
    assert.deepEqual(
      one.results.map((r) => [
        r.kind,
        r.work.name,
        r.score,
        r.maxMarks,
        r.percent,
        r.rank,
        r.percentile,
      ]),
      [['test', 'Reports test', 3, 5, 60, 2, 66.7]],
    );
    assert.deepEqual(subjectFigures(one), [
      ['Algebra', 100, 1],
      ['Botany', 33.3, 1],
    ]);
    assert.deepEqual(one.attendance, { present: 1, total: 1 });
  });

  test('every attempt, oldest first; subject averages over results', async () => {
    const five = await staffProgress(4);
    assert.deepEqual(
      five.results.map((r) => [r.score, r.rank, r.percentile]),
      [
        [1, 6, 8.3],
        [0, 7, 7.1],
      ],
    );
    assert.deepEqual(subjectFigures(five), [
      ['Algebra', 0, 2],
      ['Botany', 16.7, 2],
    ]);
    assert.deepEqual(five.attendance, { present: 0, total: 0 });
  });

  test('my-progress: a learner’s own, published Mains marks only; staff see them all', async () => {
    const mine = await ok('A', 'GET', '/api/reports/my-progress');
    assert.equal(mine.learner.documentId, f.studentADocument);
    assert.deepEqual(
      mine.results.map((r) => [r.kind, r.score, r.maxMarks, r.percent, r.rank, r.percentile]),
      [
        ['test', 5, 5, 100, 1, 91.7],
        ['assignment', 8, 10, 80, null, null],
      ],
    );
    const staff = await ok('admin', 'GET', `/api/reports/learners/${f.studentADocument}/progress`);
    assert.deepEqual(
      staff.results.map((r) => r.score),
      [5, 8, 9],
    );
  });

  test('scope: faculty their batches’ learners; learners 403 on others; staff 403 on my-progress', async () => {
    assert.equal((await progress('faculty', f.learners[0].documentId)).status, 200);
    expectError(await progress('faculty', f.learners[4].documentId), 404);
    expectError(await progress('faculty2', f.learners[0].documentId), 404);
    expectError(await progress('A', f.learners[0].documentId), 403);
    expectError(await progress('A', f.studentADocument), 403);
    expectError(await call('admin', 'GET', '/api/reports/my-progress'), 403);
    expectError(await progress('admin', 'unknown-learner'), 404);
  });
});

/*
 * Subject-wise performance. Subjects (set in the progress block above): Q1, Q2 Algebra; Q3–Q5
 * Botany. Learner A (all right, total 5) joined there: six learners, best results.
 *   Algebra (2 marks):  L1 2, L2 2, L3 2, L4 1, L5 0, A 2 → sum 9, mean 9/6 = 1.5,
 *                       facility 9 right of 6 × 2 = 0.75.
 *   Botany (3 marks):   L1 1, L2 1, L3 0, L4 1, L5 1 (Q4 d), A 3 → sum 7, mean 7/6 = 1.17,
 *                       facility 7/18 = 0.389.
 *   attempt=last: L5's last is all blank → Botany 6/6 = 1, facility 6/18 = 0.333.
 *   Faculty (batch R: L1–L4, and A of their demo batch): Algebra (7 + 2)/5 = 1.8, 9/10 = 0.9;
 *   Botany (3 + 3)/5 = 1.2, 6/15 = 0.4.
 */
describe('GET /api/reports/tests/:documentId/subjects', () => {
  const subjects = (role, query = '') =>
    call(role, 'GET', `/api/reports/tests/${f.test}/subjects${query}`);
  const figures = (data) =>
    data.subjects.map((s) => [
      s.subject?.name ?? null,
      s.questions,
      s.maxMarks,
      s.mean,
      s.facility,
    ]);

  test('per subject and per learner, best and last', async () => {
    const data = (await subjects('admin')).json.data;
    assert.deepEqual(figures(data), [
      ['Algebra', 2, 2, 1.5, 0.75],
      ['Botany', 3, 3, 1.17, 0.389],
    ]);
    assert.equal(data.learners.length, 6);
    const four = data.learners.find((l) => l.learner.documentId === f.learners[3].documentId);
    assert.equal(four.learner.name, 'Learner Four');
    assert.deepEqual(
      four.subjects.map((s) => [
        s.subjectDocumentId === data.subjects[0].subject.documentId,
        s.score,
        s.maxMarks,
      ]),
      [
        [true, 1, 2],
        [false, 1, 3],
      ],
    );
    const names = data.learners.map((l) => l.learner.name);
    assert.deepEqual(names, [...names].sort());
    const last = (await subjects('admin', '?attempt=last')).json.data;
    assert.deepEqual(figures(last)[1], ['Botany', 3, 3, 1, 0.333]);
  });

  test('scope: faculty their batch; others 404; learners 403; bad input 400', async () => {
    const res = await subjects('faculty');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(figures(res.json.data), [
      ['Algebra', 2, 2, 1.8, 0.9],
      ['Botany', 3, 3, 1.2, 0.4],
    ]);
    assert.equal(res.json.data.learners.length, 5);
    // faculty2 has none of batch R, but A is of their demo batch: A alone (all right).
    const other = (await subjects('faculty2')).json.data;
    assert.deepEqual(figures(other), [
      ['Algebra', 2, 2, 2, 1],
      ['Botany', 3, 3, 3, 1],
    ]);
    assert.deepEqual(
      other.learners.map((l) => l.learner.documentId),
      [f.studentADocument],
    );
    expectError(await subjects('A'), 403);
    expectError(await subjects('admin', '?attempt=all'), 400);
    expectError(await subjects('admin', '?batchId=unknown-batch'), 400);
    expectError(await call('admin', 'GET', '/api/reports/tests/unknown-test/subjects'), 404);
  });
});

/*
 * Leaderboard over the series { Reports test (max 5), Reports test 2 (max 10) }, best percent per
 * test (practice never counts). Test 2: L3 4 → 40 %, L4 4 → 40 %, L5 5 → 50 %; L1's practice 5.
 *   A 100 (1 test); L3 40 + 40 = 80; L4 40 + 40 = 80; L5 20 + 50 = 70;
 *   L1 60; L2 60. N = 6. Ranks 1, 2, 2, 4, 5, 5 (ties share, the next skips).
 *   Percentile (below + ½ equal)/6: A (5 + .5)/6 = 91.7; L3, L4 (3 + 1)/6 = 66.7;
 *   L5 (2 + .5)/6 = 41.7; L1, L2 (0 + 1)/6 = 16.7. Within a tie by name: Four before Three,
 *   One before Two.
 */
describe('GET /api/reports/leaderboard', () => {
  const board = (role, query) => call(role, 'GET', `/api/reports/leaderboard?${query}`);
  const lines = (rows) =>
    rows.map((r) => [r.learner?.name ?? null, r.rank, r.total, r.percentile, r.testsTaken]);
  let aName;
  let expected;

  before(async () => {
    const db = server.database();
    f.category = (
      await ok('admin', 'POST', '/api/test-categories', {
        data: { CategoryName: 'Series', publish_leaderboard: true },
      })
    ).documentId;
    await ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { test_category: f.category } });
    f.test2 = (
      await ok('admin', 'POST', '/api/tests', {
        data: { TestName: 'Reports test 2', MaximumMarks: 10, test_category: f.category },
      })
    ).documentId;
    const testId = db.prepare('SELECT id FROM tests WHERE document_id = ?').get(f.test2).id;
    const questionIds = f.questions.map(
      (d) => db.prepare('SELECT id FROM questions WHERE document_id = ?').get(d).id,
    );
    const t0 = Date.now() - 3_600_000;
    const four = ['a', 'b', 'c', 'd', 'a'];
    for (const [i, answers, practice] of [
      [2, four, false],
      [3, four, false],
      [4, KEYS, false],
      [0, KEYS, true],
    ]) {
      writeAttempt(db, {
        studentId: f.learners[i].id,
        testId,
        questionIds,
        answers,
        seconds: 60,
        startedAt: t0 + i * 1000,
        practice,
      });
    }
    aName = db
      .prepare('SELECT student_name FROM students WHERE id = ?')
      .get(f.studentA).student_name;
    expected = [
      [aName, 1, 100, 91.7, 1],
      ['Learner Four', 2, 80, 66.7, 2],
      ['Learner Three', 2, 80, 66.7, 2],
      ['Learner Five', 4, 70, 41.7, 2],
      ['Learner One', 5, 60, 16.7, 1],
      ['Learner Two', 5, 60, 16.7, 1],
    ];
  });

  test('overall totals, ranks with ties, percentiles; a category or a chosen set', async () => {
    const byTests = (await board('admin', `tests=${f.test2},${f.test}`)).json.data;
    assert.deepEqual(
      byTests.tests.map((t) => [t.documentId, t.name]),
      [
        [f.test, 'Reports test'],
        [f.test2, 'Reports test 2'],
      ],
    );
    assert.deepEqual(lines(byTests.rows), expected);
    assert.equal(byTests.total, 6);
    assert.equal(byTests.me, null);
    assert.equal(typeof byTests.tieRule, 'string');
    const byCategory = (await board('admin', `categoryId=${f.category}`)).json.data;
    assert.deepEqual(lines(byCategory.rows), expected);
    const page2 = (await board('admin', `categoryId=${f.category}&page=2&pageSize=4`)).json.data;
    assert.deepEqual(lines(page2.rows), expected.slice(4));
    assert.equal(page2.total, 6);
  });

  test('scope: faculty their batches’ learners ranked among all; a learner me and the top 10', async () => {
    const faculty = (await board('faculty', `categoryId=${f.category}`)).json.data;
    // Batch R (L1–L4) and A (of the faculty member's demo batch); L5 (batch S) left out.
    assert.deepEqual(lines(faculty.rows), [
      expected[0],
      expected[1],
      expected[2],
      expected[4],
      expected[5],
    ]);
    assert.equal(faculty.total, 5);
    const other = (await board('faculty2', `categoryId=${f.category}`)).json.data;
    // faculty2: only A of their demo batch, still rank 1 among all six.
    assert.deepEqual([lines(other.rows), other.total], [[expected[0]], 1]);
    const mine = (await board('A', `categoryId=${f.category}&pageSize=1&page=2`)).json.data;
    assert.deepEqual(mine.me, { rank: 1, total: 100, percentile: 91.7, testsTaken: 1 });
    // The top 10 (here all six), names shown; paging is the staff's only.
    assert.deepEqual(lines(mine.rows), expected);
    assert.ok(mine.rows.length <= 10);
    assert.equal(mine.total, 6);
  });

  test('a learner’s board counts only tests whose scores and ranks learners see now', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await ok('admin', 'PUT', `/api/tests/${f.test2}`, {
      data: { review_score: 'after_close', ValidTo: future },
    });
    try {
      const mine = (await board('A', `categoryId=${f.category}`)).json.data;
      assert.deepEqual(
        mine.tests.map((t) => t.documentId),
        [f.test],
      );
      assert.equal(mine.notCounted, 1);
      // Test 1 alone: every ranked learner took it once (A best).
      assert.ok(mine.rows.every((r) => r.testsTaken === 1));
      assert.equal(mine.me.testsTaken, 1);
      // Staff still see the whole series.
      const staff = (await board('admin', `categoryId=${f.category}`)).json.data;
      assert.deepEqual(lines(staff.rows), expected);
      assert.equal(staff.notCounted, 0);
      // Rank hidden: the same.
      await ok('admin', 'PUT', `/api/tests/${f.test2}`, {
        data: { review_score: 'after_each_attempt', show_rank: false },
      });
      assert.equal((await board('A', `categoryId=${f.category}`)).json.data.notCounted, 1);
    } finally {
      await ok('admin', 'PUT', `/api/tests/${f.test2}`, {
        data: { review_score: 'after_each_attempt', show_rank: true, ValidTo: null },
      });
    }
    assert.deepEqual(
      lines((await board('A', `categoryId=${f.category}`)).json.data.rows),
      expected,
    );
  });

  test('a series that does not publish its leaderboard shows learners ranks without names', async () => {
    await ok('admin', 'PUT', `/api/test-categories/${f.category}`, {
      data: { publish_leaderboard: false },
    });
    try {
      const mine = (await board('A', `categoryId=${f.category}`)).json.data;
      assert.equal(mine.namesPublished, false);
      assert.ok(mine.rows.length > 0);
      assert.ok(mine.rows.every((r) => r.learner === null));
      assert.deepEqual(
        mine.rows.map((r) => [r.rank, r.total]),
        expected.map((e) => [e[1], e[2]]),
      );
      assert.deepEqual(mine.me, { rank: 1, total: 100, percentile: 91.7, testsTaken: 1 });
      // Staff still see the names.
      const staff = (await board('admin', `categoryId=${f.category}`)).json.data;
      assert.deepEqual(lines(staff.rows), expected);
      // A chosen set of tests is no published series: no names for learners.
      const listed = (await board('A', `tests=${f.test},${f.test2}`)).json.data;
      assert.ok(listed.rows.every((r) => r.learner === null));
    } finally {
      await ok('admin', 'PUT', `/api/test-categories/${f.category}`, {
        data: { publish_leaderboard: true },
      });
    }
  });

  test('bad input: 400', async () => {
    expectError(await call('admin', 'GET', '/api/reports/leaderboard'), 400);
    expectError(await board('admin', `categoryId=${f.category}&tests=${f.test}`), 400);
    expectError(await board('admin', 'categoryId=unknown-category'), 400);
    expectError(await board('admin', `tests=${f.test},unknown-test`), 400);
    expectError(await board('admin', `tests=${f.test},`), 400);
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
    expectError(await board('admin', `tests=${many}`), 400);
    expectError(await board('admin', `tests=${f.test}&pageSize=0`), 400);
  });
});
