// Tests, questions and the question pool (issue 6): test and question rules, duplicate-tests,
// the three question imports (rows, file safety, templates), questions-bulk, notify-faculties,
// sub-category removal, course moves and the staff searches. Fixture files are made here with
// exceljs, fflate and zlib, never with the import code. One boot of the real server.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { QUESTION_SHEET_HEADER, xlsx as sheet } from './helpers/fixtures.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { ONE_OF_EACH, serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { zipSync, strToU8 } = require('fflate');

const HEADER = QUESTION_SHEET_HEADER;
const NOT_A_SHEET = 'This is not a spreadsheet (.xlsx) or Word document (.docx).';
const ZIP_BOMB = 'The file expands to more than 50 MB; it was refused.';

let server;
const { tokens, users, call, ok, signIn, total } = asRoles(() => server);
const f = {};

const questionsOf = (testId) => total(`/api/questions?filters[test][documentId][$eq]=${testId}`);
const allQuestions = async () =>
  (await total('/api/questions')) + (await total('/api/question-pools'));

const postForm = (role, path, fields = {}, file = null) =>
  server.request('POST', path, {
    token: tokens[role],
    form: { fields, files: file ? [[file.bytes, file.name]] : [] },
  });

const importInto = (role, testId, bytes, name = 'questions.xlsx') =>
  postForm(role, '/api/questions-import', testId ? { testId } : {}, { bytes, name });

const xlsx = (rows, { header = HEADER, edit } = {}) => sheet([header, ...rows], { edit });

const escapeXml = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const docx = (rows, header = HEADER) => {
  const tr = (cells) =>
    `<w:tr>${cells
      .map(
        (c) =>
          `<w:tc><w:p><w:r><w:t xml:space="preserve">${escapeXml(c ?? '')}</w:t></w:r></w:p></w:tc>`,
      )
      .join('')}</w:tr>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    '<w:p><w:r><w:t>Fill in the table.</w:t></w:r></w:p>' +
    `<w:tbl>${tr(header)}${rows.map(tr).join('')}</w:tbl></w:body></w:document>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      'word/document.xml': strToU8(xml),
    }),
  );
};

const mcq = (n, subject = 'Indian Polity') => [
  `Import question ${n}?`,
  'one',
  'two',
  'three',
  'four',
  'B',
  2,
  -0.5,
  'MCQ',
  subject,
  `Because ${n}.`,
];

/** A ZIP whose single entry's headers say `declared` bytes but which inflates to `data`. */
const lyingZip = (name, data, declared) => {
  const compressed = deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, compressed, central, nameBytes, end]);
};

before(async () => {
  server = await startServer();
  await signIn(ONE_OF_EACH);
  tokens.visitor = server.env.VITE_DEFAULT_API_TOKEN;
  const subjects = await ok('admin', 'GET', '/api/subjects?pagination[pageSize]=100');
  f.polity = subjects.find((s) => s.SubjectName === 'Indian Polity').documentId;
  f.economy = subjects.find((s) => s.SubjectName === 'Indian Economy').documentId;
  f.test = (
    await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Import target' } })
  ).documentId;
  f.assignment = (
    await ok('admin', 'POST', '/api/assignments', { data: { assignment_name: 'Import target' } })
  ).documentId;
});

after(async () => {
  await server?.stop();
});

describe('test rules (document service: REST and GraphQL)', () => {
  test('bad values are 400 with a clear message; nothing is written', async () => {
    const before = await total('/api/tests');
    const cases = [
      [{ TestName: '  ' }, 'Enter the test name.'],
      [
        { TestName: 'T', TestDuration: 0 },
        'Test duration must be a whole number of minutes greater than 0.',
      ],
      [
        { TestName: 'T', TestDuration: 1.5 },
        'Test duration must be a whole number of minutes greater than 0.',
      ],
      [{ TestName: 'T', MaximumMarks: 0 }, 'Maximum marks must be a number greater than 0.'],
      [
        {
          TestName: 'T',
          ValidFrom: '2030-01-02T00:00:00.000Z',
          ValidTo: '2030-01-01T00:00:00.000Z',
        },
        'Valid to must be after valid from.',
      ],
      [{ TestName: 'T', pass_mark_unit: 'points' }, "Pass mark unit must be 'marks' or 'percent'."],
      [{ TestName: 'T', PassMark: -1 }, 'Pass mark must be a number of 0 or more.'],
      [
        { TestName: 'T', MaximumMarks: 10, PassMark: 11 },
        'Pass mark cannot be more than the maximum marks.',
      ],
      [
        { TestName: 'T', MaximumMarks: 10, PassMark: 101, pass_mark_unit: 'percent' },
        'A pass mark in percent cannot be more than 100.',
      ],
    ];
    for (const [data, message] of cases) {
      expectError(await call('faculty', 'POST', '/api/tests', { data }), 400, message);
    }
    const gql = await call('admin', 'POST', '/api/graphql', {
      query: 'mutation { createTest(data: { TestName: "G", MaximumMarks: -1 }) { documentId } }',
    });
    assert.match(gql.text, /Maximum marks must be a number greater than 0\./);
    assert.equal(await total('/api/tests'), before);
  });

  test('defaults, Attempts kept by the system, and partial updates checked on the merged record', async () => {
    const created = await ok('faculty', 'POST', '/api/tests', {
      data: {
        TestName: '  Rules test ',
        TestDuration: 30,
        MaximumMarks: 10,
        PassMark: 4,
        Attempts: 7,
        ValidFrom: '2030-01-01T00:00:00.000Z',
        ValidTo: '2030-02-01T00:00:00.000Z',
      },
    });
    assert.equal(created.TestName, 'Rules test');
    assert.equal(created.pass_mark_unit, 'marks');
    assert.equal(created.Attempts, 0);
    const id = created.documentId;
    expectError(
      await call('admin', 'PUT', `/api/tests/${id}`, { data: { PassMark: 12 } }),
      400,
      'Pass mark cannot be more than the maximum marks.',
    );
    expectError(
      await call('admin', 'PUT', `/api/tests/${id}`, {
        data: { ValidTo: '2029-12-31T00:00:00.000Z' },
      }),
      400,
      'Valid to must be after valid from.',
    );
    const edited = await ok('admin', 'PUT', `/api/tests/${id}`, {
      data: { PassMark: 40, pass_mark_unit: 'percent', Attempts: 99 },
    });
    assert.equal(Number(edited.PassMark), 40);
    assert.equal(edited.Attempts, 0);
  });

  test("changing a test's course moves it between the two courses' tests lists", async () => {
    const courseA = (await ok('admin', 'POST', '/api/courses', { data: { course_name: 'Move A' } }))
      .documentId;
    const courseB = (await ok('admin', 'POST', '/api/courses', { data: { course_name: 'Move B' } }))
      .documentId;
    const t = (
      await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Mover', course: courseA } })
    ).documentId;
    const testsOf = async (course) =>
      (
        await ok('admin', 'GET', `/api/courses/${course}?populate[tests][fields][0]=TestName`)
      ).tests.map((x) => x.documentId);
    assert.deepEqual(await testsOf(courseA), [t]);
    await ok('faculty', 'PUT', `/api/tests/${t}`, { data: { course: courseB } });
    assert.deepEqual(await testsOf(courseA), []);
    assert.deepEqual(await testsOf(courseB), [t]);
  });
});

describe('question rules (questions and the pool)', () => {
  test('clear messages; answer letter normalised; descriptive needs no options', async () => {
    const before = await allQuestions();
    const bad = await call('faculty', 'POST', '/api/questions', {
      data: {
        question: 'Q?',
        option_a: 'a',
        option_b: 'b',
        option_c: ' ',
        option_d: 'd',
        correct_answer: 'e',
        points_correct_answer: 1,
        test: f.test,
      },
    });
    expectError(bad, 400, "Option C is missing. Correct answer 'e' is not one of a, b, c, d.");
    expectError(
      await call('faculty', 'POST', '/api/question-pools', {
        data: { question: 'Q?', question_type: 'Descriptive' },
      }),
      400,
      'Points Correct is missing.',
    );
    expectError(
      await call('admin', 'POST', '/api/question-pools', {
        data: { question: '', question_type: 'Essay', points_correct_answer: 1 },
      }),
      400,
      "Question is missing. Question type 'Essay' is not one of MCQ, Multiple, TrueFalse, Numeric, Descriptive.",
    );
    expectError(
      await call('admin', 'POST', '/api/question-pools', {
        data: {
          question: 'Q',
          question_type: 'Descriptive',
          points_correct_answer: 1,
          points_incorrect_answer: 0.5,
        },
      }),
      400,
      'Points Incorrect must be 0 or less (e.g. -0.5 for negative marking).',
    );
    assert.equal(await allQuestions(), before);

    const good = await ok('faculty', 'POST', '/api/question-pools', {
      data: {
        question: ' Good? ',
        option_a: 'a',
        option_b: 'b',
        option_c: 'c',
        option_d: 'd',
        correct_answer: ' C ',
        points_correct_answer: 2,
      },
    });
    assert.equal(good.correct_answer, 'c');
    assert.equal(good.question_type, 'MCQ');
    assert.equal(Number(good.points_incorrect_answer), 0);
    expectError(
      await call('faculty', 'PUT', `/api/question-pools/${good.documentId}`, {
        data: { option_b: '' },
      }),
      400,
      'Option B is missing.',
    );
    const essay = await ok('faculty', 'POST', '/api/questions', {
      data: {
        question: 'Essay',
        question_type: 'descriptive',
        points_correct_answer: 10,
        test: f.test,
      },
    });
    assert.equal(essay.question_type, 'Descriptive');
  });
});

describe('question import', () => {
  test('3 bad rows of 20: 17 written, the 3 reported with every reason', async () => {
    const t = (await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Twenty' } }))
      .documentId;
    const rows = Array.from({ length: 20 }, (_, i) =>
      mcq(i + 1, i % 2 ? 'eco101' : 'Indian Polity'),
    );
    rows[3] = [...mcq(4)];
    rows[3][3] = '';
    rows[3][5] = 'e';
    rows[9] = [...mcq(10)];
    rows[9][6] = '2pts';
    rows[9][9] = 'Astrology';
    rows[14] = [...mcq(15)];
    rows[14][0] = '';
    // Row 12 is blank (whitespace only): ignored, not reported.
    const bytes = await xlsx(rows.slice(0, 10).concat([['', '  ']], rows.slice(10)));
    const res = await importInto('faculty', t, bytes);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.createdQuestions.length, 17);
    assert.equal(res.json.message, '17 Questions imported succesfully');
    for (const q of res.json.createdQuestions) {
      assert.equal(typeof q.id, 'number');
      assert.equal(typeof q.documentId, 'string');
      assert.match(q.question, /^Import question \d+\?$/);
    }
    assert.deepEqual(res.json.skippedRows, [
      { row: 5, reasons: ['Option C is missing', "Correct answer 'e' is not one of a, b, c, d"] },
      {
        row: 11,
        reasons: ["Points Correct '2pts' is not a number", "Unknown subject 'Astrology'"],
      },
      { row: 17, reasons: ['Question is missing'] },
    ]);
    assert.equal(await questionsOf(t), 17);
    const stored = await ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId][$eq]=${t}&populate=subject&sort=id:asc&pagination[pageSize]=100`,
    );
    assert.equal(stored[0].correct_answer, 'b');
    assert.equal(Number(stored[0].points_incorrect_answer), -0.5);
    assert.equal(stored[0].subject.SubjectName, 'Indian Polity');
    assert.equal(stored[1].subject.SubjectName, 'Indian Economy');
  });

  test('a formula is stored as its text; rich text is flattened', async () => {
    const t = (await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Formula' } }))
      .documentId;
    const bytes = await xlsx([mcq(1)], {
      edit: (sheet) => {
        sheet.getCell('A2').value = { formula: '1+2', result: 3 };
        sheet.getCell('B2').value = {
          richText: [{ text: 'ri' }, { font: { bold: true }, text: 'ch' }],
        };
        sheet.getCell('K2').value = { formula: 'HYPERLINK("http://evil.test","x")', result: 'x' };
      },
    });
    const res = await importInto('admin', t, bytes);
    assert.equal(res.status, 200, res.text);
    const [q] = await ok('admin', 'GET', `/api/questions?filters[test][documentId][$eq]=${t}`);
    assert.equal(q.question, '=1+2');
    assert.equal(q.option_a, 'rich');
    assert.equal(q.explanation, '=HYPERLINK("http://evil.test","x")');
  });

  test('a Word document table imports; into an assignment; into the pool', async () => {
    const rows = [mcq(1), ['Explain.', '', '', '', '', '', '5', '', 'Descriptive', '', '']];
    const res = await postForm(
      'faculty',
      '/api/assignmentQuestions-import',
      { assignmentId: f.assignment },
      { bytes: docx(rows), name: 'q.docx' },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.createdQuestions.length, 2);
    assert.equal(
      await total(`/api/questions?filters[assignment][documentId][$eq]=${f.assignment}`),
      2,
    );
    const pool = await total('/api/question-pools');
    const res2 = await postForm(
      'admin',
      '/api/questionPool-import',
      {},
      {
        bytes: await xlsx([mcq(1), mcq(2, '')]),
        name: 'pool.xlsx',
      },
    );
    assert.equal(res2.status, 200, res2.text);
    assert.equal(await total('/api/question-pools'), pool + 2);
    // The content decides, not the name: a spreadsheet named .docx is read as a spreadsheet.
    const named = await postForm(
      'admin',
      '/api/questionPool-import',
      {},
      {
        bytes: await xlsx([mcq(3)]),
        name: 'really-a-sheet.docx',
      },
    );
    assert.equal(named.status, 200, named.text);
    assert.equal(await total('/api/question-pools'), pool + 3);
  });

  test('wrong columns, no file, no or unknown test, nothing valid: clear errors, nothing written', async () => {
    const before = await allQuestions();
    const wrong = await importInto(
      'admin',
      f.test,
      await xlsx([mcq(1)], { header: ['Question', 'Answer', 'Marks'] }),
    );
    expectError(wrong, 400);
    assert.match(wrong.json.error.message, /missing: Correct Answer, Points Correct\./);
    assert.deepEqual(wrong.json.error.details.missingColumns, ['Correct Answer', 'Points Correct']);
    const wrongDocx = await importInto('admin', f.test, docx([mcq(1)], ['Q', 'A']), 'q.docx');
    assert.match(wrongDocx.json.error.message, /missing: Question, Correct Answer, Points Correct/);
    expectError(
      await postForm('admin', '/api/questions-import', { testId: f.test }),
      400,
      'Choose a file to import.',
    );
    for (const [path, message] of [
      ['/api/questions-import', 'Choose the test to import the questions into (testId).'],
      [
        '/api/assignmentQuestions-import',
        'Choose the assignment to import the questions into (assignmentId).',
      ],
    ]) {
      const file = { bytes: await xlsx([mcq(1)]), name: 'a.xlsx' };
      expectError(await postForm('admin', path, {}, file), 400, message);
    }
    expectError(
      await importInto('admin', 'nosuchtest000000000000000', await xlsx([mcq(1)])),
      404,
      'Unknown test.',
    );
    const none = await importInto('admin', f.test, await xlsx([['', 'x'], mcq(2, 'Nope')]));
    expectError(none, 400, 'No questions imported: every row has errors.');
    assert.equal(none.json.error.details.skippedRows.length, 2);
    assert.equal(await allQuestions(), before);
  });

  test('malformed files: not a spreadsheet, empty, 50 MB, zip bombs, too many rows', async () => {
    // The fixtures are made first: a pause of seconds between requests would let the server
    // close the kept-alive connection under the client.
    // One entry of 200 MB of zeros, deflated (about 200 KB).
    const zeros = Buffer.alloc(200 * 1024 * 1024);
    const bomb = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        'xl/workbook.xml': [zeros, { level: 9 }],
      }),
    );
    // Headers that say 1 KB for an entry of 60 MB.
    const liar = lyingZip('xl/workbook.xml', zeros.subarray(0, 60 * 1024 * 1024), 1024);
    const many = await xlsx(Array.from({ length: 5001 }, (_, i) => mcq(i)));
    const before = await allQuestions();
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expectError(await importInto('admin', f.test, PNG, 'photo.xlsx'), 400, NOT_A_SHEET);
    expectError(
      await importInto('admin', f.test, Buffer.from('Question,Correct Answer\nx,a\n'), 'q.xlsx'),
      400,
      NOT_A_SHEET,
    );
    expectError(
      await importInto(
        'admin',
        f.test,
        Buffer.from(zipSync({ 'a.txt': strToU8('hello') })),
        'z.xlsx',
      ),
      400,
      NOT_A_SHEET,
    );
    expectError(
      await importInto('admin', f.test, Buffer.alloc(0), 'empty.xlsx'),
      400,
      'The file is empty.',
    );

    const started = Date.now();
    const big = await importInto('admin', f.test, Buffer.alloc(50 * 1024 * 1024, 0x41), 'big.xlsx');
    expectError(big, 400, 'The file is larger than 10 MB.');
    assert.ok(Date.now() - started < 60_000);

    assert.ok(bomb.length < 10 * 1024 * 1024);
    expectError(await importInto('admin', f.test, bomb, 'bomb.xlsx'), 400, ZIP_BOMB);
    // Headers that say 1 KB for an entry of 60 MB.
    expectError(await importInto('admin', f.test, liar, 'liar.xlsx'), 400, ZIP_BOMB);

    expectError(
      await importInto('admin', f.test, many),
      400,
      'The file has 5001 question rows; import at most 5,000 at a time.',
    );
    assert.equal(await allQuestions(), before);
  });

  test('learners and visitors cannot import', async () => {
    const bytes = await xlsx([mcq(1)]);
    for (const path of [
      '/api/questions-import',
      '/api/assignmentQuestions-import',
      '/api/questionPool-import',
    ]) {
      const fields = { testId: f.test, assignmentId: f.assignment };
      expectError(await postForm('student', path, fields, { bytes, name: 'q.xlsx' }), 403);
      const visitor = await postForm('visitor', path, fields, { bytes, name: 'q.xlsx' });
      assert.ok([401, 403].includes(visitor.status), visitor.text);
      const none = await postForm('none', path, fields, { bytes, name: 'q.xlsx' });
      assert.ok([401, 403].includes(none.status), none.text);
    }
  });
});

describe('templates', () => {
  test('both are served without signing in and each imports its 5 example questions', async () => {
    for (const [name, type] of [
      [
        'questions-template.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [
        'questions-template.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ]) {
      const res = await fetch(`${server.baseUrl}/uploads/templates/${name}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('content-type'), type);
      const bytes = Buffer.from(await res.arrayBuffer());
      const t = (await ok('admin', 'POST', '/api/tests', { data: { TestName: `From ${name}` } }))
        .documentId;
      const imported = await importInto('faculty', t, bytes, name);
      assert.equal(imported.status, 200, imported.text);
      assert.deepEqual(imported.json.skippedRows, []);
      assert.equal(imported.json.createdQuestions.length, 5);
      const stored = await ok(
        'admin',
        'GET',
        `/api/questions?filters[test][documentId][$eq]=${t}&sort=id:asc`,
      );
      assert.deepEqual(
        stored.map((q) => [
          q.question_type,
          Number(q.points_incorrect_answer),
          q.question_type === 'Descriptive' ? null : q.correct_answer,
          q.answer_tolerance === null ? null : Number(q.answer_tolerance),
          q.answer_unit,
        ]),
        [
          ['MCQ', -0.5, 'a', null, null],
          ['Descriptive', 0, null, null, null],
          // Issue 26: several correct, true/false, numeric with a tolerance and a unit.
          ['Multiple', -2, 'a,c', null, null],
          ['TrueFalse', -0.5, 'false', null, null],
          ['Numeric', 0, '1.4', 0.05, '%'],
        ],
      );
    }
  });
});

describe('duplicate-tests', () => {
  test('copies every field and relation but Attempts, with all questions, named Copy of', async () => {
    const course = (
      await ok('admin', 'POST', '/api/courses', { data: { course_name: 'Dup course' } })
    ).documentId;
    const category = (await ok('admin', 'GET', '/api/test-categories'))[0]?.documentId ?? null;
    const faculty = users.faculty.faculty.documentId;
    const source = (
      await ok('admin', 'POST', '/api/tests', {
        data: {
          TestName: 'Original',
          Description: 'd',
          TestDuration: 45,
          MaximumMarks: 20,
          PassMark: 8,
          course,
          test_category: category,
          faculties: [faculty],
          subjects: [f.polity, f.economy],
        },
      })
    ).documentId;
    await server
      .database()
      .prepare('update tests set attempts = 5 where document_id = ?')
      .run(source);
    for (const n of [1, 2, 3]) {
      await ok('admin', 'POST', '/api/questions', {
        data: {
          question: `Dup ${n}`,
          question_type: 'Descriptive',
          points_correct_answer: n,
          subject: f.polity,
          test: source,
        },
      });
    }
    const res = await call('faculty', 'POST', '/api/duplicate-tests', { testId: source });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.meta.questions, 3);
    const copy = res.json.data;
    assert.equal(copy.TestName, 'Copy of Original');
    assert.notEqual(copy.documentId, source);
    const full = await ok(
      'admin',
      'GET',
      `/api/tests/${copy.documentId}?populate[course]=true&populate[faculties]=true&populate[subjects]=true&populate[test_category]=true`,
    );
    assert.equal(full.Attempts, 0);
    assert.equal(full.TestDuration, 45);
    assert.equal(Number(full.PassMark), 8);
    assert.equal(full.course.documentId, course);
    assert.equal(full.test_category?.documentId ?? null, category);
    assert.deepEqual(
      full.faculties.map((x) => x.documentId),
      [faculty],
    );
    assert.deepEqual(full.subjects.map((x) => x.documentId).sort(), [f.polity, f.economy].sort());
    const copied = await ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId][$eq]=${copy.documentId}&populate=subject&sort=id:asc`,
    );
    assert.deepEqual(
      copied.map((q) => q.question),
      ['Dup 1', 'Dup 2', 'Dup 3'],
    );
    assert.equal(copied[0].subject.documentId, f.polity);
    assert.equal(await questionsOf(source), 3);
  });

  test('one transaction: a failing question leaves no copy', async () => {
    const source = (await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Broken' } }))
      .documentId;
    const q = await ok('admin', 'POST', '/api/questions', {
      data: {
        question: 'Fine',
        question_type: 'Descriptive',
        points_correct_answer: 1,
        test: source,
      },
    });
    // A legacy row the rules would refuse (written behind the API's back).
    server
      .database()
      .prepare('update questions set points_correct_answer = null where document_id = ?')
      .run(q.documentId);
    const before = await total('/api/tests');
    const res = await call('admin', 'POST', '/api/duplicate-tests', { testId: source });
    expectError(res, 400, 'Points Correct is missing.');
    assert.equal(await total('/api/tests'), before);
  });

  test('400 without testId, 404 for an unknown test, 403 for a learner', async () => {
    expectError(await call('admin', 'POST', '/api/duplicate-tests', {}), 400);
    expectError(await call('admin', 'POST', '/api/duplicate-tests', { testId: 'nope' }), 404);
    expectError(await call('student', 'POST', '/api/duplicate-tests', { testId: f.test }), 403);
  });
});

describe('questions-bulk (add from the pool)', () => {
  test('copies the pool questions with every field and subject, in one transaction', async () => {
    const pool = await ok(
      'admin',
      'GET',
      '/api/question-pools?populate=subject&sort=createdAt:desc&pagination[pageSize]=3',
    );
    assert.equal(pool.length, 3);
    const t = (await ok('admin', 'POST', '/api/tests', { data: { TestName: 'Bulk' } })).documentId;
    const res = await call('faculty', 'POST', '/api/questions-bulk', {
      testId: t,
      questionPoolIds: pool.map((q) => q.documentId),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.meta.created, 3);
    assert.equal(res.json.data.length, 3);
    const stored = await ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId][$eq]=${t}&populate=subject&sort=id:asc`,
    );
    assert.deepEqual(
      stored.map((q) => [q.question, q.correct_answer, q.subject?.documentId ?? null]),
      pool.map((q) => [q.question, q.correct_answer, q.subject?.documentId ?? null]),
    );
    const onAssignment = await call('admin', 'POST', '/api/questions-bulk', {
      assignmentId: f.assignment,
      questionPoolIds: [pool[0].documentId],
    });
    assert.equal(onAssignment.status, 200, onAssignment.text);
  });

  test('unknown ids are listed; bad bodies are 400; nothing written', async () => {
    const before = await total('/api/questions');
    const [one] = await ok('admin', 'GET', '/api/question-pools?pagination[pageSize]=1');
    const res = await call('admin', 'POST', '/api/questions-bulk', {
      testId: f.test,
      questionPoolIds: [one.documentId, 'ghost1', 'ghost2'],
    });
    expectError(res, 400, 'Unknown question-pool ids: ghost1, ghost2.');
    assert.deepEqual(res.json.error.details.unknownIds, ['ghost1', 'ghost2']);
    for (const body of [
      { questionPoolIds: [one.documentId] },
      { testId: f.test, assignmentId: f.assignment, questionPoolIds: [one.documentId] },
      { testId: f.test, questionPoolIds: [] },
      { testId: f.test, questionPoolIds: Array.from({ length: 501 }, (_, i) => `x${i}`) },
    ]) {
      expectError(await call('admin', 'POST', '/api/questions-bulk', body), 400);
    }
    expectError(
      await call('admin', 'POST', '/api/questions-bulk', {
        testId: 'ghost',
        questionPoolIds: [one.documentId],
      }),
      404,
    );
    assert.equal(await total('/api/questions'), before);
  });
});

describe('notify-faculties', () => {
  test('one notification per faculty of the test with an account; default and own message', async () => {
    const faculty = users.faculty.faculty.documentId;
    const noAccount = (
      await ok('admin', 'POST', '/api/faculties', { data: { FacultyName: 'No account' } })
    ).documentId;
    const t = (
      await ok('admin', 'POST', '/api/tests', {
        data: { TestName: 'Notify me', faculties: [faculty, noAccount] },
      })
    ).documentId;
    // Each user reads their own notifications only (issue 20): the faculty member reads them.
    const mine = () =>
      ok('faculty', 'GET', '/api/notifications?sort=id:desc&pagination[pageSize]=5');
    const res = await call('faculty', 'POST', '/api/notify-faculties', { payload: {}, testId: t });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { data: { notified: 1 } });
    const [first] = await mine();
    assert.equal(first.message, 'You have been assigned the test "Notify me".');
    assert.equal(first.kind, 'test-assigned');
    assert.equal(first.link, `/testcorner/${t}`);
    await ok('admin', 'POST', '/api/notify-faculties', {
      payload: { message: '  Please review  ' },
      testId: t,
    });
    assert.equal((await mine())[0].message, 'Please review');
    expectError(
      await call('admin', 'POST', '/api/notify-faculties', {
        payload: { message: 'x'.repeat(501) },
        testId: t,
      }),
      400,
      'A message is at most 500 characters.',
    );
    expectError(
      await call('admin', 'POST', '/api/notify-faculties', { payload: {}, testId: 'x' }),
      404,
    );
    expectError(
      await call('student', 'POST', '/api/notify-faculties', { payload: {}, testId: t }),
      403,
    );
  });
});

describe('sub-categories', () => {
  test('deleting a (second-level) sub-category unlinks its tests from the course', async () => {
    const course = (
      await ok('admin', 'POST', '/api/courses', { data: { course_name: 'Sub course' } })
    ).documentId;
    const sub = (
      await ok('admin', 'POST', '/api/test-sub-categories', { data: { TestSubCategory: 'Gone' } })
    ).documentId;
    const sub2 = (
      await ok('admin', 'POST', '/api/test-sub-category-2s', {
        data: { test_sub_category_2: 'Gone 2', type: 'test', test_sub_category: sub },
      })
    ).documentId;
    const make = async (name, data) =>
      (await ok('admin', 'POST', '/api/tests', { data: { TestName: name, course, ...data } }))
        .documentId;
    const bySub = await make('By sub', { test_sub_category: sub });
    const bySub2 = await make('By sub 2', { test_sub_category_2: sub2 });
    const other = await make('Other', {});
    const testsOf = async () =>
      (await ok('admin', 'GET', `/api/courses/${course}?populate=tests`)).tests
        .map((x) => x.documentId)
        .sort();
    assert.deepEqual(await testsOf(), [bySub, bySub2, other].sort());

    const listed = await ok(
      'faculty',
      'GET',
      `/api/test-sub-category-2s?filters[test_sub_category][documentId][$eq]=${sub}&populate=test_sub_category&sort=createdAt:desc`,
    );
    assert.deepEqual(
      listed.map((x) => x.documentId),
      [sub2],
    );
    assert.equal(listed[0].test_sub_category.documentId, sub);

    const del2 = await call('faculty', 'DELETE', `/api/test-sub-category-2s/${sub2}`);
    assert.equal(del2.status, 204, del2.text);
    assert.deepEqual(await testsOf(), [bySub, other].sort());
    const del = await call('admin', 'DELETE', `/api/test-sub-categories/${sub}`);
    assert.equal(del.status, 204, del.text);
    assert.deepEqual(await testsOf(), [other]);
    assert.equal((await ok('admin', 'GET', `/api/tests/${bySub}`)).TestName, 'By sub');

    expectError(await call('admin', 'DELETE', `/api/test-sub-categories/${sub}`), 404);
    expectError(await call('admin', 'DELETE', '/api/test-sub-category-2s/nope'), 404);
    expectError(await call('student', 'DELETE', `/api/test-sub-categories/${sub}`), 403);
  });
});

describe('staff searches the SPA makes', () => {
  test('pool search, test list by category, questions of a test', async () => {
    const q = 'rajya';
    const search =
      `/api/question-pools?filters[$or][0][question][$containsi]=${q}` +
      ['option_a', 'option_b', 'option_c', 'option_d', 'question_type']
        .map((field, i) => `&filters[$or][${i + 1}][${field}][$containsi]=${q}`)
        .join('') +
      `&filters[$or][6][subject][SubjectName][$containsi]=${q}` +
      '&populate=subject&sort=createdAt:desc&pagination[page]=1&pagination[pageSize]=25';
    const found = await call('faculty', 'GET', search);
    assert.equal(found.status, 200, found.text);
    assert.ok(found.json.data.length >= 1);
    assert.ok(found.json.data.every((x) => /rajya/i.test(JSON.stringify(x))));
    const bySubject = await ok(
      'faculty',
      'GET',
      '/api/question-pools?filters[$or][0][question][$containsi]=economy&filters[$or][1][subject][SubjectName][$containsi]=economy&populate=subject&pagination[pageSize]=100',
    );
    assert.ok(bySubject.length >= 6);

    const prelims = (
      await ok('admin', 'GET', '/api/tests?populate=*&pagination[pageSize]=100')
    ).find((t) => t.TestName === 'Prelims Mock Test 1');
    const list = await call(
      'faculty',
      'GET',
      `/api/tests?filters[test_category][documentId][$eq]=${prelims.test_category.documentId}` +
        `&filters[test_sub_category][documentId][$eq]=${prelims.test_sub_category.documentId}` +
        '&populate[test_category]=true&populate[test_sub_category]=true&populate[test_sub_category_2]=true&populate[course]=true' +
        '&sort=createdAt:desc&pagination[page]=1&pagination[pageSize]=25',
    );
    assert.equal(list.status, 200, list.text);
    assert.ok(list.json.data.some((t) => t.documentId === prelims.documentId));
    const questions = await call(
      'faculty',
      'GET',
      `/api/questions?filters[test][documentId][$eq]=${prelims.documentId}&populate=subject&sort=id:asc&pagination[pageSize]=100`,
    );
    assert.equal(questions.status, 200, questions.text);
    assert.equal(questions.json.data.length, 5);
    assert.equal(typeof questions.json.data[0].correct_answer, 'string');
  });

  test('the demo pool: about a dozen MCQs over the two demo subjects, 2 / -0.5', async () => {
    const pool = await ok(
      'admin',
      'GET',
      '/api/question-pools?filters[explanation][$notNull]=true&filters[subject][SubjectName][$in][0]=Indian Polity&filters[subject][SubjectName][$in][1]=Indian Economy&populate=subject&pagination[pageSize]=100',
    );
    const seeded = pool.filter(
      (q) => Number(q.points_correct_answer) === 2 && Number(q.points_incorrect_answer) === -0.5,
    );
    assert.ok(seeded.length >= 12, `${seeded.length}`);
  });
});
