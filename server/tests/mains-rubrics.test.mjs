// Issue 27 (rubrics): a descriptive question may carry a rubric (criteria with levels and marks),
// checked on every write (limits, top levels summing to the question's points, descriptive only,
// nothing changed on a refusal); faculty mark such a question by choosing one level per criterion
// and the server computes the mark (a typed mark that disagrees is refused); the rubric is staff
// data (REST, GraphQL, populate, the script) and learners see the levels they reached only after
// publication. The core also on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { PDF, harness as mainsHarness } from './helpers/mains.mjs';

const RUBRIC = {
  criteria: [
    {
      name: 'Content',
      levels: [
        { label: 'Weak', marks: 0 },
        { label: 'Fair', marks: 3 },
        { label: 'Good', marks: 6 },
      ],
    },
    {
      name: 'Structure',
      levels: [
        { label: 'Poor', marks: 0 },
        { label: 'Clear', marks: 4 },
      ],
    },
  ],
};

const harness = () => {
  const h = mainsHarness();
  h.question = (data) =>
    h.call('admin', 'POST', '/api/questions', {
      data: {
        question: 'Discuss.',
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject: h.f.polity,
        test: h.f.test,
        ...data,
      },
    });
  /** A Mains test of Polity: q1 (10, with the rubric) and q2 (5, typed marks); A submits. */
  h.makeScript = async (name) => {
    const created = await h.ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 60,
        MaximumMarks: 15,
        batch: h.f.batch,
        subjects: [h.f.polity],
        ValidFrom: new Date(Date.now() - 86_400_000).toISOString(),
        ValidTo: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    h.f.test = created.documentId;
    const q1 = await h.question({ rubric: RUBRIC });
    assert.equal(q1.status, 201, q1.text);
    h.f.q1 = q1.json.data.documentId;
    const q2 = await h.question({ points_correct_answer: 5 });
    assert.equal(q2.status, 201, q2.text);
    assert.equal(q2.json.data.rubric, null, 'a question without a rubric stays as before');
    h.f.q2 = q2.json.data.documentId;
    const started = await h.ok('A', 'POST', '/api/mains/start', {
      kind: 'test',
      documentId: created.documentId,
    });
    const res = await h.upload('A', started.answers[0].documentId, [
      [PDF, 'answer.pdf', 'application/pdf'],
    ]);
    assert.equal(res.status, 200, res.text);
    const submitted = await h.ok('A', 'POST', '/api/mains/submit', {
      attemptId: started.attempt.documentId,
    });
    h.f.result = submitted.result.documentId;
    h.f.eval = (
      await h.ok('priya', 'POST', '/api/mains/evaluations', {
        resultId: h.f.result,
        subjectId: h.f.polity,
      })
    ).documentId;
  };
  h.put = (body) => h.call('priya', 'PUT', `/api/mains/evaluations/${h.f.eval}`, body);
  return h;
};

/** Marks from levels, refusals, completion: the rules both databases keep. */
const markingScenario = async (h) => {
  const { f } = h;
  const script = await h.ok('priya', 'GET', `/api/mains/scripts/${f.result}`);
  assert.deepEqual(script.questions.find((q) => q.documentId === f.q1).rubric, RUBRIC);
  await h.refused(
    h.put({ questions: [{ questionId: f.q1, marks: 10 }] }),
    400,
    /Question 1 is marked with its rubric: its marks are the chosen levels' sum \(none chosen yet\)/,
  );
  await h.refused(
    h.put({ questions: [{ questionId: f.q1, levels: [2] }] }),
    400,
    /list of 2 level/,
  );
  await h.refused(
    h.put({ questions: [{ questionId: f.q1, levels: [3, 0] }] }),
    400,
    /criterion 1 \(Content\): choose a level from 0 to 2/,
  );
  await h.refused(h.put({ questions: [{ questionId: f.q2, levels: [0] }] }), 400, /has no rubric/);
  const partial = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
    questions: [{ questionId: f.q1, levels: [1, null] }],
  });
  assert.equal(partial.questions[0].marks, null, 'no mark until every criterion has a level');
  const marked = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
    questions: [{ questionId: f.q1, levels: [2, 1], comment: 'Well argued.' }],
  });
  assert.equal(marked.questions[0].marks, 10, 'Good (6) + Clear (4)');
  assert.equal(marked.total_marks, 10);
  assert.deepEqual(marked.questions[0].levels, [2, 1]);
  await h.refused(
    h.put({ questions: [{ questionId: f.q1, levels: [1, 1], marks: 10 }] }),
    400,
    /chosen levels' sum \(7\)/,
  );
  const agreed = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
    questions: [
      { questionId: f.q1, levels: [1, 1], marks: 7 },
      { questionId: f.q2, marks: 4 },
    ],
  });
  assert.equal(agreed.total_marks, 11, 'Fair (3) + Clear (4) + 4 typed');
  assert.equal(agreed.questions[0].comment, 'Well argued.', 'the comment stays');
  await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.eval}`, {
    complete: true,
    confirmTotal: 11,
  });
  await h.refused(
    h.put({ questions: [{ questionId: f.q1, levels: [2, 1] }] }),
    409,
    /completed: an administrator can reopen it/,
  );
};

describe('rubrics (SQLite)', () => {
  const h = harness();
  const { f } = h;
  h.setUp(async () => {
    await h.makeScript('Rubric marking');
  });

  test('a rubric is checked on every write; a refusal changes nothing', async () => {
    const cases = [
      [
        { rubric: { criteria: [{ name: 'A', levels: [{ label: 'x', marks: 8 }] }] } },
        /add up to 8 but the question is worth 10/,
      ],
      [
        {
          question_type: 'MCQ',
          option_a: 'a',
          option_b: 'b',
          option_c: 'c',
          option_d: 'd',
          correct_answer: 'a',
          rubric: RUBRIC,
        },
        /Only descriptive questions take a rubric/,
      ],
      [
        {
          rubric: {
            criteria: Array.from({ length: 11 }, (_, i) => ({
              name: `C${i}`,
              levels: [{ label: 'x', marks: 1 }],
            })),
          },
        },
        /1 to 10 criteria/,
      ],
      [
        {
          rubric: {
            criteria: [
              { name: 'A', levels: Array.from({ length: 7 }, () => ({ label: 'x', marks: 1 })) },
            ],
          },
        },
        /criterion 1 needs 1 to 6 levels/,
      ],
      [
        { rubric: { criteria: [{ name: 'n'.repeat(201), levels: [{ label: 'x', marks: 10 }] }] } },
        /name is longer than 200 characters/,
      ],
      [
        {
          rubric: {
            criteria: [
              {
                name: 'A',
                levels: [
                  { label: 'x', marks: -1 },
                  { label: 'y', marks: 10 },
                ],
              },
            ],
          },
        },
        /level 1's marks must be a number, 0 or more/,
      ],
      [
        { rubric: { criteria: [{ name: ' ', levels: [{ label: '', marks: 10 }] }] } },
        /criterion 1 has no name.*level 1 has no label/,
      ],
    ];
    for (const [data, message] of cases) {
      await h.refused(h.question(data), 400, message);
    }
    const questions = await h.ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId]=${f.test}`,
    );
    assert.equal(questions.length, 2, 'no refused question was created');
    // Changing the points alone would leave the rubric wrong: refused, nothing changed.
    await h.refused(
      h.call('admin', 'PUT', `/api/questions/${f.q1}`, { data: { points_correct_answer: 12 } }),
      400,
      /add up to 10 but the question is worth 12/,
    );
    const q1 = await h.ok('admin', 'GET', `/api/questions/${f.q1}`);
    assert.equal(Number(q1.points_correct_answer), 10);
    assert.deepEqual(q1.rubric, RUBRIC);
    // Both together are fine; then back.
    const bigger = structuredClone(RUBRIC);
    bigger.criteria[1].levels.push({ label: 'Excellent', marks: 6 });
    await h.ok('admin', 'PUT', `/api/questions/${f.q1}`, {
      data: { points_correct_answer: 12, rubric: bigger },
    });
    await h.ok('admin', 'PUT', `/api/questions/${f.q1}`, {
      data: { points_correct_answer: 10, rubric: RUBRIC },
    });
    // A copy of the test keeps the rubric with its question.
    const copied = await h.call('admin', 'POST', '/api/duplicate-tests', { testId: f.test });
    assert.equal(copied.status, 201, copied.text);
    const copies = await h.ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId]=${copied.json.data.documentId}&sort=id:asc`,
    );
    assert.deepEqual(
      copies.map((q) => q.rubric),
      [RUBRIC, null],
    );
  });

  test('learners never read a rubric (REST, populate, GraphQL, the script)', async () => {
    const list = await h.ok('A', 'GET', `/api/questions?filters[test][documentId]=${f.test}`);
    assert.equal(list.length, 2);
    list.forEach((q) => assert.ok(!('rubric' in q) || q.rubric === null, 'REST list'));
    const one = await h.ok(
      'A',
      'GET',
      `/api/questions/${f.q1}?fields[0]=rubric&fields[1]=question`,
    );
    assert.ok(!('rubric' in one) || one.rubric === null, 'REST by id');
    await h.refused(h.call('A', 'GET', '/api/questions?filters[rubric][$notNull]=true'), 400);
    const graph = await h.call('A', 'POST', '/api/graphql', {
      query: `query($t: ID!) { questions(filters: { test: { documentId: { eq: $t } } }) { documentId rubric } }`,
      variables: { t: f.test },
    });
    assert.equal(graph.status, 200, graph.text);
    assert.equal(graph.json.data.questions.length, 2);
    graph.json.data.questions.forEach((q) => assert.equal(q.rubric, null, 'GraphQL'));
    const answers = await h.ok('A', 'GET', '/api/answers?populate[question]=true');
    const populated = answers.filter((x) => x.question?.documentId === f.q1);
    assert.ok(populated.length > 0, 'the Mains answer of q1 is populated');
    populated.forEach((x) => assert.ok(!('rubric' in x.question) || x.question.rubric === null));
    const script = await h.ok('A', 'GET', `/api/mains/scripts/${f.result}`);
    script.questions.forEach((q) => assert.ok(!('rubric' in q), 'the learner script'));
    const staff = await h.ok('priya', 'GET', `/api/questions/${f.q1}`);
    assert.deepEqual(staff.rubric, RUBRIC, 'staff read it');
  });

  test('marks come from the chosen levels; a disagreeing typed mark is refused', async () => {
    await markingScenario(h);
  });

  test('learners see the levels they reached only after publication', async () => {
    const before = await h.ok('A', 'GET', '/api/mains/my-work?kind=test');
    assert.deepEqual(before.find((w) => w.documentId === f.test).evaluations, []);
    assert.deepEqual((await h.ok('A', 'GET', `/api/mains/scripts/${f.result}`)).evaluations, []);
    const published = await h.ok('admin', 'POST', '/api/result-bulk', {
      resultIds: [f.result],
      is_published: true,
    });
    assert.deepEqual(published.updated, [f.result]);
    const items = await h.ok('A', 'GET', '/api/mains/my-work?kind=test');
    const [polity] = items.find((w) => w.documentId === f.test).evaluations;
    assert.deepEqual(polity.questions[0].rubric, [
      { criterion: 'Content', level: 'Fair', marks: 3 },
      { criterion: 'Structure', level: 'Clear', marks: 4 },
    ]);
    assert.equal(polity.questions[0].marks, 7);
    assert.equal(polity.questions[1].rubric, undefined, 'a typed mark has no levels');
    const script = await h.ok('A', 'GET', `/api/mains/scripts/${f.result}`);
    assert.equal(script.evaluations[0].questions[0].rubric[0].level, 'Fair');
  });
});

describe('rubrics (PostgreSQL)', { skip: skipWithoutPostgres }, () => {
  const h = harness();
  h.setUp(
    async () => {
      await h.makeScript('Rubric marking (PG)');
    },
    { postgres: true },
  );

  test('the rubric is stored (jsonb), marks come from levels, refusals', async () => {
    const q1 = await h.ok('admin', 'GET', `/api/questions/${h.f.q1}`);
    assert.deepEqual(q1.rubric, RUBRIC);
    await markingScenario(h);
  });
});
