// Question files in Moodle XML, GIFT and Aiken (issue 26): the preview (counts by type, skipped
// questions with their line and reason, duplicates), the one-transaction commit, duplicates left
// out unless asked, export → import round trips per format, HTML and scripts never stored as
// markup, bad files refused with a 400 that writes nothing, and the exports' refusals. The
// fixture files in tests/fixtures/question-files are hand-written real-world samples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEMO, startServer } from './helpers/server.mjs';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'question-files');
const fixture = (name) => readFileSync(join(FIXTURES, name));

let server;
const tokens = {};
const f = {};

const call = (role, method, path, body) =>
  server.request(method, path, { token: tokens[role], body });

const ok = async (role, method, path, body) => {
  const res = await call(role, method, path, body);
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text.slice(0, 400)}`);
  return res.json?.data ?? res.json;
};

const postForm = (role, path, fields = {}, file = null) =>
  server.request('POST', path, {
    token: tokens[role],
    form: { fields, files: file ? [[file.bytes, file.name]] : [] },
  });

const download = async (role, path) => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    headers: tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {},
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
};

const FIELDS = [
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'correct_answer',
  'points_correct_answer',
  'points_incorrect_answer',
  'question_type',
  'explanation',
  // Issue 26: a numeric key's tolerance or range and its unit.
  'answer_tolerance',
  'answer_min',
  'answer_max',
  'answer_unit',
];

/** A test's questions as comparable plain objects, in id order. */
const questionsOf = async (testId) => {
  const list = await ok(
    'admin',
    'GET',
    `/api/questions?filters[test][documentId][$eq]=${testId}&populate=subject&sort=id:asc&pagination[pageSize]=100`,
  );
  return list.map((q) => ({
    ...Object.fromEntries(FIELDS.map((k) => [k, q[k] ?? null])),
    points_correct_answer: Number(q.points_correct_answer),
    points_incorrect_answer: Number(q.points_incorrect_answer ?? 0),
    answer_tolerance: q.answer_tolerance == null ? null : Number(q.answer_tolerance),
    answer_min: q.answer_min == null ? null : Number(q.answer_min),
    answer_max: q.answer_max == null ? null : Number(q.answer_max),
    subject: q.subject?.SubjectName ?? null,
  }));
};

const poolTotal = async () => {
  const res = await call('admin', 'GET', '/api/question-pools?pagination[pageSize]=1');
  return res.json.meta.pagination.total;
};

const newTest = async (name) =>
  (await ok('admin', 'POST', '/api/tests', { data: { TestName: name } })).documentId;

const addQuestion = (testId, data) =>
  ok('admin', 'POST', '/api/questions', { data: { ...data, test: testId } });

const expectError = (res, status, message) => {
  assert.equal(res.status, status, res.text.slice(0, 400));
  assert.equal(res.json?.data, null);
  if (message !== undefined) assert.match(res.json.error.message, message);
};

before(async () => {
  server = await startServer();
  for (const [role, key] of [
    ['admin', 'admin'],
    ['faculty', 'faculty'],
    ['student', 'student1'],
  ]) {
    const res = await server.request('POST', '/api/login', {
      body: { email: DEMO[key].email, password: DEMO[key].password },
    });
    assert.equal(res.status, 200, res.text);
    tokens[role] = res.json.jwt;
  }
  const subjects = await ok('admin', 'GET', '/api/subjects?pagination[pageSize]=100');
  f.polity = subjects.find((s) => s.SubjectName === 'Indian Polity').documentId;
});

after(async () => {
  await server?.stop();
});

describe('importing question files', () => {
  test('Moodle XML: the preview counts, skips with line and reason, and writes nothing', async () => {
    const before = await poolTotal();
    const res = await postForm(
      'admin',
      '/api/questionPool-import',
      { preview: 'true' },
      { bytes: fixture('moodle-sample.xml'), name: 'bank.xml' },
    );
    assert.equal(res.status, 200, res.text);
    const p = res.json;
    assert.equal(p.preview, true);
    assert.equal(p.format, 'moodle');
    // Issue 26: several right answers and true/false are imported now.
    // Issue 26 (question images): the diagram's embedded PNG comes along now.
    assert.deepEqual(p.counts, { MCQ: 3, Multiple: 1, TrueFalse: 1, Descriptive: 1 });
    assert.deepEqual(p.skippedCounts, {
      multichoice: 1,
      calculated: 1,
      shortanswer: 1,
      description: 1,
    });
    const reasonAt = (row) => p.skippedRows.find((s) => s.row === row)?.reasons.join(' ');
    assert.match(reasonAt(94), /5 answers/);
    assert.match(reasonAt(114), /'calculated'/);
    const diagram = p.rows.find((r) => r.row === 121);
    assert.match(diagram.question, /Which state is shaded\?\s*\[image: map\]/);
    assert.ok(diagram.notes.includes('Images are stored with the question'));
    const several = p.rows.find((r) => r.row === 83);
    assert.equal(several.question_type, 'Multiple');
    assert.equal(several.correct_answer, 'a,b');
    assert.deepEqual([several.points_correct_answer, several.points_incorrect_answer], [1, -0.5]);
    const tf = p.rows.find((r) => r.row === 106);
    assert.deepEqual([tf.question_type, tf.correct_answer], ['TrueFalse', 'true']);
    const [first, second, essay] = p.rows.filter((r) => ![83, 106, 121].includes(r.row));
    assert.equal(first.row, 16);
    assert.equal(
      first.question,
      'Which article of the Constitution guarantees equality before law?',
    );
    assert.equal(first.option_b, 'Article 14');
    assert.equal(first.correct_answer, 'b');
    assert.equal(first.subject, 'Indian Polity');
    assert.equal(first.explanation, 'Articles 14–18 & the right to equality.');
    assert.ok(first.notes.includes('Answer feedback is not kept'));
    assert.deepEqual([second.points_correct_answer, second.points_incorrect_answer], [4, -1]);
    assert.equal(essay.question_type, 'Descriptive');
    assert.equal(essay.correct_answer, 'mention the gst council.');
    assert.ok(essay.notes.some((n) => /Category 'Mains papers' is not a subject/.test(n)));
    assert.equal(await poolTotal(), before);
  });

  test('GIFT: comments, categories, escapes; skipped types and a syntax error with its line; commit in one go, duplicates left out', async () => {
    const testId = await newTest('GIFT target');
    const file = { bytes: fixture('gift-sample.gift'), name: 'bank.gift' };
    const preview = await postForm(
      'admin',
      '/api/questions-import',
      { testId, preview: 'true' },
      file,
    );
    assert.equal(preview.status, 200, preview.text);
    // Issue 26: true/false, numeric and several right answers are imported now.
    assert.deepEqual(preview.json.counts, {
      MCQ: 3,
      TrueFalse: 1,
      Numeric: 1,
      Multiple: 1,
      Descriptive: 1,
    });
    const rowOf = (type) => preview.json.rows.find((r) => r.question_type === type);
    assert.equal(rowOf('TrueFalse').correct_answer, 'true');
    assert.equal(rowOf('Numeric').correct_answer, '1950');
    assert.equal(rowOf('Multiple').correct_answer, 'a,b');
    const syntax = preview.json.skippedRows.find((s) => s.type === 'GIFT');
    assert.equal(syntax.row, 40);
    assert.match(syntax.reasons[0], /GIFT syntax error on line 43/);
    for (const type of ['Matching']) {
      assert.ok(
        preview.json.skippedRows.some((s) => s.type === type),
        type,
      );
    }
    assert.deepEqual(await questionsOf(testId), []);

    const done = await postForm('admin', '/api/questions-import', { testId }, file);
    assert.equal(done.status, 200, done.text);
    assert.equal(done.json.createdQuestions.length, 7);
    const stored = await questionsOf(testId);
    assert.equal(stored[0].question, 'Which article guarantees equality before law {Part III}?');
    assert.equal(stored[0].subject, 'Indian Polity');
    assert.equal(stored[1].question, 'Who presides over the Lok Sabha: the house of the people?');
    assert.deepEqual([stored[1].points_correct_answer, stored[1].points_incorrect_answer], [4, -1]);
    assert.equal(stored[2].question, 'Which is a directive principle?');
    assert.deepEqual(
      stored.slice(3, 6).map((q) => [q.question_type, q.correct_answer]),
      [
        ['TrueFalse', 'true'],
        ['Numeric', '1950'],
        ['Multiple', 'a,b'],
      ],
    );

    // The same file again: every question is a duplicate of one in the test.
    const again = await postForm(
      'admin',
      '/api/questions-import',
      { testId, preview: 'true' },
      file,
    );
    assert.equal(again.json.acceptedCount, 0);
    assert.equal(again.json.duplicateRows.length, 7);
    assert.match(again.json.duplicateRows[0].reason, /already in this test/);
    const refused = await postForm('admin', '/api/questions-import', { testId }, file);
    expectError(refused, 400, /duplicate/);
    assert.equal(refused.json.error.details.duplicateRows.length, 7);
    assert.equal((await questionsOf(testId)).length, 7);
    const forced = await postForm(
      'admin',
      '/api/questions-import',
      { testId, duplicates: 'import' },
      file,
    );
    assert.equal(forced.status, 200, forced.text);
    assert.equal(forced.json.createdQuestions.length, 7);
    assert.equal((await questionsOf(testId)).length, 14);
  });

  test('Aiken: A. and A) styles, bad questions with their line, duplicates inside the file', async () => {
    const text = `${fixture('aiken-sample.txt').toString()}\nWho presides over the Lok Sabha?\nA. The President\nB. The Vice-President\nC. The Speaker\nD. The Prime Minister\nANSWER: C\n`;
    const assignmentId = (
      await ok('admin', 'POST', '/api/assignments', { data: { assignment_name: 'Aiken target' } })
    ).documentId;
    const res = await postForm(
      'admin',
      '/api/assignmentQuestions-import',
      { assignmentId },
      { bytes: Buffer.from(text), name: 'aiken.txt' },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.format, 'aiken');
    assert.equal(res.json.createdQuestions.length, 3);
    assert.deepEqual(
      res.json.skippedRows.map((s) => s.row),
      [15, 21, 28],
    );
    assert.match(res.json.skippedRows[0].reasons[0], /3 options/);
    assert.match(res.json.skippedRows[1].reasons[0], /Line 26: ANSWER 'E'/);
    assert.match(res.json.skippedRows[2].reasons[0], /No ANSWER/);
    assert.deepEqual(
      res.json.duplicateRows.map((d) => d.row),
      [41],
    );
    assert.match(res.json.duplicateRows[0].reason, /row 8 of this file/);
  });

  test('scripts and HTML never reach the stored text', async () => {
    const testId = await newTest('HTML target');
    const xml = `<?xml version="1.0"?><quiz><question type="multichoice"><questiontext format="html"><text><![CDATA[<p onclick="x()">Safe <a href="javascript:alert(1)">link</a><script>alert(2)</script><span onmouseover="alert(3)">!</span></p>]]></text></questiontext><single>true</single><answer fraction="100"><text>&lt;b&gt;a&lt;/b&gt;</text></answer><answer fraction="0"><text>b</text></answer><answer fraction="0"><text>c</text></answer><answer fraction="0"><text>d</text></answer></question><question type="essay"><questiontext format="html"><text><![CDATA[<b>Bold</b> <script>alert(4)</script>text]]></text></questiontext></question></quiz>`;
    const res = await postForm(
      'admin',
      '/api/questions-import',
      { testId },
      { bytes: Buffer.from(xml), name: 'x.xml' },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.createdQuestions.length, 2);
    const [choice, essay] = await questionsOf(testId);
    assert.equal(choice.question, 'Safe link!');
    assert.equal(choice.option_a, 'a');
    assert.equal(essay.question, 'Bold text');
    assert.doesNotMatch(JSON.stringify([choice, essay]), /<|alert|onmouseover|javascript/);
  });

  test('bad files are a clear 400 that writes nothing', async () => {
    const before = await poolTotal();
    const cases = [
      ['<quiz><question type="essay"></quiz>', 'a.xml', /not well formed \(line 1\)/],
      [
        '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaa">]><quiz>&a;</quiz>',
        'a.xml',
        /DOCTYPE/,
      ],
      [Buffer.from([0x51, 0xff, 0xfe, 0x7b, 0x7d]), 'a.gift', /not UTF-8/],
      ['just some words\nwith no questions', 'a.txt', /not a question file/],
      ['::Bad:: never closes {=a ~b', 'a.gift', /every row has errors/],
      ['Q?\nA. 1\nB. 2\n', 'a.txt', /every row has errors|not a question file/],
      ['<quiz></quiz>', 'a.xml', /every row has errors/],
    ];
    for (const [content, name, message] of cases) {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      expectError(
        await postForm('admin', '/api/questionPool-import', {}, { bytes, name }),
        400,
        message,
      );
    }
    const many = Array.from(
      { length: 5001 },
      (_, i) => `Q${i}?\nA. a\nB. b\nC. c\nD. d\nANSWER: A\n`,
    ).join('\n');
    expectError(
      await postForm(
        'admin',
        '/api/questionPool-import',
        {},
        { bytes: Buffer.from(many), name: 'm.txt' },
      ),
      400,
      /import at most 5,000/,
    );
    const long = `${'x'.repeat(20_001)}\nA. a\nB. b\nC. c\nD. d\nANSWER: A\n`;
    const res = await postForm(
      'admin',
      '/api/questionPool-import',
      {},
      { bytes: Buffer.from(long), name: 'l.txt' },
    );
    expectError(res, 400);
    assert.match(res.json.error.details.skippedRows[0].reasons.join(' '), /longer than 20,000/);
    assert.equal(await poolTotal(), before);
  });
});

describe('writing a large import (SQLite)', () => {
  test('the rows are written part by part while other requests are answered, and all arrive', async () => {
    const n = 400;
    const aiken = Array.from(
      { length: n },
      (_, i) => `Part write ${i} of ${n}?\nA. a\nB. b\nC. c\nD. d\nANSWER: B\n`,
    ).join('\n');
    const count = () =>
      server.database().prepare('SELECT COUNT(*) AS n FROM question_pools').get().n;
    const before = count();
    let done = false;
    const importing = postForm(
      'admin',
      '/api/questionPool-import',
      {},
      { bytes: Buffer.from(aiken), name: 'parts.txt' },
    ).finally(() => {
      done = true;
    });
    // While the import runs: a request answered when some of its rows, not all, are committed.
    const between = [];
    while (!done) {
      const health = await server.request('GET', '/_health');
      const written = count() - before;
      if (!done && health.status < 300 && written > 0 && written < n) between.push(written);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await importing;
    assert.equal(res.status, 200, res.text.slice(0, 400));
    assert.equal(res.json.createdQuestions.length, n);
    assert.equal(count() - before, n);
    assert.ok(
      between.length > 0,
      'a request was answered between two committed parts (one transaction shows none)',
    );
  });
});

describe('exporting question files', () => {
  const SAMPLE = [
    {
      question: 'What is 2 + 2?\nThink {hard} = #1: ~ // not a comment',
      option_a: '3',
      option_b: '4 & <b>four</b>',
      option_c: 'five',
      option_d: '6',
      correct_answer: 'b',
      points_correct_answer: 4,
      points_incorrect_answer: -1,
      question_type: 'MCQ',
      explanation: 'Because 2 + 2 = 4.',
    },
    {
      question: 'Discuss federalism.',
      points_correct_answer: 10,
      points_incorrect_answer: 0,
      question_type: 'Descriptive',
      explanation: 'Mention the GST Council.',
    },
    {
      question: 'Which river is longest?',
      option_a: 'Ganga',
      option_b: 'Godavari',
      option_c: 'Krishna',
      option_d: 'Yamuna',
      correct_answer: 'a',
      points_correct_answer: 1,
      points_incorrect_answer: 0,
      question_type: 'MCQ',
    },
    // Issue 26: several correct options, true/false, numeric (tolerance and unit; a range).
    {
      question: 'Which are fundamental rights?',
      option_a: 'Equality',
      option_b: 'Property',
      option_c: 'Religion',
      option_d: 'Pension',
      correct_answer: 'a,c',
      points_correct_answer: 4,
      points_incorrect_answer: -2,
      question_type: 'Multiple',
    },
    {
      question: 'The Rajya Sabha can be dissolved.',
      correct_answer: 'false',
      points_correct_answer: 1,
      points_incorrect_answer: -0.5,
      question_type: 'TrueFalse',
      explanation: 'It is a permanent house.',
    },
    {
      question: 'g at the surface of the Earth?',
      correct_answer: '9.8',
      answer_tolerance: 0.05,
      answer_unit: 'm/s²',
      points_correct_answer: 3,
      points_incorrect_answer: 0,
      question_type: 'Numeric',
    },
    {
      question: 'A value between 1.5 and 2.5?',
      answer_min: 1.5,
      answer_max: 2.5,
      points_correct_answer: 2,
      points_incorrect_answer: 0,
      question_type: 'Numeric',
    },
  ];
  /** The SAMPLE numbers (1-based) each format cannot hold, with the reason. */
  const SKIPPED = {
    moodle: [[7, 'A Moodle numerical question holds a value and a tolerance, not a range']],
    gift: [],
    aiken: [
      [2, 'Aiken holds only multiple-choice questions'],
      [4, 'Aiken holds only multiple choice with one correct answer'],
      [5, 'Aiken holds only multiple choice with one correct answer'],
      [6, 'Aiken holds only multiple choice with one correct answer'],
      [7, 'Aiken holds only multiple choice with one correct answer'],
    ],
  };

  for (const format of ['moodle', 'gift', 'aiken']) {
    test(`${format}: export then import gives the same questions`, async () => {
      const source = await newTest(`Round trip ${format}`);
      for (const [i, q] of SAMPLE.entries()) {
        await addQuestion(source, {
          ...q,
          subject: i === 0 && format !== 'aiken' ? f.polity : null,
        });
      }
      const res = await download(
        'admin',
        `/api/questions-export?testId=${source}&format=${format}`,
      );
      assert.equal(res.status, 200, res.text);
      assert.match(
        res.headers.get('content-disposition'),
        /attachment; filename="test-questions\./,
      );
      const skipped = JSON.parse(decodeURIComponent(res.headers.get('x-export-skipped')));
      const left = new Set(SKIPPED[format].map(([n]) => n - 1));
      const expected = (await questionsOf(source)).filter((q, i) => !left.has(i));
      assert.deepEqual(
        skipped.map((s) => [s.number, s.reason]),
        SKIPPED[format],
      );
      if (format === 'aiken') {
        assert.match(decodeURIComponent(res.headers.get('x-export-notes')), /no points/);
      }
      const target = await newTest(`Round trip ${format} back`);
      const ext = { moodle: 'xml', gift: 'gift', aiken: 'txt' }[format];
      const back = await postForm(
        'admin',
        '/api/questions-import',
        { testId: target },
        {
          bytes: Buffer.from(res.text),
          name: `export.${ext}`,
        },
      );
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(back.json.skippedRows, []);
      const got = await questionsOf(target);
      if (format === 'aiken') {
        // What Aiken cannot hold comes back as its defaults (told in the export's notes).
        const [one, three] = expected;
        assert.deepEqual(got, [
          { ...one, points_correct_answer: 1, points_incorrect_answer: 0, explanation: null },
          three,
        ]);
      } else {
        assert.deepEqual(got, expected);
      }
    });
  }

  test('the pool export follows the search; bad formats and hidden tests are refused', async () => {
    await ok('admin', 'POST', '/api/question-pools', {
      data: {
        question: 'Pool export zebra question?',
        option_a: 'a',
        option_b: 'b',
        option_c: 'c',
        option_d: 'd',
        correct_answer: 'c',
        points_correct_answer: 1,
      },
    });
    const res = await download('faculty', '/api/questionPool-export?format=gift&search=zebra');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('x-export-count'), '1');
    assert.match(res.text, /Pool export zebra question\?/);
    assert.match(res.text, /=c/);
    const bad = await download('admin', '/api/questionPool-export?format=qti');
    assert.equal(bad.status, 400);
    assert.match(JSON.parse(bad.text).error.message, /moodle, gift, aiken/);
    const none = await download(
      'admin',
      '/api/questionPool-export?format=gift&search=nothing-matches-this',
    );
    assert.equal(none.status, 400);
    const unknown = await download(
      'admin',
      '/api/questions-export?testId=unknown-test&format=gift',
    );
    assert.equal(unknown.status, 404);
    for (const role of ['student', 'none']) {
      const denied = await download(role, '/api/questionPool-export?format=gift');
      assert.ok([401, 403].includes(denied.status), `${role}: ${denied.status}`);
      assert.doesNotMatch(denied.text, /zebra/);
    }
  });
});
