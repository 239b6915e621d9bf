// Mains work (issue 8): assignments (rules, course link), learners start, upload answer documents
// (type checked by content) and submit (late submissions refused), faculty evaluate subject by
// subject within their subjects and batches, the result status of spec section 4 (unit tests of
// the one function, and the progression through the staff results), publishing (completed
// results only, staff only, a notification), and what a learner never sees before publishing
// (my-work, scripts, REST, GraphQL). One boot of the real server on the demo institute.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { demoRecords } from './helpers/fixtures.mjs';
import { PDF, PNG } from './helpers/mains.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { MAINS_ROLES, serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(import.meta.url);

let server;
const { tokens, users, call, ok, gql, signIn } = asRoles(() => server);
const f = {};

const TEXT = Buffer.from('Just some notes, not a PDF at all.\n');

/** POST files ([name, bytes, type]) as `files`; no token for an unknown role. */
const upload = (role, path, files) =>
  server.request('POST', path, {
    token: tokens[role],
    form: { files: files.map(([name, bytes, type]) => [bytes, name, 'files', type]) },
  });

const addPdf = (role, answerId, name = 'answer.pdf') =>
  upload(role, `/api/mains/answers/${answerId}/documents`, [[name, PDF, 'application/pdf']]);

const rowOf = async (role, kind, documentId, studentDocumentId) => {
  const res = await ok(
    role,
    'GET',
    `/api/mains/results?kind=${kind}&documentId=${documentId}&pageSize=200`,
  );
  return res.rows.find((r) => r.student.documentId === studentDocumentId);
};

before(async () => {
  server = await startServer();
  await signIn(MAINS_ROLES);
  Object.assign(f, await demoRecords(ok));
  f.A = users.A.student.documentId;
  f.B = users.B.student.documentId;
});

after(async () => {
  await server?.stop();
});

/** A Mains test of the demo batch (one descriptive question per subject). */
const makeMainsTest = async (name, data = {}) => {
  const created = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 60,
      MaximumMarks: 20,
      batch: f.batch,
      course: f.course,
      subjects: [f.polity, f.economy],
      ValidFrom: new Date(Date.now() - 86_400_000).toISOString(),
      ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
      ...data,
    },
  });
  for (const subject of [f.polity, f.economy]) {
    await ok('admin', 'POST', '/api/questions', {
      data: {
        question: `Discuss (${subject}).`,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject,
        test: created.documentId,
      },
    });
  }
  return created.documentId;
};

describe('the status function (spec section 4)', () => {
  const subjects = [
    { documentId: 'pol', name: 'Polity' },
    { documentId: 'eco', name: 'Economy' },
  ];
  let mainsStatus;
  before(() => {
    ({ mainsStatus } = require(join(serverDir, 'dist', 'src', 'modules', 'mains', 'status.js')));
  });

  const open = { is_published: false };
  // [test, result, evaluations, the answer (or only its status)]
  for (const [name, result, evaluations, expected] of [
    [
      'Not - Available without a result',
      null,
      [],
      { status: 'Not - Available', pendingSubjects: [] },
    ],
    [
      'Published wins over everything',
      { is_published: true },
      [{ subject: 'pol', ended: false }],
      'Published',
    ],
    [
      'Completed: every subject has an ended evaluation',
      open,
      [
        { subject: 'pol', ended: true },
        { subject: 'eco', ended: true },
      ],
      { status: 'Completed', pendingSubjects: [] },
    ],
    [
      'In Progress: some evaluation has no end time',
      open,
      [
        { subject: 'pol', ended: true },
        { subject: 'eco', ended: false },
      ],
      { status: 'In Progress', pendingSubjects: ['Economy'] },
    ],
    [
      'Pending, with the subjects not yet evaluated',
      open,
      [{ subject: 'pol', ended: true }],
      { status: 'Pending', pendingSubjects: ['Economy'] },
    ],
    [
      'Not Started: a result and no evaluation',
      open,
      [],
      { status: 'Not Started', pendingSubjects: ['Polity', 'Economy'] },
    ],
  ]) {
    test(name, () => {
      const got = mainsStatus({ result, subjects, evaluations });
      if (typeof expected === 'string') assert.equal(got.status, expected);
      else assert.deepEqual(got, expected);
    });
  }
  test('a work without subjects: Completed needs at least one evaluation, all ended', () => {
    const none = { result: { is_published: false }, subjects: [] };
    assert.equal(mainsStatus({ ...none, evaluations: [] }).status, 'Not Started');
    assert.equal(
      mainsStatus({ ...none, evaluations: [{ subject: null, ended: false }] }).status,
      'In Progress',
    );
    assert.equal(
      mainsStatus({ ...none, evaluations: [{ subject: null, ended: true }] }).status,
      'Completed',
    );
  });
});

describe('assignments (staff, generic REST)', () => {
  test('rules: name required, marks > 0, whole minutes, a valid date', async () => {
    for (const [data, message] of [
      [{ assignment_description: 'x' }, 'Assignment name is required.'],
      [{ assignment_name: '  ' }, 'Assignment name is required.'],
      [{ assignment_name: 'X', MaximumMarks: 0 }, 'Maximum marks must be a number greater than 0.'],
      [
        { assignment_name: 'X', assignment_duration: 1.5 },
        'Assignment duration must be a whole number of minutes greater than 0.',
      ],
      [
        { assignment_name: 'X', assignment_submission_date: 'soon' },
        'The submission date is not a valid date.',
      ],
    ]) {
      expectError(await call('admin', 'POST', '/api/assignments', { data }), 400, message);
    }
  });

  test('create with a course adds it to the course; is_attempted is the server’s', async () => {
    const created = await ok('priya', 'POST', '/api/assignments', {
      data: {
        assignment_name: '  Rules essay  ',
        MaximumMarks: '15',
        assignment_duration: 45,
        is_attempted: true,
        course: f.course,
      },
    });
    assert.equal(created.assignment_name, 'Rules essay');
    assert.equal(created.is_attempted, false);
    const course = await ok('admin', 'GET', `/api/courses/${f.course}?populate=assignments`);
    assert.ok(course.assignments.some((a) => a.documentId === created.documentId));
    const edited = await ok('admin', 'PUT', `/api/assignments/${created.documentId}`, {
      data: { is_attempted: true, MaximumMarks: 12 },
    });
    assert.equal(edited.is_attempted, false);
    expectError(
      await call('A', 'POST', '/api/assignments', { data: { assignment_name: 'Mine' } }),
      403,
    );
  });
});

describe('learners submit Mains work; faculty evaluate; results are published', () => {
  test('my-work lists the visible Mains work only', async () => {
    const tests = await call('A', 'GET', '/api/mains/my-work?kind=test');
    assert.equal(tests.status, 200, tests.text);
    const names = tests.json.data.map((w) => w.name);
    assert.ok(names.includes('Mains Answer Writing 1'));
    assert.ok(!names.includes('Prelims Mock Test 1'));
    const item = tests.json.data.find((w) => w.documentId === f.mainsTest);
    assert.equal(item.state, 'not-started');
    assert.equal(item.status, 'Not - Available');
    assert.equal(item.canStart, true);
    assert.deepEqual(
      item.subjects.map((s) => s.name),
      ['Indian Polity', 'Indian Economy'],
    );
    assert.equal(tests.json.meta.pagination.page, 1);
    const assignments = await ok('A', 'GET', '/api/mains/my-work?kind=assignment');
    assert.ok(assignments.some((w) => w.documentId === f.essay));
    expectError(await call('priya', 'GET', '/api/mains/my-work?kind=test'), 403);
  });

  test('start: one attempt with one answer per question; resuming returns it', async () => {
    const first = await call('A', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: f.mainsTest,
    });
    assert.equal(first.status, 201, first.text);
    const data = first.json.data;
    assert.equal(data.questions.length, 2);
    assert.equal(data.answers.length, 2);
    assert.equal(data.resumed, false);
    assert.ok(data.attempt.expires_at);
    assert.equal(data.work.state, 'in-progress');
    f.attemptA = data.attempt.documentId;
    f.answerA1 = data.answers[0].documentId;
    f.answerA2 = data.answers[1].documentId;
    const again = await call('A', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: f.mainsTest,
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.data.attempt.documentId, f.attemptA);
    assert.equal(again.json.data.resumed, true);
    const counted = await ok('admin', 'GET', `/api/tests/${f.mainsTest}`);
    assert.equal(counted.Attempts, 1);
    expectError(
      await call('A', 'POST', '/api/mains/start', { kind: 'test', documentId: f.prelimsTest }),
      404,
      'Unknown test.',
    );
  });

  test('answer documents: PDF or images by content; only the learner’s own answer', async () => {
    const added = await addPdf('A', f.answerA1);
    assert.equal(added.status, 200, added.text);
    assert.equal(added.json.data.documents.length, 1);
    assert.equal(added.json.data.documents[0].mime, 'application/pdf');
    const png = await upload('A', `/api/mains/answers/${f.answerA2}/documents`, [
      ['page1.png', PNG, 'image/png'],
      ['page2.pdf', PDF, 'application/pdf'],
    ]);
    assert.equal(png.status, 200, png.text);
    assert.equal(png.json.data.documents.length, 2);
    // The photo is stored as a PDF of one page (issue 27).
    assert.deepEqual(
      png.json.data.documents.map((d) => [d.name, d.mime]),
      [
        ['page1.pdf', 'application/pdf'],
        ['page2.pdf', 'application/pdf'],
      ],
    );
    const removed = await call(
      'A',
      'DELETE',
      `/api/mains/answers/${f.answerA2}/documents/${png.json.data.documents[1].id}`,
    );
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.json.data.documents.length, 1);

    const renamed = await upload('A', `/api/mains/answers/${f.answerA1}/documents`, [
      ['notes.pdf', TEXT, 'application/pdf'],
    ]);
    expectError(
      renamed,
      400,
      'Only PDF or image files (PNG, JPEG, WebP) can be uploaded as answers.',
    );
    // The generic answer update keeps the same type rule for a learner's own uploads.
    const txt = await upload('A', '/api/upload', [['notes.txt', TEXT, 'text/plain']]);
    assert.ok(txt.status < 300, txt.text);
    expectError(
      await call('A', 'PUT', `/api/answers/${f.answerA1}`, {
        data: { answer_documents: [txt.json[0].id] },
      }),
      400,
      'Only PDF or image files (PNG, JPEG, WebP) can be uploaded as answers.',
    );
    expectError(await addPdf('B', f.answerA1), 404);
    expectError(await call('B', 'GET', `/api/mains/attempts/${f.attemptA}`), 404);
    expectError(await call('B', 'POST', '/api/mains/submit', { attemptId: f.attemptA }), 404);
    const read = await ok('A', 'GET', `/api/mains/attempts/${f.attemptA}`);
    assert.equal(read.answers[0].documents.length, 1);
  });

  test('submit needs a document; closes the attempt, makes the result; repeat is the same', async () => {
    const started = await ok('B', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: f.essay,
    });
    f.attemptBEssay = started.attempt.documentId;
    f.answerBEssay = started.answers[0].documentId;
    expectError(
      await call('B', 'POST', '/api/mains/submit', { attemptId: f.attemptBEssay }),
      400,
      'Upload at least one answer document before submitting.',
    );

    const submitted = await ok('A', 'POST', '/api/mains/submit', { attemptId: f.attemptA });
    assert.equal(submitted.result.status, 'Not Started');
    f.resultA = submitted.result.documentId;
    const again = await ok('A', 'POST', '/api/mains/submit', { attemptId: f.attemptA });
    assert.equal(again.result.documentId, f.resultA);
    expectError(await addPdf('A', f.answerA1), 409);
    expectError(
      await call('A', 'POST', '/api/mains/start', { kind: 'test', documentId: f.mainsTest }),
      409,
      'You have already submitted this work.',
    );
    const attempt = await ok('A', 'GET', `/api/mains/attempts/${f.attemptA}`);
    assert.equal(attempt.submitted, true);
    assert.equal(attempt.resultId, f.resultA);
  });

  test('another learner’s script is refused; staff see the results list', async () => {
    expectError(await call('B', 'GET', `/api/mains/scripts/${f.resultA}`), 404);
    const own = await ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
    assert.equal(own.answers.length, 2);
    const row = await rowOf('admin', 'test', f.mainsTest, f.A);
    assert.equal(row.status, 'Not Started');
    assert.equal(row.documentCount, 2);
    const rowB = await rowOf('admin', 'test', f.mainsTest, f.B);
    assert.equal(rowB.status, 'Not - Available');
    assert.equal(rowB.result, null);
    expectError(
      await call('A', 'GET', `/api/mains/results?kind=test&documentId=${f.mainsTest}`),
      403,
    );
    const works = await ok('priya', 'GET', '/api/mains/works?kind=test');
    const work = works.find((w) => w.documentId === f.mainsTest);
    assert.equal(work.submitted, 1);
    const priyaRow = await rowOf('priya', 'test', f.mainsTest, f.A);
    assert.deepEqual(priyaRow.canEvaluate, [f.polity]);
  });

  test('faculty evaluate their subjects only; status goes In Progress → Pending → Completed', async () => {
    expectError(
      await call('priya', 'POST', '/api/mains/evaluations', {
        resultId: f.resultA,
        subjectId: f.economy,
      }),
      403,
      'You are not assigned to evaluate Indian Economy for this learner.',
    );
    expectError(
      await call('admin', 'POST', '/api/mains/evaluations', {
        resultId: f.resultA,
        subjectId: f.polity,
      }),
      403,
    );
    const created = await call('priya', 'POST', '/api/mains/evaluations', {
      resultId: f.resultA,
      subjectId: f.polity,
    });
    assert.equal(created.status, 201, created.text);
    f.evalPolity = created.json.data.documentId;
    assert.equal(created.json.data.faculty.name, 'Priya Raman');
    assert.ok(created.json.data.start_date_time);
    const reopened = await call('priya', 'POST', '/api/mains/evaluations', {
      resultId: f.resultA,
      subjectId: f.polity,
    });
    assert.equal(reopened.status, 200);
    assert.equal(reopened.json.data.documentId, f.evalPolity);
    let row = await rowOf('admin', 'test', f.mainsTest, f.A);
    assert.equal(row.status, 'In Progress');

    const put = (role, id, body) => call(role, 'PUT', `/api/mains/evaluations/${id}`, body);
    expectError(
      await put('priya', f.evalPolity, { total_marks: 11 }),
      400,
      'Marks must be between 0 and 10.',
    );
    expectError(
      await put('priya', f.evalPolity, { complete: true }),
      400,
      'Enter the marks before completing.',
    );
    expectError(await put('arjun', f.evalPolity, { total_marks: 1 }), 403);
    const done = await put('priya', f.evalPolity, { total_marks: 7, complete: true });
    assert.equal(done.status, 200, done.text);
    assert.equal(done.json.data.total_marks, 7);
    assert.ok(done.json.data.end_date_time);
    const marked = await upload('priya', `/api/mains/evaluations/${f.evalPolity}/document`, [
      ['marked.png', PNG, 'image/png'],
    ]);
    assert.equal(marked.status, 200, marked.text);
    assert.equal(marked.json.data.evaluation_document.mime, 'image/png');

    row = await rowOf('admin', 'test', f.mainsTest, f.A);
    assert.equal(row.status, 'Pending');
    assert.deepEqual(row.pendingSubjects, ['Indian Economy']);
    assert.equal(row.result.total_marks, 7);

    const publishEarly = await ok('admin', 'POST', '/api/result-bulk', {
      resultIds: [f.resultA],
      is_published: true,
    });
    assert.deepEqual(publishEarly.updated, []);
    assert.deepEqual(publishEarly.refused, [
      { resultId: f.resultA, reason: 'Not completed: Pending', missing: ['Indian Economy'] },
    ]);

    const eco = await call('arjun', 'POST', '/api/mains/evaluations', {
      resultId: f.resultA,
      subjectId: f.economy,
    });
    assert.equal(eco.status, 201, eco.text);
    f.evalEconomy = eco.json.data.documentId;
    const ecoDone = await put('arjun', f.evalEconomy, { total_marks: 8.5, complete: true });
    assert.equal(ecoDone.status, 200, ecoDone.text);
    row = await rowOf('admin', 'test', f.mainsTest, f.A);
    assert.equal(row.status, 'Completed');
    assert.equal(row.result.total_marks, 15.5);
    assert.equal(row.evaluations.length, 2);
  });

  test('generic endpoints are no way around the rules', async () => {
    expectError(
      await call('admin', 'PUT', `/api/results/${f.resultA}`, { data: { is_published: true } }),
      400,
      'Publish results with /api/result-bulk.',
    );
    expectError(
      await call('priya', 'PUT', `/api/results/${f.resultA}`, { data: { total_marks: 20 } }),
      400,
      'Publish results with /api/result-bulk.',
    );
    expectError(
      await call('priya', 'PUT', `/api/evaluations/${f.evalPolity}`, { data: { total_marks: 10 } }),
      400,
      'Evaluate with /api/mains/evaluations.',
    );
    expectError(await call('A', 'POST', '/api/evaluations', { data: { subject: f.polity } }), 403);
  });

  test('before publishing a learner sees no marks anywhere', async () => {
    const items = await ok('A', 'GET', '/api/mains/my-work?kind=test');
    const item = items.find((w) => w.documentId === f.mainsTest);
    assert.equal(item.state, 'submitted');
    assert.equal(item.totalMarks, null);
    assert.deepEqual(item.evaluations, []);
    const script = await ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
    assert.deepEqual(script.evaluations, []);
    assert.equal(script.result.total_marks, null);
    const result = await ok('A', 'GET', `/api/results/${f.resultA}?populate=*`);
    assert.equal(result.total_marks, undefined);
    assert.equal(result.evaluations, undefined);
    assert.equal(result.evaluation_document, undefined);
    const list = await ok('A', 'GET', '/api/results?populate[evaluations]=true');
    const mine = list.find((r) => r.documentId === f.resultA);
    assert.equal(mine.total_marks, undefined);
    assert.equal(mine.evaluations, undefined);
    assert.deepEqual(await ok('A', 'GET', '/api/evaluations'), []);
    expectError(await call('A', 'GET', `/api/evaluations/${f.evalPolity}`), 404);
    expectError(await call('A', 'GET', '/api/results?filters[total_marks][$gt]=10'), 400);
    const graph = await gql(
      'A',
      `{ results { documentId total_marks evaluation_document { url } evaluations { total_marks } } evaluations { total_marks } }`,
    );
    assert.equal(graph.status, 200, graph.text);
    const gr = graph.json.data.results.find((r) => r.documentId === f.resultA);
    assert.equal(gr.total_marks, null);
    assert.deepEqual(gr.evaluations, []);
    assert.deepEqual(graph.json.data.evaluations, []);
    // B sees nothing of A's.
    const other = await ok('B', 'GET', '/api/results');
    assert.ok(!other.some((r) => r.documentId === f.resultA));
    expectError(await call('B', 'GET', `/api/answers/${f.answerA1}`), 404);
  });

  test('publishing: staff only, faculty of linked works only; the learner is notified', async () => {
    expectError(
      await call('A', 'POST', '/api/result-bulk', { resultIds: [f.resultA], is_published: true }),
      403,
    );
    // A Mains test without faculties: Priya (who teaches the batch) may not publish its results.
    f.unlinked = await makeMainsTest('Mains unlinked');
    const started = await ok('B', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: f.unlinked,
    });
    assert.equal((await addPdf('B', started.answers[0].documentId)).status, 200);
    const resultB = (
      await ok('B', 'POST', '/api/mains/submit', { attemptId: started.attempt.documentId })
    ).result.documentId;
    const refused = await ok('priya', 'POST', '/api/result-bulk', {
      resultIds: [resultB],
      is_published: true,
    });
    assert.deepEqual(refused.refused, [
      { resultId: resultB, reason: 'You are not linked to this work.' },
    ]);

    const published = await ok('priya', 'POST', '/api/result-bulk', {
      resultIds: [f.resultA],
      is_published: true,
    });
    assert.deepEqual(published.updated, [f.resultA]);
    const row = await rowOf('admin', 'test', f.mainsTest, f.A);
    assert.equal(row.status, 'Published');
    const notes = await ok('A', 'GET', '/api/notifications?pagination[pageSize]=100');
    assert.ok(
      notes.some((n) => n.message === 'Mains marks for Mains Answer Writing 1 are published.'),
      JSON.stringify(notes),
    );
    expectError(
      await call('priya', 'PUT', `/api/mains/evaluations/${f.evalPolity}`, { total_marks: 6 }),
      409,
      'This result is published.',
    );
  });

  test('after publishing the learner sees the marks and the marked copy', async () => {
    const items = await ok('A', 'GET', '/api/mains/my-work?kind=test');
    const item = items.find((w) => w.documentId === f.mainsTest);
    assert.equal(item.status, 'Published');
    assert.equal(item.totalMarks, 15.5);
    assert.equal(item.evaluations.length, 2);
    const polity = item.evaluations.find((e) => e.subject.documentId === f.polity);
    assert.equal(polity.total_marks, 7);
    assert.equal(polity.evaluation_document.mime, 'image/png');
    const result = await ok('A', 'GET', `/api/results/${f.resultA}`);
    assert.equal(result.total_marks, 15.5);
    const evaluations = await ok('A', 'GET', '/api/evaluations');
    assert.equal(evaluations.length, 2);
    const script = await ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
    assert.equal(script.evaluations.length, 2);
  });
});

describe('late submissions are refused', () => {
  test('an assignment past its submission date', async () => {
    assert.equal((await addPdf('B', f.answerBEssay)).status, 200);
    await ok('admin', 'PUT', `/api/assignments/${f.essay}`, {
      data: { assignment_submission_date: new Date(Date.now() - 60_000).toISOString() },
    });
    expectError(
      await call('B', 'POST', '/api/mains/submit', { attemptId: f.attemptBEssay }),
      403,
      'The submission date has passed.',
    );
    expectError(await addPdf('B', f.answerBEssay), 403, 'The submission date has passed.');
    const items = await ok('B', 'GET', '/api/mains/my-work?kind=assignment');
    const item = items.find((w) => w.documentId === f.essay);
    assert.equal(item.canStart, false);
    assert.equal(item.reason, 'The submission date has passed.');
  });

  test('a test past its ValidTo', async () => {
    const late = await makeMainsTest('Mains closing');
    const started = await ok('A', 'POST', '/api/mains/start', { kind: 'test', documentId: late });
    assert.equal((await addPdf('A', started.answers[0].documentId)).status, 200);
    const closed = new Date(Date.now() - 60_000);
    await ok('admin', 'PUT', `/api/tests/${late}`, {
      data: {
        ValidFrom: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        ValidTo: closed.toISOString(),
      },
    });
    expectError(
      await call('A', 'POST', '/api/mains/submit', { attemptId: started.attempt.documentId }),
      403,
      `This test closed on ${closed.toISOString()}.`,
    );
    expectError(
      await call('A', 'PUT', `/api/answers/${started.answers[1].documentId}`, {
        data: { answer_documents: [] },
      }),
      403,
      `This test closed on ${closed.toISOString()}.`,
    );
    expectError(
      await call('B', 'POST', '/api/mains/start', { kind: 'test', documentId: late }),
      403,
      `This test closed on ${closed.toISOString()}.`,
    );
  });
});
