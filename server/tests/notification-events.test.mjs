// The events that notify (issue 20): who is told (and who is not), the kind, the message and the
// link of each; preferences respected; the notice written in the event's transaction. One boot
// of the real server on the demo institute, the sweep every 2 seconds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  LEARNER_SHEET_HEADER,
  QUESTION_SHEET_HEADER,
  demoRecords,
  xlsx,
} from './helpers/fixtures.mjs';
import { PDF } from './helpers/mains.mjs';
import { asRoles } from './helpers/roles.mjs';
import { MAINS_ROLES, startServer } from './helpers/server.mjs';

let server;
const { users, call, ok, signIn, tokens } = asRoles(() => server);
const f = {};

/** Notices of a kind (about one record), newest last, with their recipient. */
const notices = (kind, aboutId = null) =>
  server
    .database()
    .prepare(
      `SELECT n.id, n.message, n.link, n.kind, n.about_type, n.about_id, n.read, l.user_id
         FROM notifications n JOIN notifications_to_user_lnk l ON l.notification_id = n.id
        WHERE n.kind = ? AND (? IS NULL OR n.about_id = ?) ORDER BY n.id`,
    )
    .all(kind, aboutId, aboutId);

const recipients = (rows) => [...new Set(rows.map((r) => r.user_id))].sort((a, b) => a - b);
const ids = (...roles) => roles.map((r) => users[r].id).sort((a, b) => a - b);

const waitFor = async (check, ms = 15_000) => {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > ms) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** POST one file as `field`: the response. */
const uploadForm = (role, path, field, name, bytes, type, fields = {}) =>
  server.request('POST', path, {
    token: tokens[role],
    form: { fields, files: [[bytes, name, field, type]] },
  });

before(async () => {
  server = await startServer({ extraEnv: { NOTIFICATION_SWEEP_RULE: '*/2 * * * * *' } });
  await signIn(MAINS_ROLES);
  Object.assign(f, await demoRecords(ok));
  f.A = users.A.student.documentId;
  f.B = users.B.student.documentId;
});

after(async () => {
  await server?.stop();
});

describe('learner events', () => {
  test('a batch made with a learner tells that learner only (added-to-batch)', async () => {
    const batch = await ok('admin', 'POST', '/api/batches', {
      data: { Batch: 'Notice Batch', students: [f.A] },
    });
    f.noticeBatch = batch.documentId;
    const rows = notices('added-to-batch', batch.documentId);
    assert.deepEqual(recipients(rows), ids('A'));
    assert.equal(rows[0].message, 'You were added to the batch Notice Batch.');
    assert.equal(rows[0].link, '/course');
    assert.equal(rows[0].about_type, 'batch');
    // Saving it again with the same learner tells nobody again.
    await ok('admin', 'PUT', `/api/batches/${batch.documentId}`, {
      data: { Batch: 'Notice Batch', students: [f.A] },
    });
    assert.equal(notices('added-to-batch', batch.documentId).length, 1);
  });

  test('moving learners tells those new to the batch (added-to-batch)', async () => {
    const spare = await ok('admin', 'POST', '/api/batches', { data: { Batch: 'Spare Batch' } });
    const moved = await ok('admin', 'POST', '/api/batches-custom/move', {
      fromBatchId: spare.documentId,
      toBatchId: f.noticeBatch,
      studentIds: [f.A, f.B],
    });
    assert.equal(moved.moved, 2);
    // A was in it already: only B is told now.
    assert.deepEqual(
      notices('added-to-batch', f.noticeBatch).map((r) => r.user_id),
      [users.A.id, users.B.id],
    );
    await ok('admin', 'POST', '/api/batches-custom/remove', {
      batchId: f.noticeBatch,
      studentIds: [f.B],
    });
  });

  test('a test made for a batch tells its learners; an added learner is told, nobody twice', async () => {
    const made = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Batch Quiz 1', TestDuration: 30, batch: f.noticeBatch },
    });
    let rows = notices('work-available', made.documentId);
    assert.deepEqual(recipients(rows), ids('A'));
    assert.equal(rows[0].message, 'New test: Batch Quiz 1 is available');
    assert.equal(rows[0].link, '/testcorner');
    assert.equal(rows[0].about_type, 'test');
    assert.equal(rows[0].read, 0);

    // A change of name tells nobody; adding B as the test's own learner tells B only.
    await ok('admin', 'PUT', `/api/tests/${made.documentId}`, {
      data: { TestName: 'Batch Quiz 1' },
    });
    await ok('admin', 'PUT', `/api/tests/${made.documentId}`, { data: { students: [f.B] } });
    rows = notices('work-available', made.documentId);
    assert.deepEqual(
      rows.map((r) => r.user_id),
      [users.A.id, users.B.id],
    );
    // The learner reads it in the bell (top 5).
    const top = await call('B', 'GET', `/api/top-notifications?userId=${users.B.id}`);
    assert.equal(top.status, 200, top.text);
    assert.ok(top.json.data.some((n) => n.message === 'New test: Batch Quiz 1 is available'));
  });

  test('an assignment made for a learner links to its work page; a failed write tells nobody', async () => {
    const made = await ok('admin', 'POST', '/api/assignments', {
      data: { assignment_name: 'Notice Essay', students: [f.B] },
    });
    const rows = notices('work-available', made.documentId);
    assert.deepEqual(recipients(rows), ids('B'));
    assert.equal(rows[0].message, 'New assignment: Notice Essay is available');
    assert.equal(rows[0].link, `/assignment/${made.documentId}/work`);
    assert.equal(rows[0].about_type, 'assignment');

    // One transaction: when the notice cannot be written, the test is not made either.
    const db = server.database();
    db.exec(`CREATE TRIGGER refuse_notice BEFORE INSERT ON notifications
      WHEN NEW.message LIKE '%Doomed Quiz%' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    try {
      const failed = await call('admin', 'POST', '/api/tests', {
        data: { TestName: 'Doomed Quiz', batch: f.noticeBatch },
      });
      assert.ok(failed.status >= 400, failed.text);
    } finally {
      db.exec('DROP TRIGGER refuse_notice');
    }
    const found = await ok('admin', 'GET', '/api/tests?filters[TestName][$eq]=Doomed%20Quiz');
    assert.deepEqual(found, []);
  });

  test('preferences: in-app off and email off writes nothing; in-app off and email on, a read row', async () => {
    const save = (role, inApp, email) =>
      ok(role, 'PUT', '/api/notification-preferences', {
        data: { kinds: [{ kind: 'work-available', inApp, email }] },
      });
    await save('A', false, false);
    await save('B', false, true);
    const made = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Quiet Quiz', batch: f.batch },
    });
    const rows = notices('work-available', made.documentId);
    assert.deepEqual(recipients(rows), ids('B'));
    assert.equal(rows[0].read, 1);
    await save('A', true, false);
    await save('B', true, false);
  });

  test('a test opening within 24 hours tells its learners once (work-opens-soon)', async () => {
    const soon = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: 'Opens Soon Quiz',
        batch: f.noticeBatch,
        ValidFrom: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        ValidTo: new Date(Date.now() + 5 * 3_600_000).toISOString(),
      },
    });
    const later = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: 'Opens Later Quiz',
        batch: f.noticeBatch,
        ValidFrom: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      },
    });
    const rows = await waitFor(() => {
      const found = notices('work-opens-soon', soon.documentId);
      return found.length > 0 ? found : null;
    });
    assert.ok(rows, 'no opens-soon notice within 15 s');
    assert.deepEqual(recipients(rows), ids('A'));
    assert.match(rows[0].message, /^Opens Soon Quiz opens on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    assert.equal(rows[0].link, '/testcorner');
    await sleep(4500); // two more sweeps
    assert.equal(notices('work-opens-soon', soon.documentId).length, 1);
    assert.equal(notices('work-opens-soon', later.documentId).length, 0);
  });

  test('a live class of a course tells its learners and faculty; the reminder comes once', async () => {
    const staff = server
      .database()
      .prepare(
        `SELECT DISTINCT uf.user_id FROM up_users_faculty_lnk uf
           JOIN courses_faculties_lnk cf ON cf.faculty_id = uf.faculty_id
           JOIN courses c ON c.id = cf.course_id WHERE c.document_id = ?`,
      )
      .all(f.course)
      .map((r) => r.user_id);
    const made = await ok('admin', 'POST', '/api/classes', {
      data: {
        name: 'Polity Live',
        date: '2030-01-02T09:30:00.000Z',
        meeting_url: 'https://example.com/m',
        course: f.course,
      },
    });
    const rows = notices('live-class', made.documentId);
    // The course's batch (Foundation: A and B) and its faculty with accounts.
    const told = recipients(rows);
    assert.ok(told.includes(users.A.id) && told.includes(users.B.id), JSON.stringify(told));
    assert.ok(!told.includes(users.admin.id));
    assert.deepEqual(
      told.filter((id) => id !== users.A.id && id !== users.B.id),
      [...staff].sort((a, b) => a - b),
    );
    assert.equal(rows[0].message, 'Live class scheduled: Polity Live on 2030-01-02 09:30 UTC.');
    assert.equal(rows[0].link, `/course/${f.course}`);
    assert.equal(rows[0].about_type, 'class');

    // A class given its course later is not "scheduled" to anyone (it was for a batch with nobody
    // in it, issue 21); 10 minutes before, a reminder.
    const empty = await ok('admin', 'POST', '/api/batches', { data: { Batch: 'Nobody yet' } });
    const soon = await ok('admin', 'POST', '/api/classes', {
      data: {
        name: 'Economy Live',
        date: new Date(Date.now() + 10 * 60_000).toISOString(),
        join_url: 'https://example.com/e',
        batches: [empty.documentId],
      },
    });
    await ok('admin', 'PUT', `/api/classes/${soon.documentId}`, {
      data: { course: f.course, batches: [] },
    });
    const reminded = await waitFor(() => {
      const found = notices('live-class', soon.documentId);
      return found.length > 0 ? found : null;
    });
    assert.ok(reminded, 'no reminder within 15 s');
    assert.match(reminded[0].message, /^Starting soon: the live class Economy Live at /);
    await sleep(4500);
    assert.equal(notices('live-class', soon.documentId).length, reminded.length);
  });
});

describe('Mains events', () => {
  test('a submitted Mains script tells its graders only (script-waiting)', async () => {
    const created = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: 'Notice Mains 1',
        TestDuration: 60,
        MaximumMarks: 20,
        batch: f.batch,
        course: f.course,
        subjects: [f.polity, f.economy],
        ValidFrom: new Date(Date.now() - 86_400_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    f.mains = created.documentId;
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
    const started = await ok('A', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: f.mains,
    });
    const sent = await uploadForm(
      'A',
      `/api/mains/answers/${started.answers[0].documentId}/documents`,
      'files',
      'a.pdf',
      PDF,
      'application/pdf',
    );
    assert.equal(sent.status, 200, sent.text);
    const submitted = await ok('A', 'POST', '/api/mains/submit', {
      attemptId: started.attempt.documentId,
    });
    f.result = submitted.result.documentId;
    const rows = notices('script-waiting', f.result);
    assert.deepEqual(recipients(rows), ids('priya', 'arjun'));
    assert.equal(
      rows[0].message,
      `${users.A.student.StudentName ?? 'A learner'}'s Mains script for Notice Mains 1 is waiting for evaluation.`,
    );
    assert.equal(rows[0].link, `/reports/scripts/${f.result}`);
  });

  test('the last evaluation completed tells the administrators once (evaluation-complete)', async () => {
    const evaluate = async (role, subjectId, marks) => {
      const made = await ok(role, 'POST', '/api/mains/evaluations', {
        resultId: f.result,
        subjectId,
      });
      await ok(role, 'PUT', `/api/mains/evaluations/${made.documentId}`, {
        total_marks: marks,
        complete: true,
      });
      return made.documentId;
    };
    await evaluate('priya', f.polity, 7);
    assert.equal(notices('evaluation-complete', f.mains).length, 0);
    const eco = await evaluate('arjun', f.economy, 8);
    const rows = notices('evaluation-complete', f.mains);
    assert.ok(recipients(rows).includes(users.admin.id));
    assert.ok(!recipients(rows).includes(users.priya.id));
    assert.equal(
      rows[0].message,
      'Evaluation of Notice Mains 1 is complete: 1 script is ready to publish.',
    );
    assert.equal(rows[0].link, `/reports?kind=test&work=${f.mains}`);
    // Completing again is refused (a completed evaluation is locked, issue 27) and tells nobody;
    // reopened by an administrator and completed again, the script is still announced once.
    const again = await call('arjun', 'PUT', `/api/mains/evaluations/${eco}`, {
      total_marks: 8,
      complete: true,
    });
    assert.equal(again.status, 409, again.text);
    assert.equal(notices('evaluation-complete', f.mains).length, rows.length);
    await ok('admin', 'POST', `/api/mains/evaluations/${eco}/reopen`, { reason: 'Recount' });
    await ok('arjun', 'PUT', `/api/mains/evaluations/${eco}`, { total_marks: 8, complete: true });
    assert.equal(notices('evaluation-complete', f.mains).length, rows.length);
  });

  test('publishing marks tells the learner, linking to the script (marks-published)', async () => {
    await ok('admin', 'POST', '/api/result-bulk', { resultIds: [f.result], is_published: true });
    const rows = notices('marks-published', f.result);
    assert.deepEqual(recipients(rows), ids('A'));
    assert.equal(rows[0].message, 'Mains marks for Notice Mains 1 are published.');
    assert.equal(rows[0].link, `/reports/scripts/${f.result}`);
    assert.equal(rows[0].about_type, 'result');
    const own = await ok('A', 'GET', '/api/notifications?pagination[pageSize]=100');
    assert.ok(own.some((n) => n.message === 'Mains marks for Notice Mains 1 are published.'));
  });

  test('a submitted assignment tells its graders (work-submitted)', async () => {
    const started = await ok('B', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: f.essay,
    });
    const sent = await uploadForm(
      'B',
      `/api/mains/answers/${started.answers[0].documentId}/documents`,
      'files',
      'b.pdf',
      PDF,
      'application/pdf',
    );
    assert.equal(sent.status, 200, sent.text);
    const submitted = await ok('B', 'POST', '/api/mains/submit', {
      attemptId: started.attempt.documentId,
    });
    const rows = notices('work-submitted', submitted.result.documentId);
    assert.deepEqual(recipients(rows), ids('priya', 'arjun'));
    assert.match(rows[0].message, / submitted Essay Practice 1: it is waiting for evaluation\.$/);
    assert.equal(rows[0].link, `/reports/scripts/${submitted.result.documentId}`);
  });
});

describe('staff and administrator events', () => {
  test('notify-faculties tells the test’s faculty (test-assigned), linking to the test', async () => {
    const made = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Assigned Quiz', faculties: [users.priya.faculty.documentId] },
    });
    const res = await call('admin', 'POST', '/api/notify-faculties', {
      payload: {},
      testId: made.documentId,
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { data: { notified: 1 } });
    const rows = notices('test-assigned', made.documentId);
    assert.deepEqual(recipients(rows), ids('priya'));
    assert.equal(rows[0].message, 'You have been assigned the test "Assigned Quiz".');
    assert.equal(rows[0].link, `/testcorner/${made.documentId}`);
  });

  test('a learner import tells the administrator who ran it, with the skipped rows', async () => {
    const bytes = await xlsx([
      LEARNER_SHEET_HEADER,
      ['Notice One', 'notice1@example.com', '', '', '', ''],
      ['Notice Two', 'notice1@example.com', '', '', '', ''],
      ['', 'noname@example.com', '', '', '', ''],
      ['Notice Three', 'notice3@example.com', '', '', '', ''],
    ]);
    const before = notices('import-finished').length;
    const res = await uploadForm(
      'admin',
      '/api/learners-bulk',
      'file',
      'people.xlsx',
      bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    assert.equal(res.status, 200, res.text);
    const rows = notices('import-finished').slice(before);
    assert.deepEqual(recipients(rows), ids('admin'));
    assert.equal(
      rows[0].message,
      'Learner import finished: 2 added, 2 skipped (1 duplicate email in the file, 1 missing name)',
    );
    assert.equal(rows[0].link, '/learners');
  });

  test('a question import tells the administrator who ran it, linking to the test', async () => {
    const target = await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Import Target' } });
    const bytes = await xlsx([
      QUESTION_SHEET_HEADER,
      ['Imported?', 'one', 'two', 'three', 'four', 'B', 2, -0.5, 'MCQ', 'Indian Polity', ''],
      ['Nope?', 'one', 'two', 'three', 'four', 'B', 2, -0.5, 'MCQ', 'No Subject', ''],
    ]);
    const res = await uploadForm('admin', '/api/questions-import', 'file', 'q.xlsx', bytes, '', {
      testId: target.documentId,
    });
    assert.equal(res.status, 200, res.text);
    const rows = notices('import-finished', target.documentId);
    assert.deepEqual(recipients(rows), ids('admin'));
    assert.match(rows[0].message, /^Question import finished: 1 added, 1 skipped \(1 .+\)$/);
    assert.equal(rows[0].link, `/testcorner/${target.documentId}`);
  });
});
