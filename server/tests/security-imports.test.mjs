// Issue 18, points 13 and 16 (d): a staff import does not stall the exam, and a too-long cell in a
// people import skips its row. A large question sheet (tens of thousands of rows, read in full
// before the row limit refuses it) is imported while an examinee saves answers and /_health is
// asked again and again: the server must keep answering them while the sheet is read (in a
// worker thread), which is checked by ordering (how many of them complete before the import's
// answer), never by a time threshold. The import worker's own limits (queue, time, memory) are
// checked through the server (the queue) and through the compiled runner (time and memory).
// Fixture files are made here with exceljs and fflate. One boot of the real server.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LEARNER_SHEET_HEADER, QUESTION_SHEET_HEADER, xlsx as sheet } from './helpers/fixtures.mjs';
import { asRoles } from './helpers/roles.mjs';
import { serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { zipSync, strToU8 } = require('fflate');

const QUESTION_HEADER = QUESTION_SHEET_HEADER;
const LEARNER_HEADER = LEARNER_SHEET_HEADER;
const BIG_ROWS = 40_000;
const DOCX_ROWS = 30_000;
const LEARNER_DOCX_ROWS = 100_000;
const tooMany = (rows) => `The file has ${rows} question rows; import at most 5,000 at a time.`;
const BUSY = 'Imports are busy; try again in a minute.';
const TOO_SLOW = 'The file took too long to read; split it into smaller files.';
const TOO_BIG = 'The file needs too much memory to read; split it into smaller files.';
const NOT_XLSX = 'This is not a spreadsheet (.xlsx).';
/**
 * Rounds (a /_health, then an examinee's save) sent one after the other that must complete
 * before the import's answer. Reading either big file takes the server far longer than this
 * many rounds when its event loop is free; with the file read on the event loop, the rounds
 * stall behind it and only a few (those during the upload) come before the answer.
 */
const MIN_ROUNDS = 50;

let server;
const { tokens, call, signIn } = asRoles(() => server);
const f = {};

const postFile = (role, path, bytes, name = 'sheet.xlsx') =>
  server.request('POST', path, { token: tokens[role], form: { files: [[bytes, name]] } });

const expectError = (res, status, message) => {
  assert.equal(res.status, status, res.text.slice(0, 400));
  assert.equal(res.json?.error?.status, status);
  assert.equal(res.json.error.message, message);
};

const xlsx = (header, rows) => sheet([header, ...rows]);
/** A question-pool sheet of `count` valid rows (about 2 MB zipped, 24 MB of XML at 40,000). */
const bigQuestionSheet = (count) =>
  xlsx(
    QUESTION_HEADER,
    Array.from({ length: count }, (_, i) => [
      `Question number ${i} about something?`,
      `A${i}`,
      `B${i}`,
      `C${i}`,
      `D${i}`,
      'a',
      2,
      -0.5,
      'MCQ',
      '',
      `Because ${i}.`,
    ]),
  );

/**
 * A Word document whose first table has the given header row and `count` rows made by `row(i)`:
 * parsed in full before the import looks at its rows (about 13-20 MB of XML at 100,000 rows,
 * under 1 MB zipped).
 */
const bigDocx = (header, count, row) => {
  const tr = (cells) =>
    `<w:tr>${cells.map((c) => `<w:tc><w:p><w:r><w:t>${c}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`;
  const rows = [tr(header)];
  for (let i = 0; i < count; i += 1) rows.push(tr(row(i)));
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    `<w:tbl>${rows.join('')}</w:tbl></w:body></w:document>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      'word/document.xml': strToU8(xml),
    }),
  );
};

/**
 * Sends rounds (a /_health, then a save of one of the examinee's answers) one after the other
 * until the import answers. Returns how many rounds were both sent and answered before the
 * import's answer, and every save's outcome.
 */
const roundsDuring = async (importing) => {
  let done = false;
  const answer = importing.finally(() => {
    done = true;
  });
  let rounds = 0;
  const saves = [];
  while (!done) {
    const ping = await fetch(`${server.baseUrl}/_health`);
    assert.equal(ping.status, 204);
    f.revision += 1;
    const choice = 'abcd'[f.revision % 4];
    const saved = await call(
      'student',
      'PUT',
      `/api/answers/${f.answers[f.revision % f.answers.length]}`,
      {
        data: { selected_answer: choice, revision: f.revision },
      },
    );
    saves.push({ status: saved.status, text: saved.text, choice, body: saved.json?.data });
    if (!done) rounds += 1;
  }
  return { res: await answer, rounds, saves };
};

const assertSavesKept = (saves) => {
  assert.ok(saves.length > 0);
  for (const save of saves) {
    assert.equal(save.status, 200, save.text);
    assert.equal(save.body.selected_answer, save.choice);
  }
};

before(async () => {
  // One worker and one waiting import: a third import at the same time is told to come back.
  server = await startServer({ extraEnv: { IMPORT_WORKERS: '1', IMPORT_QUEUE: '1' } });
  await signIn([
    ['admin', 'admin'],
    ['student', 'student1'],
  ]);
  const tests = await call(
    'admin',
    'GET',
    `/api/tests?filters[TestName][$eq]=${encodeURIComponent('Prelims Mock Test 1')}`,
  );
  assert.equal(tests.status, 200, tests.text);
  assert.equal(tests.json.data.length, 1, tests.text);
  const started = await call('student', 'POST', '/api/test/prelims/initialize', {
    testId: tests.json.data[0].documentId,
  });
  assert.ok(started.status === 200 || started.status === 201, started.text);
  f.answers = started.json.data.answers.map((a) => a.documentId);
  assert.ok(f.answers.length > 0);
  f.revision = 0;
  f.bigSheet = await bigQuestionSheet(BIG_ROWS);
  f.questionDocx = bigDocx(QUESTION_HEADER, DOCX_ROWS, (i) => [
    `Question ${i}?`,
    'A',
    'B',
    'C',
    'D',
    'a',
    '2',
  ]);
  f.bigDocx = bigDocx(LEARNER_HEADER, LEARNER_DOCX_ROWS, (i) => [
    `Name ${i}`,
    `learner${i}@example.com`,
  ]);
});

after(async () => {
  await server?.stop();
});

describe('point 13: imports are read off the event loop', () => {
  test('an examinee saves and /_health answers while a 30,000-row Word question table is read', async () => {
    const { res, rounds, saves } = await roundsDuring(
      postFile('admin', '/api/questionPool-import', f.questionDocx, 'questions.docx'),
    );
    expectError(res, 400, tooMany(DOCX_ROWS));
    assertSavesKept(saves);
    assert.ok(rounds >= MIN_ROUNDS, `only ${rounds} rounds answered while the file was read`);
  });

  test('the same while a 40,000-row question sheet (.xlsx) is read', async () => {
    const { res, rounds, saves } = await roundsDuring(
      postFile('admin', '/api/questionPool-import', f.bigSheet),
    );
    expectError(res, 400, tooMany(BIG_ROWS));
    assertSavesKept(saves);
    assert.ok(rounds >= MIN_ROUNDS, `only ${rounds} rounds answered while the sheet was read`);
  });

  test('the same while a people import reads a Word document of 100,000 table rows', async () => {
    const { res, rounds, saves } = await roundsDuring(
      postFile('admin', '/api/learners-bulk', f.bigDocx, 'learners.xlsx'),
    );
    expectError(res, 400, NOT_XLSX);
    assertSavesKept(saves);
    assert.ok(rounds >= MIN_ROUNDS, `only ${rounds} rounds answered while the file was read`);
  });

  test('one import runs, one waits, a third at the same time gets 429', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => postFile('admin', '/api/learners-bulk', f.bigDocx, 'learners.xlsx')),
    );
    const busy = answers.filter((r) => r.status === 429);
    assert.equal(busy.length, 1, answers.map((r) => r.status).join(', '));
    expectError(busy[0], 429, BUSY);
    for (const res of answers.filter((r) => r.status !== 429)) expectError(res, 400, NOT_XLSX);
    // The queue drained: the next import runs.
    expectError(
      await postFile('admin', '/api/learners-bulk', f.bigDocx, 'learners.xlsx'),
      400,
      NOT_XLSX,
    );
  });

  test('the worker is stopped past its time and memory limits (the compiled runner)', async () => {
    // The server compiled dist/ when it started; these are the modules it runs.
    const worker = join(serverDir, 'dist', 'src', 'modules', 'imports', 'worker');
    const { runImport, poolOptionsFromEnv, WORKER_MESSAGES } = require(join(worker, 'read.js'));
    const { createPool } = require(
      join(serverDir, 'dist', 'src', 'platform', 'sheets', 'worker-pool.js'),
    );
    assert.deepEqual(WORKER_MESSAGES, { busy: BUSY, tooSlow: TOO_SLOW, tooBig: TOO_BIG });
    const job = () => ({ task: 'questions', bytes: new Uint8Array(f.questionDocx), subjects: [] });
    const options = { ...poolOptionsFromEnv(), workers: 1, queue: 1 };
    await assert.rejects(runImport(job(), createPool({ ...options, timeoutMs: 200 })), {
      name: 'ValidationError',
      message: TOO_SLOW,
    });
    await assert.rejects(runImport(job(), createPool({ ...options, memoryMb: 48 })), {
      name: 'ValidationError',
      message: TOO_BIG,
    });
    // Within the limits the same runner reads the sheet (and refuses its row count).
    await assert.rejects(runImport(job(), createPool(options)), {
      name: 'ValidationError',
      message: tooMany(DOCX_ROWS),
    });
  });
});

describe('point 16 (d): a too-long cell skips its row, naming the column', () => {
  const long = (c) => c.repeat(300);
  const cut = (c) => `${c.repeat(255)}…`;

  test('learners: Name and Roll Number', async () => {
    const bytes = await xlsx(LEARNER_HEADER, [
      [long('N'), 'long.name@example.com', '', '', '', ''],
      ['Good Learner', 'good.learner@example.com', '', 'R-1', '', ''],
      ['Long Roll', 'long.roll@example.com', '', long('7'), '', ''],
    ]);
    const res = await postFile('admin', '/api/learners-bulk', bytes);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.message, '1 learner(s) imported successfully');
    assert.deepEqual(
      res.json.data.map((l) => l.student_email),
      ['good.learner@example.com'],
    );
    assert.deepEqual(res.json.skippedRecords, {
      'Name is longer than 255 characters': [
        { row: 2, name: cut('N'), email: 'long.name@example.com' },
      ],
      'Roll Number is longer than 255 characters': [
        { row: 4, name: 'Long Roll', email: 'long.roll@example.com' },
      ],
    });
  });

  test('faculties: Name', async () => {
    const bytes = await xlsx(
      ['Name', 'Email', 'Mobile', 'Address', 'Joining Date', 'Subjects', 'Batches'],
      [
        [long('F'), 'long.faculty@example.com', '', '', '', '', ''],
        ['Good Faculty', 'good.faculty@example.com', '', long('a'), '', '', ''],
      ],
    );
    const res = await postFile('admin', '/api/faculties-bulk', bytes);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.message, '1 faculties added successfully');
    assert.deepEqual(res.json.skippedRecords, {
      'Name is longer than 255 characters': [
        { row: 2, name: cut('F'), email: 'long.faculty@example.com' },
      ],
    });
  });

  test('users: Username and UserRole', async () => {
    const bytes = await xlsx(
      ['Username', 'Email', 'Role', 'UserRole'],
      [
        [long('u'), 'long.user@example.com', 'faculty', ''],
        ['good.user', 'good.user@example.com', 'faculty', ''],
        ['long.role', 'long.role@example.com', 'faculty', long('r')],
      ],
    );
    const res = await postFile('admin', '/api/users-bulk', bytes);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.message, '1 Users imported Successfully');
    assert.deepEqual(res.json.skippedRecords, {
      'Username is longer than 255 characters': [
        { row: 2, name: cut('u'), email: 'long.user@example.com' },
      ],
      'UserRole is longer than 255 characters': [
        { row: 4, name: 'long.role', email: 'long.role@example.com' },
      ],
    });
  });
});
