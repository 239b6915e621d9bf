// Issue 27 (allocation): an administrator allocates a subject's scripts by hand, evenly and by
// batch, re-allocating until the script is being marked; once a subject is allocated a faculty
// member reads and marks only the scripts allocated to them (the Mains script, evaluations, REST,
// GraphQL), nothing changing on a refusal; moderation keeps a second marker's marks apart; the
// release check shows the distribution and flags moderation differences above the margin, and
// publishing with an open flag needs confirmFlags. Without allocations today's rules stand (the
// other Mains test files). The core also on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { DEMO } from './helpers/server.mjs';
import { harness } from './helpers/mains.mjs';

const ALLOC = '/api/mains/allocations';

/** Arjun (Indian Economy) also teaches Indian Polity: two faculty members for one subject. */
const secondPolityMarker = async (h) => {
  const faculties = await h.ok('admin', 'GET', '/api/faculties?populate=subjects');
  const arjun = faculties.find((x) => x.faculty_email_id === DEMO.faculty2.email);
  const priya = faculties.find((x) => x.faculty_email_id === DEMO.faculty.email);
  h.f.arjun = arjun.documentId;
  h.f.priya = priya.documentId;
  await h.ok('admin', 'PUT', `/api/faculties/${arjun.documentId}`, {
    data: { subjects: [h.f.polity, h.f.economy] },
  });
};

const evaluationsOf = async (h, resultId) =>
  (await h.ok('admin', 'GET', `/api/mains/scripts/${resultId}`)).evaluations;

/** The allocation scope, both databases. */
const scopeScenario = async (h) => {
  const { f } = h;
  const board = await h.ok('admin', 'GET', `${ALLOC}?kind=test&documentId=${f.test}`);
  const polity = board.subjects.find((s) => s.subject.documentId === f.polity);
  assert.equal(polity.allocated, false, 'nothing allocated yet');
  assert.deepEqual(polity.faculty.map((x) => x.documentId).sort(), [f.arjun, f.priya].sort());

  // By hand: A's Polity to Arjun. Priya (Polity only) now reads and marks only her scripts.
  const manual = await h.ok('admin', 'POST', ALLOC, {
    kind: 'test',
    documentId: f.test,
    subjectId: f.polity,
    mode: 'manual',
    resultIds: [f.resultA],
    facultyIds: [f.arjun],
  });
  assert.equal(manual.allocated, 1);
  await h.refused(h.call('priya', 'GET', `/api/mains/scripts/${f.resultA}`), 404);
  await h.refused(
    h.call('priya', 'POST', '/api/mains/evaluations', { resultId: f.resultA, subjectId: f.polity }),
    403,
  );
  assert.deepEqual(await evaluationsOf(h, f.resultA), [], 'a refusal creates nothing');
  await h.refused(h.call('priya', 'GET', `/api/results/${f.resultA}`), 404);
  const listed = await h.ok('priya', 'GET', '/api/results?pagination[pageSize]=100');
  assert.ok(!listed.some((r) => r.documentId === f.resultA), 'REST list hides it');
  const graph = await h.call('priya', 'POST', '/api/graphql', {
    query: `{ results(pagination: { limit: 100 }) { documentId } answers(pagination: { limit: 100 }) { documentId } }`,
  });
  assert.equal(graph.status, 200, graph.text);
  assert.ok(!graph.json.data.results.some((r) => r.documentId === f.resultA), 'GraphQL hides it');
  const works = await h.ok('priya', 'GET', `/api/mains/results?kind=test&documentId=${f.test}`);
  assert.ok(!works.rows.some((r) => r.result?.documentId === f.resultA));

  // Arjun reads A and marks its Polity; B's Polity is not his (allocated subject, not to him).
  const scriptA = await h.ok('arjun', 'GET', `/api/mains/scripts/${f.resultA}`);
  assert.deepEqual(scriptA.canEvaluate.sort(), [f.economy, f.polity].sort());
  const scriptB = await h.ok('arjun', 'GET', `/api/mains/scripts/${f.resultB}`);
  assert.deepEqual(scriptB.canEvaluate, [f.economy], 'Economy is not allocated: today’s rule');
  await h.refused(
    h.call('arjun', 'POST', '/api/mains/evaluations', { resultId: f.resultB, subjectId: f.polity }),
    403,
  );
  f.evalA = await h.start('arjun', f.resultA, f.polity);

  // Evenly: the unallocated B goes to whoever has fewest (Priya).
  const even = await h.ok('admin', 'POST', ALLOC, {
    kind: 'test',
    documentId: f.test,
    subjectId: f.polity,
    mode: 'even',
  });
  assert.equal(even.allocated, 1);
  const after = even.subjects.find((s) => s.subject.documentId === f.polity);
  assert.deepEqual(
    after.scripts.map((s) => [s.resultId, s.marker?.documentId]).sort(),
    [
      [f.resultA, f.arjun],
      [f.resultB, f.priya],
    ].sort(),
  );
  // The board counts per faculty member: allocated and not started, in progress, done.
  const board2 = await h.ok('admin', 'GET', `/api/mains/progress?kind=test&documentId=${f.test}`);
  const rows = board2.subjects.find((s) => s.subject.documentId === f.polity).faculty;
  assert.equal(rows.find((r) => r.faculty.documentId === f.priya).waiting, 1);
  assert.equal(rows.find((r) => r.faculty.documentId === f.arjun).inProgress, 1);
  const priyaWorks = await h.ok('priya', 'GET', '/api/mains/works?kind=test');
  assert.equal(priyaWorks.find((w) => w.documentId === f.test).submitted, 1, 'her scripts only');
  await h.ok('priya', 'GET', `/api/mains/scripts/${f.resultB}`);
  await h.refused(h.call('priya', 'GET', `/api/mains/scripts/${f.resultA}`), 404);
  const queue = await h.ok('priya', 'GET', `/api/mains/progress?kind=test&documentId=${f.test}`);
  assert.deepEqual(
    queue.queue.map((q) => q.resultId),
    [f.resultB],
    'her next script is her allocation',
  );

  // Re-allocating is refused once the script is being marked, and changes nothing.
  await h.refused(
    h.call('admin', 'POST', ALLOC, {
      kind: 'test',
      documentId: f.test,
      subjectId: f.polity,
      mode: 'manual',
      resultIds: [f.resultA],
      facultyIds: [f.priya],
    }),
    409,
  );
  await h.refused(h.call('priya', 'GET', `/api/mains/scripts/${f.resultA}`), 404);
  // Only faculty of the subject, only administrators, valid modes.
  const bad = { kind: 'test', documentId: f.test, subjectId: f.polity };
  await h.refused(h.call('priya', 'POST', ALLOC, { ...bad, mode: 'even' }), 403);
  await h.refused(h.call('A', 'GET', `${ALLOC}?kind=test&documentId=${f.test}`), 403);
  await h.refused(h.call('admin', 'POST', ALLOC, { ...bad, mode: 'random' }), 400);
  await h.refused(
    h.call('admin', 'POST', ALLOC, {
      ...bad,
      subjectId: f.economy,
      mode: 'manual',
      resultIds: [f.resultA],
      facultyIds: [f.priya],
    }),
    400,
    'Allocate only to faculty members who teach this subject.',
  );
};

/** Moderation and the release check, both databases (after scopeScenario). */
const releaseScenario = async (h) => {
  const { f } = h;
  const mod = await h.ok('admin', 'POST', `${ALLOC}/moderation`, {
    kind: 'test',
    documentId: f.test,
    subjectId: f.polity,
    percent: 50,
  });
  assert.equal(mod.moderated, 1);
  const polity = mod.subjects.find((s) => s.subject.documentId === f.polity);
  const moderated = polity.scripts.find((s) => s.moderator);
  assert.notEqual(moderated.moderator.documentId, moderated.marker.documentId);
  const moderator = moderated.moderator.documentId === f.arjun ? 'arjun' : 'priya';
  const marker = moderator === 'arjun' ? 'priya' : 'arjun';
  // The moderator reads the script; others cannot give moderation marks.
  await h.ok(moderator, 'GET', `/api/mains/scripts/${moderated.resultId}`);
  const body = { resultId: moderated.resultId, subjectId: f.polity, marks: 14 };
  await h.refused(h.call(marker, 'PUT', '/api/mains/moderations', body), 404);
  await h.refused(
    h.call(moderator, 'PUT', '/api/mains/moderations', { ...body, marks: 16 }),
    400,
    'Marks must be between 0 and 15.',
  );
  await h.ok(moderator, 'PUT', '/api/mains/moderations', body);
  const seen = await h.ok(moderator, 'GET', `/api/mains/scripts/${moderated.resultId}`);
  assert.deepEqual(
    seen.moderating.map((m) => [m.subject.documentId, m.marks]),
    [[f.polity, 14]],
    'the moderator sees their own moderation on the script',
  );

  // Everything marked: Polity by its markers (moderated script: 5), Economy by Arjun.
  for (const resultId of [f.resultA, f.resultB]) {
    const who = polity.scripts.find((s) => s.resultId === resultId).marker.documentId;
    const role = who === f.arjun ? 'arjun' : 'priya';
    const id = await h.start(role, resultId, f.polity);
    const marks = resultId === moderated.resultId ? [3, 2] : [8, 4];
    await h.ok(role, 'PUT', `/api/mains/evaluations/${id}`, {
      questions: [
        { questionId: f.q1, marks: marks[0] },
        { questionId: f.q2, marks: marks[1] },
      ],
      complete: true,
      confirmTotal: marks[0] + marks[1],
    });
    const e = await h.start('arjun', resultId, f.economy);
    await h.ok('arjun', 'PUT', `/api/mains/evaluations/${e}`, {
      questions: [{ questionId: f.q3, marks: 6 }],
      complete: true,
      confirmTotal: 6,
    });
  }
  // The moderation's marks never reach the result.
  const moderatedScript = await h.ok('admin', 'GET', `/api/mains/scripts/${moderated.resultId}`);
  assert.equal(moderatedScript.result.total_marks, 11);

  const check = await h.ok(
    'admin',
    'GET',
    `/api/mains/release-check?kind=test&documentId=${f.test}`,
  );
  assert.equal(check.complete, 2);
  assert.deepEqual(check.missing, []);
  assert.equal(check.distribution.count, 2);
  assert.equal(check.distribution.mean, 14.5);
  assert.equal(check.distribution.median, 14.5);
  assert.equal(
    check.distribution.bands.reduce((n, b) => n + b.count, 0),
    2,
  );
  assert.equal(check.flags.length, 1, '14 against 5 is more than 1.5 (10 % of 15)');
  assert.equal(check.flags[0].difference, 9);
  assert.equal(check.flags[0].margin, 1.5);
  await h.refused(
    h.call('priya', 'GET', `/api/mains/release-check?kind=test&documentId=${f.test}`),
    403,
  );

  // Publishing with the open flag needs the confirmation; nothing is published without it.
  const ids = [f.resultA, f.resultB];
  await h.refused(
    h.call('admin', 'POST', '/api/result-bulk', { resultIds: ids, is_published: true }),
    409,
  );
  assert.equal(
    (await h.ok('admin', 'GET', `/api/mains/scripts/${f.resultA}`)).result.is_published,
    false,
  );
  // Per question (issue 27): the moderator marks the questions; the total becomes their sum once
  // all are marked, and each question is compared with the marker's (3 and 2 on this script).
  const PUT_MOD = (b) => h.call(moderator, 'PUT', '/api/mains/moderations', { ...body, ...b });
  await h.refused(
    PUT_MOD({ marks: undefined, questions: [{ questionId: f.q1, marks: 11 }] }),
    400,
    'Marks for question 1 must be between 0 and 10.',
  );
  await h.refused(
    PUT_MOD({ marks: undefined, questions: [{ questionId: f.q1, marks: 3.5 }] }),
    400,
    /must be a whole number/,
  );
  await h.refused(
    PUT_MOD({ marks: undefined, questions: [{ questionId: f.q3, marks: 1 }] }),
    400,
    /is not a question of/,
  );
  await h.refused(
    PUT_MOD({ marks: 7, questions: [{ questionId: f.q1, marks: 4 }] }),
    400,
    /the total is their sum/,
  );
  const stillTotal = await h.ok(moderator, 'GET', `/api/mains/scripts/${moderated.resultId}`);
  assert.equal(stillTotal.moderating[0].marks, 14, 'a refused call changes nothing');
  const partial = await h.ok(moderator, 'PUT', '/api/mains/moderations', {
    ...body,
    marks: undefined,
    questions: [{ questionId: f.q1, marks: 4 }],
  });
  assert.equal(partial.marks, null, 'no subject total until every question is marked');
  const partialCheck = await h.ok(
    'admin',
    'GET',
    `/api/mains/release-check?kind=test&documentId=${f.test}`,
  );
  assert.deepEqual(partialCheck.flags, [], 'question 1: 4 against 3 is within 1 (10 % of 10)');
  const full = await h.ok(moderator, 'PUT', '/api/mains/moderations', {
    resultId: moderated.resultId,
    subjectId: f.polity,
    questions: [{ questionId: f.q2, marks: 5 }],
  });
  assert.equal(full.marks, 9);
  assert.deepEqual(
    full.questions.map((q) => [q.question, q.marks]),
    [
      [f.q1, 4],
      [f.q2, 5],
    ],
  );
  await h.refused(PUT_MOD({ marks: 9 }), 400, /marked per question: send questions/);
  const perQuestion = await h.ok(
    'admin',
    'GET',
    `/api/mains/release-check?kind=test&documentId=${f.test}`,
  );
  assert.deepEqual(
    perQuestion.flags.map((x) => [
      x.resultId,
      x.question?.documentId ?? null,
      x.question?.number ?? null,
      x.marks,
      x.moderationMarks,
      x.difference,
      x.margin,
    ]),
    [
      [moderated.resultId, f.q2, 2, 2, 5, 3, 0.5],
      [moderated.resultId, null, null, 5, 9, 4, 1.5],
    ],
    'question 2 (5 against 2, margin 10 % of 5) and the subject total (9 against 5)',
  );
  assert.ok(
    perQuestion.flags.every((x) => x.student),
    'each flag names the script’s learner',
  );
  await h.refused(
    h.call('admin', 'POST', '/api/result-bulk', {
      resultIds: [f.resultA, f.resultB],
      is_published: true,
    }),
    409,
  );
  // A wider margin set on the test clears the flag.
  await h.ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { moderation_margin: 10 } });
  const wider = await h.ok(
    'admin',
    'GET',
    `/api/mains/release-check?kind=test&documentId=${f.test}`,
  );
  assert.equal(wider.flags.length, 0);
  await h.ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { moderation_margin: null } });
  const published = await h.ok('admin', 'POST', '/api/result-bulk', {
    resultIds: ids,
    is_published: true,
    confirmFlags: true,
  });
  assert.deepEqual(published.updated.sort(), ids.sort());
};

describe('allocation, moderation and the release check (SQLite)', () => {
  const h = harness();
  h.setUp(async () => {
    await h.makeScripts('Allocated Mains');
    await secondPolityMarker(h);
  });

  test('a faculty member reads and marks only the scripts allocated to them', async () => {
    await scopeScenario(h);
  });

  test('moderation stays apart; the release check flags differences; publish confirms', async () => {
    await releaseScenario(h);
  });

  test('by batch: a batch’s scripts go to one faculty member', async () => {
    await h.makeScripts('Allocated by batch');
    const res = await h.ok('admin', 'POST', ALLOC, {
      kind: 'test',
      documentId: h.f.test,
      subjectId: h.f.polity,
      mode: 'batch',
      batchId: h.f.batch,
      facultyIds: [h.f.arjun],
    });
    assert.equal(res.allocated, 2);
    await h.refused(h.call('priya', 'GET', `/api/mains/scripts/${h.f.resultA}`), 404);
    await h.ok('arjun', 'GET', `/api/mains/scripts/${h.f.resultB}`);
    await h.refused(
      h.call('admin', 'POST', ALLOC, {
        kind: 'test',
        documentId: h.f.test,
        subjectId: h.f.polity,
        mode: 'batch',
        facultyIds: [h.f.arjun],
      }),
      400,
      'Name a batch (batchId).',
    );
  });

  test('clear: scripts not yet started lose their marker; started ones keep it', async () => {
    // (After the batch test: A and B of "Allocated by batch" are Arjun's, neither started.)
    const { f } = h;
    f.evalBatchA = await h.start('arjun', f.resultA, f.polity);
    const clear = { kind: 'test', documentId: f.test, subjectId: f.polity, mode: 'clear' };
    await h.refused(h.call('priya', 'POST', ALLOC, clear), 403);
    await h.refused(h.call('A', 'POST', ALLOC, clear), 403);
    await h.refused(
      h.call('admin', 'POST', ALLOC, { ...clear, resultIds: [f.resultA] }),
      409,
      /already being marked/,
    );
    const markers = (answer) =>
      answer.subjects
        .find((s) => s.subject.documentId === f.polity)
        .scripts.map((s) => [s.resultId, s.marker?.documentId ?? null])
        .sort();
    const before = await h.ok('admin', 'GET', `${ALLOC}?kind=test&documentId=${f.test}`);
    assert.deepEqual(
      markers(before),
      [
        [f.resultA, f.arjun],
        [f.resultB, f.arjun],
      ].sort(),
      'refusals changed nothing',
    );
    const cleared = await h.ok('admin', 'POST', ALLOC, clear);
    assert.equal(cleared.cleared, 1);
    assert.deepEqual(
      markers(cleared),
      [
        [f.resultA, f.arjun],
        [f.resultB, null],
      ].sort(),
    );
    // The subject is still allocated (A): B is nobody's until it is allocated again.
    await h.refused(
      h.call('arjun', 'POST', '/api/mains/evaluations', {
        resultId: f.resultB,
        subjectId: f.polity,
      }),
      403,
    );
    assert.equal((await h.ok('admin', 'POST', ALLOC, clear)).cleared, 0, 'nothing left to clear');
    const again = await h.ok('admin', 'POST', ALLOC, { ...clear, mode: 'even' });
    assert.equal(again.allocated, 1);
  });
});

describe('allocation and release on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  const h = harness();
  h.setUp(
    async () => {
      await h.makeScripts('Allocated Mains PG');
      await secondPolityMarker(h);
    },
    { postgres: true },
  );

  test('scope, moderation and the release check', async () => {
    await scopeScenario(h);
    await releaseScenario(h);
  });
});
