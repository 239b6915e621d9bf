// Sections with their own timers (issue 23): a test may be split into sections (by subject), each
// with its own time, in a fixed order (a closed section cannot be reopened) or free order (tabs).
// The server's clock decides: a save for a closed section, a section whose time is over or one
// not opened yet is refused and stores nothing; a section's end moves the attempt on by itself
// (computed when the attempt is next looked at); a resume is in the right section with the right
// clocks; extra time extends every section; a test without sections is unchanged.
// "Time passing" is written into the attempt's row (its section end moved into the past), as the
// server's clock would find it later; the browser journey waits for a real section end.
// One boot on SQLite, then (with TEST_DATABASE_URL) the same cases on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeOnPostgres } from './helpers/postgres.mjs';
import { asRoles } from './helpers/roles.mjs';
import { mcq } from './helpers/fixtures.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

let server;
/** Runs one SQL statement on the server's database (`?` placeholders). */
let sql = async () => undefined;
const { tokens, users, call, ok, signIn: signInAs } = asRoles(() => server);
const minute = 60_000;

const start = async (role, testId) => {
  const res = await call(role, 'POST', '/api/test/prelims/initialize', { testId });
  assert.ok(res.status === 200 || res.status === 201, res.text.slice(0, 400));
  return res.json.data;
};

const signIn = () => signInAs(EXAM_ROLES);

let subjectCount = 0;
const makeSubject = async (name) => {
  subjectCount += 1;
  const s = await ok('admin', 'POST', '/api/subjects', {
    data: { SubjectName: `${name} ${subjectCount}` },
  });
  return s;
};

/**
 * A test of 30 minutes with two questions of subject P then two of subject C; `sections` (a
 * function of the two subject names) and the other fields as given.
 */
const makeTest = async (name, sections, data = {}) => {
  const p = await makeSubject(`${name} P`);
  const c = await makeSubject(`${name} C`);
  const test = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestName: name,
      TestDuration: 30,
      MaximumMarks: 4,
      students: [users.A.student.documentId, users.B.student.documentId],
      sections: sections ? sections(p.SubjectName, c.SubjectName) : null,
      ...data,
    },
  });
  for (const [i, subject] of [p, p, c, c].entries()) {
    await ok('admin', 'POST', '/api/questions', {
      data: mcq(`${name} Q${i}?`, { test: test.documentId, subject: subject.documentId }),
    });
  }
  return { id: test.documentId, p: p.SubjectName, c: c.SubjectName };
};

const twoSections = (first, second) => (p, c) => [
  { name: 'Physics', minutes: first, subjects: [p] },
  { name: 'Chemistry', minutes: second, subjects: [c] },
];

/** The answer documentId of the question with this text. */
const answerOf = (data, text) => {
  const q = data.questions.find((x) => x.question === text);
  assert.ok(q, `question ${text} delivered`);
  return data.answers.find((a) => a.question === q.documentId).documentId;
};

const save = (role, answerId, letter, revision = 1) =>
  call(role, 'PUT', `/api/answers/${answerId}`, { data: { selected_answer: letter, revision } });

const read = (role, attemptId) => ok(role, 'GET', `/api/test/prelims/attempts/${attemptId}`);

const move = (role, attemptId, section) =>
  call(role, 'POST', '/api/test/prelims/section', { attemptId, section });

/** Moves the current section's end (and with it what the clock finds) `ms` into the past. */
const endSectionAgo = (attemptId, ms) =>
  sql('UPDATE attempts SET section_ends_at = ? WHERE document_id = ?', [
    new Date(Date.now() - ms),
    attemptId,
  ]);

const storedChoice = async (answerId) =>
  (await sql('SELECT selected_answer FROM answers WHERE document_id = ?', [answerId]))[0]
    ?.selected_answer ?? null;

const sectionCases = (prefix) => {
  test('a test without sections is unchanged: no section, every question, no section field', async () => {
    const t = await makeTest(`${prefix} none`, null);
    const a = await start('A', t.id);
    assert.equal(a.sections, null);
    assert.equal(a.questions.length, 4);
    assert.ok(a.questions.every((q) => !('section' in q)));
    assert.ok(a.answers.every((x) => !('section' in x)));
    assert.equal((await save('A', answerOf(a, `${prefix} none Q3?`), 'a')).status, 200);
  });

  test('the section field is checked (400 naming it) and publishing checks the fit', async () => {
    const bad = await call('admin', 'POST', '/api/tests', {
      data: { TestName: `${prefix} bad`, sections: [{ name: 'X', minutes: 0, subjects: [] }] },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.json.error.message, /sections\[0\]\.minutes/);
    const t = await makeTest(
      `${prefix} fit`,
      (p) => [{ name: 'Physics', minutes: 20, subjects: [p] }],
      {
        status: 'draft',
        ValidFrom: new Date(Date.now() - minute),
        ValidTo: new Date(Date.now() + 60 * minute),
      },
    );
    const refused = await call('admin', 'POST', `/api/tests/${t.id}/publish`);
    assert.equal(refused.status, 400, refused.text);
    assert.match(
      refused.json.error.message,
      /section minutes adding up to the duration \(20 ≠ 30\)/,
    );
    assert.match(refused.json.error.message, new RegExp(`none lists ${t.c}`));
    await ok('admin', 'PUT', `/api/tests/${t.id}`, {
      data: { sections: twoSections(10, 20)(t.p, t.c) },
    });
    await ok('admin', 'POST', `/api/tests/${t.id}/publish`);
  });

  test('fixed order: later questions not sent, a closed section is refused, resume in the right section', async () => {
    const name = `${prefix} fixed`;
    const t = await makeTest(name, twoSections(10, 20), { sections_fixed_order: true });
    const a = await start('A', t.id);
    const id = a.attempt.documentId;
    assert.equal(a.sections.fixedOrder, true);
    assert.equal(a.sections.current, 0);
    assert.deepEqual(
      a.sections.list.map((s) => [s.name, s.minutes, s.state]),
      [
        ['Physics', 10, 'current'],
        ['Chemistry', 20, 'upcoming'],
      ],
    );
    // Section 2's questions (and their answers) are not sent before it opens.
    assert.deepEqual(
      a.questions.map((q) => [q.question, q.section]),
      [
        [`${name} Q0?`, 0],
        [`${name} Q1?`, 0],
      ],
    );
    assert.equal(a.answers.length, 2);
    const q0 = answerOf(a, `${name} Q0?`);
    assert.equal((await save('A', q0, 'a')).status, 200);
    // Skipping ahead or a bad section number: refused.
    assert.equal((await move('A', id, 5)).status, 400);
    assert.equal((await move('A', id, 'x')).status, 400);
    // Someone else cannot move this attempt.
    assert.equal((await move('B', id, 1)).status, 404);
    const moved = await move('A', id, 1);
    assert.equal(moved.status, 200, moved.text);
    const b = moved.json.data;
    assert.equal(b.sections.current, 1);
    assert.deepEqual(
      b.sections.list.map((s) => s.state),
      ['closed', 'current'],
    );
    // The move answers the open section's part only: its questions and answers, no key, no test
    // (the player keeps the closed section it already has).
    assert.deepEqual(
      b.questions.map((q) => [q.question, q.section]),
      [
        [`${name} Q2?`, 1],
        [`${name} Q3?`, 1],
      ],
    );
    assert.deepEqual(
      b.answers.map((x) => x.section),
      [1, 1],
    );
    assert.equal('test' in b, false);
    for (const q of b.questions) {
      assert.equal('correct_answer' in q, false);
      assert.equal('explanation' in q, false);
    }
    // The same part through Strapi's stack (another origin) as in front of it (fast-calls.ts).
    const viaStrapi = await server.request('POST', '/api/test/prelims/section', {
      token: tokens.A,
      headers: { origin: 'http://localhost:5173' },
      body: { attemptId: id, section: 1 },
    });
    assert.equal(viaStrapi.status, 200, viaStrapi.text);
    assert.match(viaStrapi.headers.get('x-powered-by') ?? '', /Strapi/);
    assert.equal(moved.headers.get('x-powered-by'), null);
    const strip = (data) => ({ ...data, serverTime: undefined, sections: undefined });
    assert.deepEqual(strip(viaStrapi.json.data), strip(b));
    // Closing section 1 early gives up its time: the attempt now ends ~20 min from the move.
    const left = new Date(b.attempt.expires_at).getTime() - Date.now();
    assert.ok(left > 19 * minute && left <= 20 * minute + 2000, String(left));
    // A save for the closed section is refused and stores nothing.
    const late = await save('A', q0, 'b', 2);
    assert.equal(late.status, 409, late.text);
    assert.match(late.json.error.message, /closed section cannot be reopened/);
    assert.equal(await storedChoice(q0), 'a');
    const back = await move('A', id, 0);
    assert.equal(back.status, 409);
    assert.match(back.json.error.message, /cannot be reopened/);
    // Section 2's answers are accepted.
    assert.equal((await save('A', answerOf(b, `${name} Q2?`), 'a')).status, 200);
    // A resume (a second start, a read) is in section 2 with the same clock.
    const again = await start('A', t.id);
    assert.equal(again.resumed, true);
    assert.equal(again.sections.current, 1);
    assert.equal(again.sections.currentEndsAt, b.sections.currentEndsAt);
    assert.equal((await read('A', id)).sections.current, 1);
    // The result counts what was saved in time: Q0 and Q2 right.
    const done = await ok('A', 'POST', '/api/test/prelims/submit', { attemptId: id });
    assert.equal(done.result.total_marks, 2);
    // The review says which section each answer was in, and when each section opened and closed.
    const review = await ok('admin', 'GET', `/api/test/prelims/results/${done.result.documentId}`);
    assert.deepEqual(
      review.questions.map((q) => [q.question, q.section]),
      [
        [`${name} Q0?`, 0],
        [`${name} Q1?`, 0],
        [`${name} Q2?`, 1],
        [`${name} Q3?`, 1],
      ],
    );
    assert.deepEqual(
      review.attempt.sections.map((s) => [s.name, s.minutes, s.opened !== null, s.closed !== null]),
      [
        ['Physics', 10, true, true],
        ['Chemistry', 20, true, false],
      ],
    );
  });

  test('the server ends a section by its clock: the next opens at that end, late saves refused', async () => {
    const name = `${prefix} clock`;
    // Shuffled too: the part of a move keeps the whole read's order and option order.
    const t = await makeTest(name, twoSections(10, 20), {
      sections_fixed_order: true,
      shuffle_questions: true,
      shuffle_options: true,
    });
    const a = await start('B', t.id);
    const id = a.attempt.documentId;
    const q0 = answerOf(a, `${name} Q0?`);
    const q1 = answerOf(a, `${name} Q1?`);
    // Two seconds after the section's end a save still counts (the grace of every save).
    await endSectionAgo(id, 2000);
    assert.equal((await save('B', q0, 'a')).status, 200);
    // Past the grace: refused, nothing stored, and the attempt has moved to section 2.
    await endSectionAgo(id, 10_000);
    const late = await save('B', q1, 'a');
    assert.equal(late.status, 409, late.text);
    assert.match(late.json.error.message, /section is closed/);
    assert.equal(await storedChoice(q1), null);
    // The player's question at a section's end (no section: no move by the learner) gets the
    // part of the section the clock opened.
    const followed = await move('B', id);
    assert.equal(followed.status, 200, followed.text);
    assert.equal(followed.json.data.sections.current, 1);
    assert.deepEqual(followed.json.data.questions.map((q) => [q.question, q.section]).sort(), [
      [`${name} Q2?`, 1],
      [`${name} Q3?`, 1],
    ]);
    assert.ok(followed.json.data.questions.every((q) => Array.isArray(q.option_order)));
    const now = await read('B', id);
    assert.equal(now.sections.current, 1);
    assert.equal(now.questions.length, 4);
    // The part is the whole read's section 2, in the same order with the same answers.
    assert.deepEqual(
      followed.json.data.questions,
      now.questions.filter((q) => q.section === 1),
    );
    assert.deepEqual(
      followed.json.data.answers,
      now.answers.filter((x) => x.section === 1),
    );
    // Section 2 opened when section 1 ended (not when the read noticed): 20 min from then.
    const ends = new Date(now.sections.currentEndsAt).getTime();
    const expected = Date.now() - 10_000 + 20 * minute;
    assert.ok(Math.abs(ends - expected) < 3000, `${ends} vs ${expected}`);
    assert.equal(await storedChoice(q0), 'a');
  });

  test('free order: tabs keep their own unused time; only the open tab takes answers', async () => {
    const name = `${prefix} free`;
    const t = await makeTest(name, twoSections(10, 20));
    const a = await start('A', t.id);
    const id = a.attempt.documentId;
    assert.equal(a.sections.fixedOrder, false);
    assert.deepEqual(
      a.sections.list.map((s) => s.state),
      ['current', 'available'],
    );
    assert.equal(a.questions.length, 4); // free order: every tab is readable
    const q2 = answerOf(a, `${name} Q2?`);
    const refused = await save('A', q2, 'a');
    assert.equal(refused.status, 409);
    assert.match(refused.json.error.message, /switch to its tab/);
    const b = (await move('A', id, 1)).json.data;
    assert.equal(b.sections.current, 1);
    // Free order: the part is the tab opened (the player has every tab since the start).
    assert.deepEqual(
      b.questions.map((q) => q.question),
      [`${name} Q2?`, `${name} Q3?`],
    );
    assert.equal((await save('A', q2, 'a')).status, 200);
    const c = (await move('A', id, 0)).json.data;
    assert.equal(c.sections.current, 0);
    // Section 1 kept (almost all of) its 10 minutes; section 2 shows its unused time.
    const [first, second] = c.sections.list;
    assert.ok(first.leftSeconds > 590 && first.leftSeconds <= 600, String(first.leftSeconds));
    assert.equal(second.state, 'available');
    assert.ok(second.leftSeconds > 1190 && second.leftSeconds <= 1200, String(second.leftSeconds));
    // Section 1's time runs out: the attempt moves to section 2 by itself; section 1 is closed.
    await endSectionAgo(id, 10_000);
    const d = await read('A', id);
    assert.equal(d.sections.current, 1);
    assert.equal(d.sections.list[0].state, 'closed');
    assert.equal((await move('A', id, 0)).status, 409);
  });

  test('extra time extends every section in proportion', async () => {
    const t = await makeTest(`${prefix} extra`, twoSections(10, 20), {
      sections_fixed_order: true,
    });
    await ok('admin', 'POST', `/api/tests/${t.id}/accommodations`, {
      data: { student: users.B.student.documentId, extra_percent: 50 },
    });
    const b = await start('B', t.id);
    assert.deepEqual(
      b.sections.list.map((s) => s.minutes),
      [15, 30],
    );
    const ends = new Date(b.sections.currentEndsAt).getTime();
    const started = new Date(b.attempt.start_date_time).getTime();
    assert.equal(ends - started, 15 * minute);
    const a = await start('A', t.id);
    assert.deepEqual(
      a.sections.list.map((s) => s.minutes),
      [10, 20],
    );
  });

  test('the section plan and cursor are not readable through REST (private attributes)', async () => {
    const t = await makeTest(`${prefix} private`, twoSections(10, 20));
    const a = await start('A', t.id);
    const res = await call('A', 'GET', `/api/attempts/${a.attempt.documentId}`);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.doesNotMatch(res.text, /section_plan|section_index|section_ends_at/);
  });
};

describe('sections (SQLite)', () => {
  before(async () => {
    server = await startServer();
    sql = async (text, params) => {
      const statement = server.database().prepare(text);
      const bound = params.map((p) => (p instanceof Date ? p.getTime() : p));
      return statement.reader ? statement.all(...bound) : (statement.run(...bound), []);
    };
    await signIn();
  });

  after(async () => {
    await server?.stop();
    server = null;
  });

  sectionCases('Sections');
});

describeOnPostgres(
  'sections (PostgreSQL)',
  async (db) => {
    server = await startServer({ databaseUrl: db.url });
    sql = async (text, params) => {
      let n = 0;
      const r = await db.query(
        text.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      );
      return r.rows;
    };
    await signIn();
    return server;
  },
  () => sectionCases('PG sections'),
);
