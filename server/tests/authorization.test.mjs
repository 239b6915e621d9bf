// The authorization matrix (design rule 1): for each caller (no header, the default visitor token,
// student A, student B, faculty, administrator) and each endpoint family, allowed calls succeed
// and the others are refused with Strapi's error shape. Then the row- and field-level rules:
// another learner's records, the answer key, invisible courses, GraphQL, registration, the
// restricted course list. One boot of the real server for the whole file.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, startServer } from './helpers/server.mjs';

const ANSWER_KEY = [
  'correct_answer',
  'explanation',
  'points_correct_answer',
  'points_incorrect_answer',
  // Issue 27: a question's rubric is staff data too.
  'rubric',
  // Issue 26: a numeric question's tolerance or range is its key.
  'answer_tolerance',
  'answer_min',
  'answer_max',
];
const ROLES = ['none', 'visitor', 'studentA', 'studentB', 'faculty', 'admin'];
const DENIED = [401, 403, 404];

let server;
/** role → bearer token (none: no header). */
const tokens = {};
/** role → the login answer's user. */
const users = {};
/** Fixture document ids, filled in before(). */
const f = {};

const call = (role, method, path, body) =>
  server.request(method, path, { token: tokens[role], body });

const asAdmin = async (method, path, body) => {
  const res = await call('admin', method, path, body);
  assert.ok(
    res.status < 300,
    `${method} ${path} as admin: ${res.status} ${res.text.slice(0, 300)}`,
  );
  return res.json?.data ?? res.json;
};

const asRole = async (role, method, path, body) => {
  const res = await call(role, method, path, body);
  assert.ok(
    res.status < 300,
    `${method} ${path} as ${role}: ${res.status} ${res.text.slice(0, 300)}`,
  );
  return res.json?.data ?? res.json;
};

const gql = (role, query, variables) =>
  server.request('POST', '/api/graphql', { token: tokens[role], body: { query, variables } });

const assertStrapiError = (res, allowed, label) => {
  assert.ok(
    allowed.includes(res.status),
    `${label}: expected ${allowed}, got ${res.status} ${res.text.slice(0, 300)}`,
  );
  assert.equal(res.json?.data, null, `${label}: data is null`);
  assert.equal(res.json?.error?.status, res.status, `${label}: error.status`);
  assert.equal(typeof res.json?.error?.name, 'string', `${label}: error.name`);
  assert.equal(typeof res.json?.error?.message, 'string', `${label}: error.message`);
};

const login = async (account) => {
  const res = await server.request('POST', '/api/login', {
    body: { email: account.email, password: account.password },
  });
  assert.equal(res.status, 200, res.text);
  return res.json;
};

before(async () => {
  server = await startServer();
  console.log(`server booted in ${(server.bootMs / 1000).toFixed(1)} s (compile + start)`);
  tokens.none = undefined;
  tokens.visitor = server.env.VITE_DEFAULT_API_TOKEN;
  for (const [role, key] of [
    ['studentA', 'student1'],
    ['studentB', 'student2'],
    ['faculty', 'faculty'],
    ['admin', 'admin'],
  ]) {
    const { jwt, user } = await login(DEMO[key]);
    tokens[role] = jwt;
    users[role] = user;
  }
  const studentA = users.studentA.student.documentId;
  const facultyDoc = users.faculty.faculty.documentId;

  // The demo institute: one non-public course whose batch holds A and B, a public course.
  const courses = await asAdmin('GET', '/api/courses?pagination[pageSize]=100');
  f.courseDemo = courses.find((c) => c.course_name === 'Civil Services Foundation').documentId;
  f.courseOpen = courses.find((c) => c.is_public).documentId;
  const tests = await asAdmin('GET', '/api/tests?pagination[pageSize]=100');
  f.testPrelims = tests.find((t) => t.TestName === 'Prelims Mock Test 1').documentId;
  f.testMains = tests.find((t) => t.TestName === 'Mains Answer Writing 1').documentId;
  const subjects = await asAdmin('GET', '/api/subjects');
  f.subject = subjects[0].documentId;

  // Visible to A only: a batch with A, a course linked to A, a test of that batch (in a course
  // nobody else sees), an assignment linked to A. Invisible to both learners: a hidden course and
  // its unlinked test.
  f.batchA = (
    await asAdmin('POST', '/api/batches', { data: { Batch: 'A only', students: [studentA] } })
  ).documentId;
  f.courseHidden = (
    await asAdmin('POST', '/api/courses', {
      data: { course_name: 'Hidden course', is_public: false },
    })
  ).documentId;
  f.topicX = (
    await asAdmin('POST', '/api/topics', { data: { topic_name: 'Topic X', subject: f.subject } })
  ).documentId;
  f.topicOther = (
    await asAdmin('POST', '/api/topics', { data: { topic_name: 'Topic other' } })
  ).documentId;
  f.contentHidden = (
    await asAdmin('POST', '/api/course-contents', {
      data: { course: f.courseHidden, subject: f.subject, topic: f.topicX },
    })
  ).documentId;
  f.courseA = (
    await asAdmin('POST', '/api/courses', {
      data: { course_name: 'Course of A', students: [studentA] },
    })
  ).documentId;
  f.testA = (
    await asAdmin('POST', '/api/tests', {
      data: {
        TestName: 'Test of batch A',
        TestDuration: 60,
        course: f.courseHidden,
        batch: f.batchA,
        faculties: [facultyDoc],
        subjects: [f.subject],
      },
    })
  ).documentId;
  f.testHidden = (
    await asAdmin('POST', '/api/tests', {
      data: { TestName: 'Hidden test', course: f.courseHidden },
    })
  ).documentId;
  // Issue 23: drafts linked to A (invisible to A until published; incomplete, so publish is 400).
  f.testDraft = (
    await asAdmin('POST', '/api/tests', {
      data: { TestName: 'Draft of A', course: f.courseA, students: [studentA], status: 'draft' },
    })
  ).documentId;
  f.assignmentDraft = (
    await asAdmin('POST', '/api/assignments', {
      data: { assignment_name: 'Draft of A', students: [studentA], status: 'draft' },
    })
  ).documentId;
  f.assignmentA = (
    await asAdmin('POST', '/api/assignments', {
      data: { assignment_name: 'Assignment of A', course: f.courseHidden, students: [studentA] },
    })
  ).documentId;
  const question = (n, test) => ({
    data: {
      question: `Question ${n}?`,
      option_a: 'yes',
      option_b: 'no',
      option_c: 'maybe',
      option_d: 'never',
      correct_answer: 'a',
      explanation: `Because ${n}.`,
      points_correct_answer: 2,
      points_incorrect_answer: -1,
      question_type: 'MCQ',
      test,
    },
  });
  f.qA1 = (await asAdmin('POST', '/api/questions', question(1, f.testA))).documentId;
  f.qA2 = (await asAdmin('POST', '/api/questions', question(2, f.testA))).documentId;
  f.qA3 = (await asAdmin('POST', '/api/questions', question(3, f.testA))).documentId;
  f.qHidden = (await asAdmin('POST', '/api/questions', question(4, f.testHidden))).documentId;
  const prelimsQuestions = await asAdmin(
    'GET',
    `/api/questions?filters[test][documentId]=${f.testPrelims}`,
  );
  f.qPrelims = prelimsQuestions[0].documentId;
  f.poolQuestion = (
    await asAdmin('POST', '/api/question-pools', {
      data: { question: 'Pool fixture?', question_type: 'Descriptive', points_correct_answer: 1 },
    })
  ).documentId;

  // A sits the batch test (the exam flow makes the attempt and its answers; the result here is an
  // administrator's fixture, so the attempt stays open). B sits the demo Prelims test (practice).
  const startA = await asRole('studentA', 'POST', '/api/test/prelims/initialize', {
    testId: f.testA,
  });
  f.attemptA = startA.attempt.documentId;
  f.answerA = startA.answers.find((a) => a.question === f.qA1).documentId;
  await asRole('studentA', 'PUT', `/api/answers/${f.answerA}`, {
    data: { selected_answer: 'b', revision: 1 },
  });
  f.resultA = (
    await asAdmin('POST', '/api/results', {
      data: {
        attempt: f.attemptA,
        answers: [f.answerA],
        student: studentA,
        test: f.testA,
      },
    })
  ).documentId;
  const startB = await asRole('studentB', 'POST', '/api/test/prelims/initialize', {
    testId: f.testPrelims,
    mode: 'practice',
  });
  f.attemptB = startB.attempt.documentId;
  f.answerB = startB.answers[0].documentId;
  // Saved once, so its row exists (issue 25: a question's row is written at its first save).
  await asRole('studentB', 'PUT', `/api/answers/${f.answerB}`, {
    data: { selected_answer: 'a', revision: 1 },
  });
  f.attemptToDelete = (
    await asAdmin('POST', '/api/attempts', {
      data: { test: f.testPrelims, student: users.studentB.student.documentId },
    })
  ).documentId;
  // A practised the Prelims test once (an ended attempt with its result) and practises again.
  const practised = await asRole('studentA', 'POST', '/api/test/prelims/initialize', {
    testId: f.testPrelims,
    mode: 'practice',
  });
  f.resultPractice = (
    await asRole('studentA', 'POST', '/api/test/prelims/submit', {
      attemptId: practised.attempt.documentId,
    })
  ).result.documentId;
  const practice = await asRole('studentA', 'POST', '/api/test/prelims/initialize', {
    testId: f.testPrelims,
    mode: 'practice',
  });
  f.attemptPractice = practice.attempt.documentId;
  f.answerPractice = practice.answers[0].documentId;
  f.evaluationA = (
    await asRole('faculty', 'POST', '/api/evaluations', {
      data: { answer: f.answerA, subject: f.subject, start_date_time: new Date().toISOString() },
    })
  ).documentId;
  // A starts the demo Mains test (issue 8): an open Mains attempt with its answers.
  const mainsA = await asRole('studentA', 'POST', '/api/mains/start', {
    kind: 'test',
    documentId: f.testMains,
  });
  f.mainsAttemptA = mainsA.attempt.documentId;
  f.mainsAnswerA = mainsA.answers[0].documentId;
  await asAdmin('POST', '/api/notifications', {
    data: { message: 'For A', to_user: users.studentA.id },
  });
  f.notificationA = (await asRole('studentA', 'GET', '/api/top-notifications'))[0].documentId;
  f.logA = (
    await asRole('studentA', 'POST', '/api/logs', { data: { browser: 'test' } })
  ).documentId;
  // A live class of A's batch (issue 21), in two days: outside its join window.
  f.classA = (
    await asAdmin('POST', '/api/classes', {
      data: {
        name: 'Class of A',
        date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        provider: 'zoom',
        meeting_number: '123456789',
        passcode: 'matrix-pw',
        batches: [f.batchA],
      },
    })
  ).documentId;
});

after(async () => {
  await server?.stop();
});

const ok = (status) => ({ studentA: status, studentB: status, faculty: status, admin: status });
const staff = (status) => ({ faculty: status, admin: status });
const every = (status) => Object.fromEntries(ROLES.map((role) => [role, status]));
/** One GraphQL query of `count` aliases, each listing tests of courses of tests. */
const manyAliases = (count) =>
  `{ ${Array.from(
    { length: count },
    (_, i) =>
      `a${i}: courses { tests(pagination: { limit: 10000 }) { course { tests { TestName } } } }`,
  ).join(' ')} }`;

/**
 * The matrix: [method, path (or role → path), body (or role → body), expected statuses by role].
 * A role not listed must be refused (401/403/404) with Strapi's error shape.
 */
const MATRIX = [
  // Catalogue: every signed-in role reads (learners through their scope); staff write.
  ['GET', '/api/courses', null, ok(200)],
  ['GET', () => `/api/courses/${f.courseDemo}`, null, ok(200)],
  ['GET', () => `/api/courses/${f.courseA}`, null, { studentA: 200, ...staff(200) }],
  ['GET', () => `/api/courses/${f.courseHidden}`, null, staff(200)],
  ['POST', '/api/courses', { data: { course_name: 'Matrix course' } }, staff(201)],
  [
    'PUT',
    () => `/api/courses/${f.courseHidden}`,
    { data: { course_description: 'Edited' } },
    staff(200),
  ],
  ['GET', '/api/tests', null, ok(200)],
  ['GET', () => `/api/tests/${f.testA}`, null, { studentA: 200, ...staff(200) }],
  ['GET', () => `/api/tests/${f.testHidden}`, null, staff(200)],
  ['POST', '/api/tests', { data: { TestName: 'Matrix test' } }, staff(201)],
  // Issue 23: the delivery options are staff's to set.
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    {
      data: {
        max_practice_attempts: 3,
        review_score: 'after_close',
        review_answers: 'after_last_attempt',
        show_rank: false,
        negative_total: 'floor',
      },
    },
    staff(200),
  ],
  // Sections with their own timers (issue 23): staff's to set; a bad shape is a 400 for them too.
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    {
      data: {
        sections: [{ name: 'Part 1', minutes: 10, subjects: ['Matrix subject'] }],
        sections_fixed_order: true,
      },
    },
    staff(200),
  ],
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    { data: { sections: [{ name: '', minutes: 10, subjects: [] }] } },
    staff(400),
  ],
  // Random draws (issue 26): a section's draw from the pool is staff's to set (count 1..200,
  // known filters, enough pool questions); a bad one is a 400 for them too.
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    {
      data: {
        sections: [
          {
            name: 'Drawn',
            minutes: 10,
            subjects: [],
            draw: { count: 1, marks: 1, negative: 0, filters: {} },
          },
        ],
      },
    },
    staff(200),
  ],
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    {
      data: {
        sections: [
          { name: 'Drawn', minutes: 10, subjects: [], draw: { count: 0, marks: 1, filters: {} } },
        ],
      },
    },
    staff(400),
  ],
  ['GET', () => `/api/assignments/${f.assignmentA}`, null, { studentA: 200, ...staff(200) }],
  ['POST', '/api/assignments', { data: { assignment_name: 'Matrix assignment' } }, staff(201)],
  // Draft → published → closed (issue 23): a draft is staff-only; publish and close are staff
  // calls (these drafts are incomplete: publish names what is missing, a draft cannot be closed).
  ['GET', () => `/api/tests/${f.testDraft}`, null, staff(200)],
  ['GET', () => `/api/assignments/${f.assignmentDraft}`, null, staff(200)],
  ['POST', () => `/api/tests/${f.testDraft}/publish`, null, staff(400)],
  ['POST', () => `/api/tests/${f.testDraft}/close`, null, staff(400)],
  ['POST', () => `/api/assignments/${f.assignmentDraft}/publish`, null, staff(400)],
  ['POST', () => `/api/assignments/${f.assignmentDraft}/close`, null, staff(400)],
  ['GET', '/api/questions', null, ok(200)],
  ['GET', () => `/api/questions/${f.qA1}`, null, { studentA: 200, ...staff(200) }],
  ['GET', () => `/api/questions/${f.qHidden}`, null, staff(200)],
  [
    'POST',
    '/api/questions',
    () => ({
      data: {
        question: 'Matrix?',
        question_type: 'Descriptive',
        points_correct_answer: 1,
        test: f.testHidden,
      },
    }),
    staff(201),
  ],
  ['GET', '/api/question-pools', null, staff(200)],
  [
    'POST',
    '/api/question-pools',
    {
      data: {
        question: 'Pool?',
        option_a: '1',
        option_b: '2',
        option_c: '3',
        option_d: '4',
        correct_answer: 'b',
        points_correct_answer: 1,
      },
    },
    staff(201),
  ],
  // Tests and questions (issue 6): staff only. The imports are multipart; sent as JSON without a
  // file, staff get the import's own 400 (tests-questions.test.mjs covers the uploads).
  ['POST', '/api/duplicate-tests', () => ({ testId: f.testHidden }), staff(201)],
  [
    'POST',
    '/api/questions-bulk',
    () => ({ testId: f.testHidden, questionPoolIds: [f.poolQuestion] }),
    staff(200),
  ],
  ['POST', '/api/notify-faculties', () => ({ payload: {}, testId: f.testHidden }), staff(200)],
  // Regrade (issue 23): staff who may write the test; a test nobody took is a 400.
  ['GET', () => `/api/tests/${f.testHidden}/regrade`, null, staff(400)],
  ['POST', () => `/api/tests/${f.testHidden}/regrade`, null, staff(400)],
  ['GET', '/api/tests/unknown-test/regrade', null, staff(404)],
  // Preview as a learner (issue 26): staff who may edit the test (a draft too); learners never,
  // not even of a test they take; the key only on request. Nothing is written.
  ['GET', () => `/api/tests/${f.testA}/preview`, null, staff(200)],
  ['GET', () => `/api/tests/${f.testDraft}/preview?key=true`, null, staff(200)],
  ['GET', () => `/api/tests/${f.testA}/preview?key=maybe`, null, staff(400)],
  ['GET', '/api/tests/unknown-test/preview', null, staff(404)],
  ['GET', () => `/api/questions/${f.qA1}/preview?key=true`, null, staff(200)],
  ['GET', '/api/questions/unknown-question/preview', null, staff(404)],
  ['GET', () => `/api/question-pools/${f.poolQuestion}/preview?key=true`, null, staff(200)],
  ['GET', '/api/question-pools/unknown-question/preview', null, staff(404)],
  // Accommodations (issue 23): staff who may write the test; learners never; no generic routes.
  ['GET', () => `/api/tests/${f.testHidden}/accommodations`, null, staff(200)],
  ['POST', () => `/api/tests/${f.testHidden}/accommodations`, { data: {} }, staff(400)],
  ['GET', '/api/tests/unknown-test/accommodations', null, staff(404)],
  [
    'PUT',
    () => `/api/tests/${f.testHidden}/accommodations/unknown-one`,
    { data: { extra_minutes: 5 } },
    staff(404),
  ],
  ['DELETE', () => `/api/tests/${f.testHidden}/accommodations/unknown-one`, null, staff(404)],
  ['GET', '/api/accommodations', null, {}],
  // Audit entries (issue 23): staff read (faculty those of their tests); nobody writes.
  ['GET', '/api/audit-entries', null, staff(200)],
  ['GET', '/api/audit-entries/unknown-entry', null, staff(404)],
  ['POST', '/api/questions-import', () => ({ testId: f.testHidden }), staff(400)],
  ['POST', '/api/assignmentQuestions-import', () => ({ assignmentId: f.assignmentA }), staff(400)],
  ['POST', '/api/questionPool-import', {}, staff(400)],
  // Question files (issue 26): staff export the pool and the questions of what they may see;
  // learners and visitors never (the files hold the answer key).
  ['GET', () => `/api/questions-export?testId=${f.testHidden}&format=moodle`, null, staff(200)],
  ['GET', '/api/questions-export?testId=unknown-test&format=gift', null, staff(404)],
  [
    'GET',
    () => `/api/assignmentQuestions-export?assignmentId=${f.assignmentA}&format=gift`,
    null,
    staff(400),
  ],
  ['GET', '/api/questionPool-export?format=aiken', null, staff(200)],
  ['GET', '/api/questionPool-export?format=unknown', null, staff(400)],
  // Issue 26: the pool export takes the list's filters (a bad one is a 400) and the spreadsheet.
  ['GET', '/api/questionPool-export?format=xlsx&type=MCQ', null, staff(200)],
  ['GET', '/api/questionPool-export?format=gift&used=sometimes', null, staff(400)],
  // Question images (issue 26): staff upload (a JSON body holds no image: 400); learners never.
  ['POST', '/api/question-images', {}, staff(400)],
  // Organising the pool (issue 26): the filtered list and bulk edit are staff calls; learners
  // and visitors never see a pool question's subject, topic, difficulty or tags.
  ['GET', '/api/questionPool-search?difficulty=hard&tag=jee', null, staff(200)],
  ['GET', '/api/questionPool-search?difficulty=extreme', null, staff(400)],
  [
    'POST',
    '/api/questionPool-bulk-edit',
    () => ({ ids: [f.poolQuestion], difficulty: 'easy', addTags: ['matrix'] }),
    staff(200),
  ],
  ['POST', '/api/questionPool-bulk-edit', () => ({ ids: ['unknown-pool-question'] }), staff(400)],
  ['DELETE', '/api/test-sub-categories/unknown-sub-category', null, staff(404)],
  ['DELETE', '/api/test-sub-category-2s/unknown-sub-category', null, staff(404)],
  ['GET', '/api/subjects', null, ok(200)],
  ['POST', '/api/subjects', { data: { SubjectName: 'Matrix subject' } }, staff(201)],
  ['GET', '/api/topics', null, ok(200)],
  ['POST', '/api/topics', { data: { topic_name: 'Matrix topic' } }, staff(201)],
  ['GET', '/api/course-contents', null, ok(200)],
  [
    'POST',
    '/api/course-contents',
    () => ({ data: { course: f.courseHidden, description: 'x' } }),
    staff(201),
  ],
  ['GET', '/api/youtube-videos', null, ok(200)],
  [
    'POST',
    '/api/youtube-videos',
    { data: { title: 'Video', url: 'https://youtu.be/ZrNdp1tFA0s' } },
    staff(201),
  ],
  ['GET', () => `/api/course-contents/${f.contentHidden}`, null, staff(200)],
  ['PUT', () => `/api/topics/${f.topicX}`, { data: { topic_description: 'Edited' } }, staff(200)],
  // Staff only; a topic of another subject: 400 and nothing changes.
  [
    'POST',
    () => `/api/subjects/${f.subject}/remove-topics`,
    () => ({ topics: [f.topicOther] }),
    staff(400),
  ],
  [
    'POST',
    () => `/api/course-contents/${f.contentHidden}/remove-topic`,
    () => ({ topic: f.topicOther }),
    staff(400),
  ],
  ['GET', '/api/test-categories', null, ok(200)],
  ['POST', '/api/test-categories', { data: { CategoryName: 'Matrix category' } }, staff(201)],
  // Issue 22: whether a series shows learners its top 10 by name is staff's to set.
  [
    'POST',
    '/api/test-categories',
    { data: { CategoryName: 'Matrix series', publish_leaderboard: true } },
    staff(201),
  ],
  ['GET', '/api/test-languages', null, ok(200)],
  ['POST', '/api/test-languages', { data: { LanguageName: 'Matrix language' } }, staff(201)],
  ['GET', '/api/test-sub-categories', null, ok(200)],
  ['POST', '/api/test-sub-categories', { data: { TestSubCategory: 'Matrix sub' } }, staff(201)],
  ['GET', '/api/test-sub-category-2s', null, ok(200)],
  [
    'POST',
    '/api/test-sub-category-2s',
    { data: { test_sub_category_2: 'Matrix sub 2', type: 'test' } },
    staff(201),
  ],
  ['GET', '/api/classes', null, ok(200)],
  // Live classes (issue 21): faculty schedule for their own courses and batches only.
  [
    'POST',
    '/api/classes',
    {
      data: {
        name: 'Matrix class',
        date: '2030-01-01T10:00:00.000Z',
        provider: 'link',
        join_url: 'https://meet.example.org/matrix',
        is_public: true,
      },
    },
    { faculty: 403, admin: 201 },
  ],
  ['GET', () => `/api/classes/${f.classA}`, null, { studentA: 200, admin: 200 }],
  ['PUT', () => `/api/classes/${f.classA}`, { data: { name: 'Class of A' } }, { admin: 200 }],
  ['GET', '/api/live-classes/upcoming', null, ok(200)],
  ['GET', '/api/live-classes/config', null, ok(200)],
  [
    'POST',
    '/api/zoom/signature',
    () => ({ classId: f.classA }),
    { studentA: 403, studentB: 404, faculty: 404, admin: 403 },
  ],
  [
    'POST',
    '/api/zoom/signature',
    () => ({ classId: f.classA, role: 1 }),
    { studentA: 403, studentB: 404, faculty: 404, admin: 403 },
  ],
  [
    'POST',
    () => `/api/live-classes/${f.classA}/join`,
    null,
    { studentA: 403, studentB: 404, faculty: 404, admin: 403 },
  ],
  [
    'GET',
    () => `/api/live-classes/${f.classA}/calendar`,
    null,
    { studentA: 200, studentB: 404, faculty: 404, admin: 200 },
  ],
  ['GET', () => `/api/live-classes/${f.classA}/attendance`, null, { faculty: 404, admin: 200 }],
  [
    'GET',
    () => `/api/live-classes/${f.classA}/attendance/export`,
    null,
    { faculty: 404, admin: 200 },
  ],
  ['GET', '/api/my-attendance', null, { studentA: 200, studentB: 200 }],
  // Attendance rows: written by the server only, read through the calls above only.
  ['GET', '/api/attendances', null, {}],
  // People: learners see themselves; faculty read their batches' learners; administrators write.
  ['GET', '/api/batches', null, ok(200)],
  ['GET', () => `/api/batches/${f.batchA}`, null, { studentA: 200, admin: 200 }],
  ['POST', '/api/batches', { data: { Batch: 'Matrix batch' } }, { admin: 201 }],
  ['GET', '/api/students', null, ok(200)],
  [
    'GET',
    () => `/api/students/${users.studentB.student.documentId}`,
    null,
    { studentB: 200, ...staff(200) },
  ],
  ['POST', '/api/students', { data: { StudentName: 'Matrix learner' } }, { admin: 201 }],
  ['GET', '/api/faculties', null, ok(200)],
  ['POST', '/api/faculties', { data: { FacultyName: 'Matrix faculty' } }, { admin: 201 }],
  ['GET', '/api/users', null, { admin: 200 }],
  ['GET', '/api/users/me', null, ok(200)],
  ['GET', '/api/users-permissions/roles', null, { admin: 200 }],
  // Learners' work: own records only; faculty read their learners' and mark; admins everything.
  ['GET', () => `/api/attempts/${f.attemptA}`, null, { studentA: 200, ...staff(200) }],
  ['GET', () => `/api/attempts/${f.attemptB}`, null, { studentB: 200, ...staff(200) }],
  // Attempts and results are the server's (the exam flow); only administrators write them.
  ['POST', '/api/attempts', () => ({ data: { test: f.testA } }), { admin: 201 }],
  [
    'PUT',
    () => `/api/attempts/${f.attemptB}`,
    { data: { is_practice_test: true } },
    { admin: 200 },
  ],
  ['DELETE', () => `/api/attempts/${f.attemptToDelete}`, null, { admin: 204 }],
  ['GET', () => `/api/answers/${f.answerA}`, null, { studentA: 200, ...staff(200) }],
  [
    'POST',
    '/api/answers',
    () => ({ data: { attempt: f.attemptA, question: f.qA2, selected_answer: 'a' } }),
    { admin: 201 },
  ],
  // A learner's PUT saves a choice (the lean save). Staff write no answers: points come from the
  // marking code only (issue 18, point 10); an administrator sending points is told so (400).
  [
    'PUT',
    () => `/api/answers/${f.answerA}`,
    { data: { mark_as_important: true, revision: 2 } },
    { studentA: 200, admin: 200 },
  ],
  // A learner's points are ignored (the lean save keeps only the choice), an admin's refused.
  [
    'PUT',
    () => `/api/answers/${f.answerA}`,
    { data: { points: 50 } },
    { studentA: 200, admin: 400 },
  ],
  ['GET', () => `/api/results/${f.resultA}`, null, { studentA: 200, ...staff(200) }],
  ['POST', '/api/results', () => ({ data: { attempt: f.attemptA } }), { admin: 201 }],
  // The exam flow (issue 7): learners take tests; staff read attempts and results they may see.
  [
    'POST',
    '/api/test/prelims/initialize',
    () => ({ testId: f.testA }),
    { studentA: 200, studentB: 404 },
  ],
  // Issue 23: the learner's choice of a practice attempt (each resumes their own open one).
  [
    'POST',
    '/api/test/prelims/initialize',
    () => ({ testId: f.testPrelims, mode: 'practice' }),
    { studentA: 200, studentB: 200 },
  ],
  ['GET', () => `/api/test/prelims/attempts/${f.attemptA}`, null, { studentA: 200, ...staff(200) }],
  [
    'POST',
    '/api/test/prelims/check',
    () => ({ answerId: f.answerPractice }),
    { studentA: 200, studentB: 404 },
  ],
  [
    'GET',
    () => `/api/test/prelims/results/${f.resultPractice}`,
    null,
    { studentA: 200, ...staff(200) },
  ],
  ['GET', '/api/test/prelims/my-tests', null, { studentA: 200, studentB: 200 }],
  // Issue 23, sections: the learner moves their own attempt only (this test has no sections: 409).
  [
    'POST',
    '/api/test/prelims/section',
    () => ({ attemptId: f.attemptA, section: 1 }),
    { studentA: 409, studentB: 404 },
  ],
  // Without a section: the open section as the clock has it (the player at a section's end).
  [
    'POST',
    '/api/test/prelims/section',
    () => ({ attemptId: f.attemptA }),
    { studentA: 409, studentB: 404 },
  ],
  [
    'POST',
    '/api/test/prelims/submit',
    () => ({ attemptId: f.attemptPractice }),
    { studentA: 200, studentB: 404 },
  ],
  ['PUT', () => `/api/results/${f.resultA}`, { data: { grade: 'B' } }, staff(200)],
  // Marks and publishing go through the Mains flow (issue 8), never the generic update.
  ['PUT', () => `/api/results/${f.resultA}`, { data: { total_marks: 1 } }, staff(400)],
  // A learner reads only the evaluations of their own published results (issue 8).
  ['GET', () => `/api/evaluations/${f.evaluationA}`, null, staff(200)],
  [
    'POST',
    '/api/evaluations',
    () => ({ data: { answer: f.answerA, subject: f.subject } }),
    staff(201),
  ],
  // Mains work (issue 8): learners submit their own; staff follow; faculty evaluate; staff publish.
  ['GET', '/api/mains/my-work?kind=test', null, { studentA: 200, studentB: 200 }],
  [
    'POST',
    '/api/mains/start',
    () => ({ kind: 'test', documentId: f.testMains }),
    { studentA: 200, studentB: 201 },
  ],
  ['GET', () => `/api/mains/attempts/${f.mainsAttemptA}`, null, { studentA: 200, studentB: 404 }],
  [
    'DELETE',
    () => `/api/mains/answers/${f.mainsAnswerA}/documents/999999`,
    null,
    { studentA: 404, studentB: 404 },
  ],
  [
    'POST',
    '/api/mains/submit',
    () => ({ attemptId: f.mainsAttemptA }),
    { studentA: 400, studentB: 404 },
  ],
  ['GET', '/api/mains/works?kind=test', null, staff(200)],
  ['GET', () => `/api/mains/results?kind=test&documentId=${f.testMains}`, null, staff(200)],
  [
    'GET',
    '/api/mains/scripts/unknown-result',
    null,
    { studentA: 404, studentB: 404, ...staff(404) },
  ],
  [
    'POST',
    '/api/mains/evaluations',
    () => ({ resultId: 'unknown-result', subjectId: f.subject }),
    { faculty: 404 },
  ],
  ['PUT', '/api/mains/evaluations/unknown-evaluation', { total_marks: 1 }, { faculty: 404 }],
  // Issue 27: per-question marks (faculty), reopening (administrators only, with a reason), the
  // progress board (staff; faculty within their scope). Learners, visitors refused.
  [
    'PUT',
    '/api/mains/evaluations/unknown-evaluation',
    { questions: [{ questionId: 'q', marks: 1, comment: 'x' }] },
    { faculty: 404 },
  ],
  // Issue 27 (rubrics): levels chosen per criterion, faculty only.
  [
    'PUT',
    '/api/mains/evaluations/unknown-evaluation',
    { questions: [{ questionId: 'q', levels: [0, 1], comment: 'x' }] },
    { faculty: 404 },
  ],
  [
    'POST',
    '/api/mains/evaluations/unknown-evaluation/reopen',
    { reason: 'Recount the marks' },
    { admin: 404 },
  ],
  ['GET', () => `/api/mains/progress?kind=test&documentId=${f.testMains}`, null, staff(200)],
  ['GET', '/api/mains/progress?kind=test&documentId=unknown-test', null, staff(404)],
  // Issue 27 (annotation): the evaluation's faculty member or an administrator; learners and
  // visitors refused by the permission table (the module checks the evaluation's own rule).
  ['GET', '/api/mains/evaluations/unknown-evaluation/annotations', null, staff(404)],
  [
    'PUT',
    '/api/mains/evaluations/unknown-evaluation/annotations/1/1',
    { baseVersion: 0, items: [] },
    staff(404),
  ],
  ['POST', '/api/result-bulk', { resultIds: ['unknown-result'], is_published: true }, staff(200)],
  // Issue 27 (allocation and re-check): administrators allocate, moderate and check the release;
  // the moderating faculty member gives moderation marks; learners ask for re-checks of their own
  // results; the marking faculty member or an administrator answers. The rows behind them have no
  // generic REST route at all; the publication time is the server's.
  ['GET', () => `/api/mains/allocations?kind=test&documentId=${f.testMains}`, null, { admin: 200 }],
  [
    'POST',
    '/api/mains/allocations',
    () => ({ kind: 'test', documentId: f.testMains, subjectId: 'unknown', mode: 'even' }),
    { admin: 400 },
  ],
  // Clearing an allocation (un-allocating the scripts not yet started): administrators only.
  [
    'POST',
    '/api/mains/allocations',
    () => ({ kind: 'test', documentId: f.testMains, subjectId: 'unknown', mode: 'clear' }),
    { admin: 400 },
  ],
  [
    'POST',
    '/api/mains/allocations/moderation',
    () => ({ kind: 'test', documentId: f.testMains, subjectId: 'unknown', percent: 10 }),
    { admin: 400 },
  ],
  [
    'GET',
    () => `/api/mains/release-check?kind=test&documentId=${f.testMains}`,
    null,
    { admin: 200 },
  ],
  [
    'PUT',
    '/api/mains/moderations',
    { resultId: 'unknown-result', subjectId: 'unknown', marks: 1 },
    { faculty: 404 },
  ],
  // Moderation marks per question (issue 27): the same rule, the moderating faculty member only.
  [
    'PUT',
    '/api/mains/moderations',
    {
      resultId: 'unknown-result',
      subjectId: 'unknown',
      questions: [{ questionId: 'q', marks: 1 }],
    },
    { faculty: 404 },
  ],
  ['GET', '/api/mains/rechecks', null, { studentA: 200, studentB: 200, ...staff(200) }],
  [
    'POST',
    '/api/mains/rechecks',
    { resultId: 'unknown-result', questionId: 'q', reason: 'Please look at this again.' },
    { studentA: 404, studentB: 404 },
  ],
  [
    'POST',
    '/api/mains/rechecks/unknown-request/answer',
    { decision: 'keep', comment: 'The mark stands.' },
    staff(404),
  ],
  ['GET', '/api/mains-allocations', null, {}],
  ['GET', '/api/recheck-requests', null, {}],
  // The publication time: not a faculty-writable field (dropped), refused for administrators.
  [
    'PUT',
    () => `/api/results/${f.resultA}`,
    { data: { marks_published_at: null } },
    { faculty: 200, admin: 400 },
  ],
  [
    'PUT',
    () => `/api/tests/${f.testHidden}`,
    { data: { moderation_margin: 2, recheck_days: 10 } },
    { faculty: 403, admin: 200 },
  ],
  // Reports (issue 22): staff only (faculty within their scope); learners 403.
  ['GET', () => `/api/test-data?testId=${f.testPrelims}`, null, staff(200)],
  ['GET', '/api/test-data', null, staff(400)],
  ['GET', '/api/test-data?testId=unknown-test', null, staff(404)],
  ['GET', () => `/api/reports/tests/${f.testPrelims}/results`, null, staff(200)],
  ['GET', '/api/reports/tests/unknown-test/results', null, staff(404)],
  ['GET', () => `/api/reports/tests/${f.testPrelims}/results/export`, null, staff(200)],
  ['GET', '/api/reports/tests/unknown-test/results/export', null, staff(404)],
  ['GET', '/api/reports/my-progress', null, { studentA: 200, studentB: 200, ...staff(403) }],
  ['GET', '/api/reports/learners/unknown-learner/progress', null, staff(404)],
  ['GET', () => `/api/reports/tests/${f.testPrelims}/subjects`, null, staff(200)],
  ['GET', '/api/reports/tests/unknown-test/subjects', null, staff(404)],
  // The integrity log (issue 23): staff only, scoped like the result; learners 403.
  ['GET', () => `/api/reports/results/${f.resultA}/events`, null, staff(200)],
  ['GET', '/api/reports/results/unknown-result/events', null, staff(404)],
  // The leaderboard: staff the rows, a learner their standing and the top 10.
  ['GET', () => `/api/reports/leaderboard?tests=${f.testPrelims}`, null, ok(200)],
  ['GET', '/api/reports/leaderboard', null, ok(400)],
  // Readiness (issue 21): anyone, nothing secret in it.
  ['GET', '/api/readiness', null, every(200)],
  // Notifications (issue 20): everyone's own rows only, administrators' too; messages by
  // administrators; faculty through notify-faculties only.
  ['GET', '/api/notifications', null, ok(200)],
  ['GET', () => `/api/notifications/${f.notificationA}`, null, { studentA: 200, ...staff(404) }],
  [
    'PUT',
    () => `/api/notifications/${f.notificationA}`,
    { data: { read: true } },
    { studentA: 200, studentB: 404, ...staff(404) },
  ],
  [
    'POST',
    '/api/notifications',
    () => ({ data: { message: 'Hello', student: users.studentA.student.documentId } }),
    { admin: 201 },
  ],
  [
    'POST',
    '/api/notifications',
    () => ({ data: { message: 'Hello', to_user: users.studentA.id } }),
    { admin: 201 },
  ],
  ['POST', '/api/notifications', () => ({ data: { message: '' } }), { admin: 400 }],
  ['GET', '/api/top-notifications', null, ok(200)],
  ['GET', '/api/top-notifications?userId=999999', null, ok(403)],
  ['PUT', '/api/read-all-notifications', {}, ok(200)],
  ['PUT', '/api/read-all-notifications', { userId: 999999 }, ok(403)],
  ['GET', '/api/notification-preferences', null, ok(200)],
  ['PUT', '/api/notification-preferences', { data: { kinds: [] } }, ok(200)],
  ['PUT', '/api/notification-preferences', { data: { kinds: [{ kind: 'nope' }] } }, ok(400)],
  // GET /api/notifications/stream answers 200 and stays open: its rows (own user, refused
  // without one, 8 per user) are in tests/notifications.test.mjs.
  // People (issue 9): administrators manage; faculty read their batches' learners.
  ['GET', '/api/batches-custom/paginated', null, staff(200)],
  ['GET', '/api/students-custom/paginated', null, staff(200)],
  ['GET', '/api/learners-export', null, staff(200)],
  ['POST', '/api/batches-custom/move', {}, { admin: 400 }],
  ['POST', '/api/batches-custom/remove', {}, { admin: 400 }],
  ['POST', '/api/students-custom', {}, { admin: 400 }],
  ['PUT', '/api/students-custom/unknown-learner', {}, { admin: 404 }],
  ['POST', '/api/students-custom/delete', {}, { admin: 400 }],
  ['POST', '/api/learners-bulk', {}, { admin: 400 }],
  ['POST', '/api/faculties-custom', {}, { admin: 400 }],
  ['PUT', '/api/faculties-custom/unknown-faculty', {}, { admin: 404 }],
  ['DELETE', '/api/faculties-custom/unknown-faculty', null, { admin: 404 }],
  ['GET', '/api/faculties-custom/unknown-faculty/users', null, { admin: 404 }],
  ['POST', '/api/faculties-bulk', {}, { admin: 400 }],
  ['GET', '/api/custom-users', null, { admin: 200 }],
  ['POST', '/api/custom-users', {}, { admin: 400 }],
  ['PUT', '/api/custom-users/999999', {}, { admin: 404 }],
  ['PUT', '/api/custom-users/999999/avatar', {}, { admin: 404 }],
  ['POST', '/api/users-bulk', {}, { admin: 400 }],
  // Diagnostics: everyone signed in writes their own; administrators read.
  ['POST', '/api/logs', { data: { browser: 'matrix', consoleLogs: ['a'], apiLogs: [] } }, ok(201)],
  ['GET', '/api/logs', null, { admin: 200 }],
  ['GET', () => `/api/logs/${f.logA}`, null, { admin: 200 }],
  // Files: learners upload (multipart, not in this matrix) but list nothing.
  ['GET', '/api/upload/files', null, staff(200)],
  // Signed-out calls: the default visitor token's three endpoints.
  ['GET', '/api/course-names', null, { visitor: 200, ...ok(200) }],
  // The institute's settings (issue 24): everyone reads; administrators change (a PUT with
  // nothing to change is the administrator's 400); the files call needs a multipart image.
  ['GET', '/api/institute', null, { visitor: 200, ...ok(200) }],
  // Their own profile (issue 24): every signed-in role; empty changes are a 400 that changes
  // nothing; the avatar call needs a multipart image.
  ['GET', '/api/profile', null, ok(200)],
  ['PUT', '/api/profile', { data: {} }, ok(400)],
  // The language of the translated screens (issue 24): the supported ones only.
  ['PUT', '/api/profile', { data: { language: 'xx' } }, ok(400)],
  ['PUT', '/api/profile', { data: { language: 'en' } }, ok(200)],
  // The time zone dates are shown in (issue 24): a known IANA name, or empty for the default.
  ['PUT', '/api/profile', { data: { timeZone: 'Mars/Olympus' } }, ok(400)],
  ['PUT', '/api/profile', { data: { timeZone: null } }, ok(200)],
  ['POST', '/api/profile/avatar', {}, ok(400)],
  ['PUT', '/api/institute', { data: {} }, { admin: 400 }],
  ['POST', '/api/institute/files/logo', {}, { admin: 400 }],
  ['DELETE', '/api/institute/files/unknown', null, { admin: 400 }],
  // The two-step upload: any signed-in role; an unknown key is a 400 for everyone signed in.
  [
    'POST',
    '/api/media/s3-upload-url',
    { fileName: 'notes.pdf', fileType: 'application/pdf' },
    ok(200),
  ],
  [
    'POST',
    '/api/media',
    {
      data: {
        key: `uploads/${'0'.repeat(32)}/none.pdf`,
        name: 'none.pdf',
        type: 'application/pdf',
        size: 1,
      },
    },
    ok(400),
  ],
  [
    'POST',
    '/api/auth/local/register',
    { username: 'x', email: 'x@x.test', password: 'Password1!' },
    {},
  ],
  ['POST', '/api/auth/local', { identifier: DEMO.admin.email, password: DEMO.admin.password }, {}],
  // Strapi's admin API is not routed while the admin panel is off (issue 18, point 1).
  ['GET', '/admin/init', null, every(404)],
  [
    'POST',
    '/admin/register-admin',
    { firstname: 'M', lastname: 'A', email: 'm@evil.test', password: 'Mallory@12345' },
    every(404),
  ],
  ['POST', '/admin/login', {}, every(404)],
  ['GET', '/content-manager/init', null, every(404)],
  ['GET', '/upload/files', null, every(404)],
  ['GET', '/users-permissions/roles', null, every(404)],
  // Attempted work is deactivated, never deleted, by anyone.
  ['DELETE', () => `/api/tests/${f.testPrelims}`, null, staff(409)],
  // Reads too costly to run are refused before they run, whoever asks (issue 18, point 5).
  [
    'GET',
    '/api/tests?populate[course][populate][tests][populate][course][populate][tests]=true',
    null,
    every(400),
  ],
];

describe('authorization matrix (role × endpoint)', () => {
  for (const [method, pathOf, bodyOf, expected] of MATRIX) {
    const label = `${method} ${typeof pathOf === 'string' ? pathOf : pathOf.toString().replace(/^\(\) => /, '')}`;
    test(label, async () => {
      for (const role of ROLES) {
        const path = typeof pathOf === 'function' ? pathOf() : pathOf;
        const body = typeof bodyOf === 'function' ? bodyOf() : (bodyOf ?? undefined);
        const res = await call(role, method, path, body);
        const want = expected[role];
        if (want === undefined) {
          assertStrapiError(res, DENIED, `${role} ${method} ${path}`);
        } else if (want >= 400) {
          assertStrapiError(res, [want], `${role} ${method} ${path}`);
        } else {
          assert.equal(res.status, want, `${role} ${method} ${path}: ${res.text.slice(0, 300)}`);
        }
      }
    });
  }

  test('DELETE on catalogue: staff only (each deletes a fresh subject)', async () => {
    for (const role of ROLES) {
      const subject = await asAdmin('POST', '/api/subjects', {
        data: { SubjectName: `To delete by ${role}` },
      });
      const res = await call(role, 'DELETE', `/api/subjects/${subject.documentId}`);
      if (role === 'faculty' || role === 'admin') {
        assert.equal(res.status, 204, `${role}: ${res.text}`);
      } else {
        assertStrapiError(res, DENIED, `${role} DELETE subject`);
      }
    }
  });

  test('DELETE on a course: learners refused, staff told to deactivate (405)', async () => {
    const course = await asAdmin('POST', '/api/courses', { data: { course_name: 'Kept' } });
    for (const role of ROLES) {
      const res = await call(role, 'DELETE', `/api/courses/${course.documentId}`);
      if (role === 'faculty' || role === 'admin') {
        assertStrapiError(res, [405], `${role} DELETE course`);
        assert.match(res.json.error.message, /deactivate/);
      } else {
        assertStrapiError(res, DENIED, `${role} DELETE course`);
      }
    }
    const still = await asAdmin('GET', `/api/courses/${course.documentId}`);
    assert.equal(still.course_name, 'Kept');
  });
});

describe('reads too costly to run (issue 18, point 5)', () => {
  test('a GraphQL query of many aliases is refused before it runs, whoever sends it', async () => {
    // 500 aliases are over the size bound; 150 are under it but over the row estimate.
    for (const [aliases, code] of [
      [500, 'QUERY_TOO_LARGE'],
      [150, 'QUERY_TOO_COSTLY'],
    ]) {
      for (const role of ROLES) {
        const res = await gql(role, manyAliases(aliases));
        const label = `${role}, ${aliases} aliases`;
        if (role === 'none' && code !== 'QUERY_TOO_LARGE') {
          // No credentials at all: refused before the query is even looked at.
          assertStrapiError(res, [401], label);
          continue;
        }
        assert.equal(res.status, 400, `${label}: ${res.text.slice(0, 200)}`);
        assert.equal(res.json?.errors?.[0]?.extensions?.code, code, label);
        assert.equal(res.json?.data, undefined, `${label}: nothing ran`);
      }
    }
  });
});

describe('GraphQL has no account mutations (issue 18, point 4)', () => {
  const MUTATIONS = [
    `mutation { login(input: { identifier: "${DEMO.student1.email}", password: "${DEMO.student1.password}" }) { jwt } }`,
    'mutation { register(input: { username: "g", email: "g@evil.test", password: "Password@1" }) { jwt } }',
    'mutation { forgotPassword(email: "g@evil.test") { ok } }',
    'mutation { resetPassword(password: "Password@1", passwordConfirmation: "Password@1", code: "x") { jwt } }',
    'mutation { changePassword(currentPassword: "a", password: "Password@1", passwordConfirmation: "Password@1") { jwt } }',
    'mutation { createUsersPermissionsUser(data: { username: "g", email: "g@evil.test", password: "Password@1" }) { data { documentId } } }',
  ];
  test('login, register, password and user mutations are refused for every caller', async () => {
    for (const mutation of MUTATIONS) {
      for (const role of ROLES) {
        const res = await gql(role, mutation);
        const label = `${role}: ${mutation.slice(0, 40)}`;
        assert.ok([400, 401, 403].includes(res.status), `${label}: ${res.status} ${res.text}`);
        // GraphQL's errors, or Strapi's 401 when no credentials are sent at all.
        assert.ok(res.json?.errors?.length > 0 || res.json?.error, `${label}: an error`);
        assert.doesNotMatch(res.text, /"jwt":"/, `${label}: no token`);
      }
    }
  });
});

describe("a learner never reads another learner's records", () => {
  for (const [kind, key] of [
    ['attempts', 'attemptA'],
    ['answers', 'answerA'],
    ['results', 'resultA'],
    ['evaluations', 'evaluationA'],
  ]) {
    test(`student B gets 404 for student A's ${kind} by id, and none in the list`, async () => {
      const one = await call('studentB', 'GET', `/api/${kind}/${f[key]}`);
      assertStrapiError(one, [404], `B GET ${kind}`);
      const list = await call('studentB', 'GET', `/api/${kind}?pagination[pageSize]=1000`);
      assert.equal(list.status, 200);
      assert.ok(
        !list.json.data.some((r) => r.documentId === f[key]),
        `${kind} list leaks A's record`,
      );
      const byStudent = await call(
        'studentB',
        'GET',
        `/api/${kind}?filters[documentId][$eq]=${f[key]}`,
      );
      assert.deepEqual(byStudent.json.data, []);
    });
  }

  test("student B cannot change or close A's attempt, answer or result", async () => {
    const attempt = await call('studentB', 'PUT', `/api/attempts/${f.attemptA}`, {
      data: { end_date_time: new Date().toISOString() },
    });
    assertStrapiError(attempt, [403], 'B PUT attempt');
    for (const data of [{ selected_answer: 'a', revision: 99 }, { answer_documents: [] }]) {
      const res = await call('studentB', 'PUT', `/api/answers/${f.answerA}`, { data });
      assertStrapiError(res, [404], `B PUT answer ${Object.keys(data)}`);
    }
    const submit = await call('studentB', 'POST', '/api/test/prelims/submit', {
      attemptId: f.attemptA,
    });
    assertStrapiError(submit, [404], 'B submits A attempt');
    const result = await call('studentB', 'PUT', `/api/results/${f.resultA}`, {
      data: { total_marks: 99 },
    });
    assertStrapiError(result, [403], 'B PUT result');
  });

  test("B cannot attach A's attempt to a new answer or result", async () => {
    const answer = await call('studentB', 'POST', '/api/answers', {
      data: { attempt: f.attemptA, question: f.qA3 },
    });
    assertStrapiError(answer, [403], 'B answer on A attempt');
    const result = await call('studentB', 'POST', '/api/results', {
      data: { attempt: f.attemptB, answers: [f.answerA] },
    });
    assertStrapiError(result, [403], 'B result with A answer');
  });

  test('a learner sees only their own student record, without classmates in batches', async () => {
    const students = await asRole('studentA', 'GET', '/api/students');
    assert.deepEqual(
      students.map((s) => s.documentId),
      [users.studentA.student.documentId],
    );
    const batches = await asRole('studentA', 'GET', '/api/batches?populate=students');
    assert.ok(batches.length >= 2, 'the demo batch and batch A');
    for (const batch of batches) {
      assert.deepEqual(
        batch.students.map((s) => s.documentId),
        [users.studentA.student.documentId],
      );
    }
    const me = await call(
      'studentA',
      'GET',
      '/api/users/me?populate[student][populate][batches][populate]=students',
    );
    assert.equal(me.status, 200, me.text);
    for (const batch of me.json.student.batches) {
      assert.deepEqual(
        batch.students.map((s) => s.documentId),
        [users.studentA.student.documentId],
      );
    }
    assert.ok(!me.text.includes(DEMO.student2.email), "B's email never appears");
  });

  test("faculty's personal fields are hidden from learners, not from staff", async () => {
    const forLearner = await asRole('studentA', 'GET', '/api/faculties');
    assert.ok(forLearner.length > 0);
    for (const faculty of forLearner) {
      assert.ok(faculty.FacultyName);
      for (const field of ['faculty_email_id', 'faculty_mobile_number', 'faculty_address']) {
        assert.ok(!(field in faculty), `${field} is hidden`);
      }
    }
    const filter = await call(
      'studentA',
      'GET',
      '/api/faculties?filters[faculty_email_id][$startsWith]=f',
    );
    assertStrapiError(filter, [400], 'filter on a hidden field');
    const forAdmin = await asAdmin('GET', '/api/faculties');
    assert.ok(forAdmin.some((fac) => fac.faculty_email_id === DEMO.faculty.email));
  });

  test("filters and sorts cannot probe other learners' data through relations", async () => {
    for (const path of [
      `/api/tests?filters[students][student_email][$contains]=${DEMO.student2.email.slice(0, 4)}`,
      '/api/courses?filters[batches][students][StudentName][$contains]=Sara',
      '/api/courses?sort=students.StudentName:asc',
      '/api/answers?populate[test][filters][students][Roll_Number][$eq]=DEMO-002',
    ]) {
      const res = await call('studentA', 'GET', path);
      assertStrapiError(res, [400], path);
    }
    const byId = await call(
      'studentA',
      'GET',
      `/api/questions?filters[test][documentId][$eq]=${f.testA}`,
    );
    assert.equal(byId.status, 200, 'naming a related record by documentId still works');
    const staffFilter = await call(
      'faculty',
      'GET',
      '/api/courses?filters[batches][Batch][$contains]=Foundation',
    );
    assert.equal(staffFilter.status, 200);
  });

  test('learners write no scores: points, total_marks, student are ignored', async () => {
    const updated = await asRole('studentA', 'PUT', `/api/answers/${f.answerA}`, {
      data: {
        selected_answer: 'a',
        revision: 5,
        points: 100,
        student: users.studentB.student.documentId,
      },
    });
    assert.equal(updated.selected_answer, 'a');
    const generic = await call('studentA', 'PUT', `/api/answers/${f.answerA}`, {
      data: { points: 100, end_date_time: '2000-01-01T00:00:00.000Z' },
    });
    assert.equal(generic.status, 200, generic.text);
    const seen = await asAdmin('GET', `/api/answers/${f.answerA}?populate=student`);
    assert.equal(seen.points, null);
    assert.equal(seen.end_date_time, null);
    assert.equal(seen.student.documentId, users.studentA.student.documentId);
    const created = await call('studentA', 'POST', '/api/results', {
      data: { attempt: f.attemptA, total_marks: 100, is_published: true, grade: 'A+' },
    });
    assertStrapiError(created, [403], 'a learner creates a result');
    const gqlCreate = await gql(
      'studentA',
      `mutation { createResult(data: { total_marks: 100 }) { documentId } }`,
    );
    assert.match(gqlCreate.json.errors?.[0]?.message ?? '', /forbidden/i, gqlCreate.text);
  });

  test('the server keeps the clock: start time is set by the server, learners cannot close or create attempts', async () => {
    const attempt = await asAdmin('GET', `/api/attempts/${f.attemptA}`);
    assert.ok(Date.now() - Date.parse(attempt.start_date_time) < 10 * 60_000, 'start is now');
    assert.equal(Date.parse(attempt.expires_at) - Date.parse(attempt.start_date_time), 60 * 60_000);
    for (const [method, path, data] of [
      ['POST', '/api/attempts', { test: f.testA, start_date_time: '2000-01-01T00:00:00.000Z' }],
      ['PUT', `/api/attempts/${f.attemptA}`, { end_date_time: '2000-01-01T00:00:00.000Z' }],
      ['POST', '/api/answers', { attempt: f.attemptA, question: f.qHidden }],
    ]) {
      assertStrapiError(await call('studentA', method, path, { data }), [403], `${method} ${path}`);
    }
    const gqlClose = await gql(
      'studentA',
      `mutation { updateAttempt(documentId: "${f.attemptA}", data: { end_date_time: "2000-01-01T00:00:00.000Z" }) { documentId } }`,
    );
    assert.match(gqlClose.json.errors?.[0]?.message ?? '', /forbidden/i, gqlClose.text);
  });
});

describe('the answer key never reaches a learner', () => {
  const assertNoKey = (record, label) => {
    for (const field of ANSWER_KEY) {
      assert.ok(!(field in record) || record[field] === null, `${label}: ${field} leaked`);
    }
  };

  test('REST question list, question by id, and populate from an answer', async () => {
    const list = await asRole(
      'studentA',
      'GET',
      `/api/questions?filters[test][documentId]=${f.testA}&populate=*`,
    );
    assert.equal(list.length, 3);
    list.forEach((q) => assertNoKey(q, 'list'));
    const one = await asRole(
      'studentA',
      'GET',
      `/api/questions/${f.qA1}?fields[0]=correct_answer&fields[1]=question`,
    );
    assertNoKey(one, 'by id');
    const answer = await asRole(
      'studentA',
      'GET',
      `/api/answers/${f.answerA}?populate[question]=true`,
    );
    assert.equal(answer.question.documentId, f.qA1);
    assertNoKey(answer.question, 'answer.question');
    assert.ok(!('points' in answer), "the answer's points are hidden too");
    const result = await asRole(
      'studentA',
      'GET',
      `/api/results/${f.resultA}?populate[answers][populate]=question`,
    );
    result.answers.forEach((a) => assertNoKey(a.question, 'result.answers.question'));
    const staffView = await asRole('faculty', 'GET', `/api/questions/${f.qA1}`);
    assert.equal(staffView.correct_answer, 'a');
  });

  test('filtering or sorting by the key is refused (it would leak it)', async () => {
    for (const path of [
      `/api/questions?filters[correct_answer][$eq]=a`,
      `/api/questions?filters[$or][0][explanation][$contains]=Because`,
      `/api/questions?sort=correct_answer:asc`,
      `/api/questions?filters[rubric][$notNull]=true`,
      `/api/questions?filters[answer_min][$lt]=5`,
      `/api/questions?sort=answer_tolerance:asc`,
      `/api/answers?filters[question][answer_max][$gt]=1`,
      `/api/answers?filters[question][correct_answer][$eq]=a`,
      `/api/answers?populate[question][filters][correct_answer][$eq]=a`,
    ]) {
      const res = await call('studentA', 'GET', path);
      assertStrapiError(res, [400], path);
    }
  });

  test('GraphQL: questions, nested questions of answers and results', async () => {
    const res = await gql(
      'studentA',
      `query($test: ID!) {
        questions(filters: { test: { documentId: { eq: $test } } }) { question correct_answer explanation points_correct_answer points_incorrect_answer rubric answer_tolerance answer_min answer_max answer_unit }
        results { answers { points question { correct_answer explanation } } }
      }`,
      { test: f.testA },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.errors, undefined, res.text);
    assert.equal(res.json.data.questions.length, 3);
    res.json.data.questions.forEach((q) => assertNoKey(q, 'gql questions'));
    for (const result of res.json.data.results) {
      for (const answer of result.answers) {
        assert.equal(answer.points, null);
        assertNoKey(answer.question, 'gql result.answers.question');
      }
    }
    const filtered = await gql(
      'studentA',
      '{ questions(filters: { correct_answer: { eq: "a" } }) { question } }',
    );
    assert.match(filtered.json.errors?.[0]?.message ?? '', /Invalid key correct_answer/);
    const nested = await gql(
      'studentA',
      '{ results { answers(filters: { question: { correct_answer: { eq: "a" } } }) { documentId } } }',
    );
    assert.match(nested.json.errors?.[0]?.message ?? '', /Invalid key correct_answer/);
    const byRange = await gql(
      'studentA',
      '{ questions(filters: { answer_min: { lt: 5 } }) { question } }',
    );
    assert.match(byRange.json.errors?.[0]?.message ?? '', /Invalid key answer_min/);
    const staffView = await gql(
      'faculty',
      `{ question(documentId: "${f.qA1}") { correct_answer } }`,
    );
    assert.equal(staffView.json.data.question.correct_answer, 'a');
  });
});

describe('invisible courses, tests and assignments', () => {
  test('REST lists hold exactly what a learner may see', async () => {
    const names = async (role) =>
      (await asRole(role, 'GET', '/api/courses')).map((c) => c.documentId);
    const a = await names('studentA');
    const b = await names('studentB');
    assert.ok(a.includes(f.courseDemo) && a.includes(f.courseOpen) && a.includes(f.courseA));
    assert.ok(!a.includes(f.courseHidden));
    assert.ok(b.includes(f.courseDemo) && b.includes(f.courseOpen));
    assert.ok(!b.includes(f.courseA) && !b.includes(f.courseHidden));
    const testsB = (await asRole('studentB', 'GET', '/api/tests')).map((t) => t.documentId);
    assert.ok(
      testsB.includes(f.testPrelims) && !testsB.includes(f.testA) && !testsB.includes(f.testHidden),
    );
    const testsA = (await asRole('studentA', 'GET', '/api/tests')).map((t) => t.documentId);
    assert.ok(testsA.includes(f.testA) && !testsA.includes(f.testHidden));
    const assignmentsB = (await asRole('studentB', 'GET', '/api/assignments')).map(
      (x) => x.documentId,
    );
    assert.ok(!assignmentsB.includes(f.assignmentA));
  });

  test('populating the course of a visible test does not reveal an invisible course', async () => {
    const test = await asRole('studentA', 'GET', `/api/tests/${f.testA}?populate=*`);
    assert.equal(test.course, null);
    assert.equal(test.batch.documentId, f.batchA);
  });

  test('GraphQL: by id, in lists, and nested', async () => {
    const res = await gql(
      'studentB',
      `query($hidden: ID!, $a: ID!, $testA: ID!) {
        hidden: course(documentId: $hidden) { course_name }
        ofA: course(documentId: $a) { course_name }
        testA: test(documentId: $testA) { TestName }
        courses { documentId tests { documentId } assignments { documentId } }
        batches { documentId students { documentId } }
      }`,
      { hidden: f.courseHidden, a: f.courseA, testA: f.testA },
    );
    assert.equal(res.json.errors, undefined, res.text);
    const { data } = res.json;
    assert.equal(data.hidden, null);
    assert.equal(data.ofA, null);
    assert.equal(data.testA, null);
    const ids = data.courses.map((c) => c.documentId);
    assert.ok(!ids.includes(f.courseHidden) && !ids.includes(f.courseA));
    const nestedTests = data.courses.flatMap((c) => c.tests.map((t) => t.documentId));
    assert.ok(!nestedTests.includes(f.testA));
    for (const batch of data.batches) {
      assert.deepEqual(
        batch.students.map((s) => s.documentId),
        [users.studentB.student.documentId],
      );
    }
    const nested = await gql(
      'studentA',
      `{ test(documentId: "${f.testA}") { TestName course { course_name } } }`,
    );
    assert.equal(nested.json.data.test.TestName, 'Test of batch A');
    assert.equal(nested.json.data.test.course, null);
  });

  test("GraphQL: another learner's attempt is null; mutations on it fail", async () => {
    const read = await gql(
      'studentB',
      `{ attempt(documentId: "${f.attemptA}") { documentId } attempts { documentId } }`,
    );
    assert.equal(read.json.data.attempt, null);
    assert.ok(!read.json.data.attempts.some((a) => a.documentId === f.attemptA));
    const write = await gql(
      'studentB',
      `mutation { updateAttempt(documentId: "${f.attemptA}", data: { end_date_time: "2030-01-01T00:00:00.000Z" }) { documentId } }`,
    );
    assert.ok(write.json.errors?.length, write.text);
    const create = await gql(
      'studentA',
      'mutation { createCourse(data: { course_name: "Nope" }) { documentId } }',
    );
    assert.match(create.json.errors?.[0]?.message ?? '', /forbidden/i);
  });
});

describe('the default visitor token', () => {
  const visitor = () => server.env.VITE_DEFAULT_API_TOKEN;

  test('cannot read learners, answers, results or questions (REST and GraphQL)', async () => {
    for (const path of [
      '/api/students',
      '/api/answers',
      '/api/results',
      '/api/questions',
      '/api/attempts',
      '/api/users',
    ]) {
      const res = await server.request('GET', path, { token: visitor() });
      assertStrapiError(res, [403], `visitor GET ${path}`);
    }
    for (const query of [
      '{ students { StudentName } }',
      '{ answers { selected_answer } }',
      '{ results { total_marks } }',
      '{ questions { correct_answer } }',
    ]) {
      const res = await server.request('POST', '/api/graphql', {
        token: visitor(),
        body: { query },
      });
      assert.equal(res.json?.data, null, query);
      assert.match(res.json?.errors?.[0]?.message ?? '', /forbidden/i, query);
    }
  });

  test('lists the names of public, active courses only', async () => {
    const res = await server.request('GET', '/api/course-names', { token: visitor() });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.json.data.length >= 1);
    for (const course of res.json.data) {
      assert.deepEqual(Object.keys(course).sort(), ['course_name', 'documentId']);
    }
    const ids = res.json.data.map((c) => c.documentId);
    assert.ok(ids.includes(f.courseOpen));
    assert.ok(!ids.includes(f.courseDemo) && !ids.includes(f.courseHidden));
  });
});

describe('registration (POST /api/register)', () => {
  const visitor = () => server.env.VITE_DEFAULT_API_TOKEN;
  const register = (body, token = visitor()) =>
    server.request('POST', '/api/register', { token, body });

  test('always makes a Student, whatever role, confirmed or blocked the client sends', async () => {
    const email = 'New.Learner@Example.test';
    const res = await register({
      StudentName: '  New   Learner ',
      student_email: email,
      student_mobile_number: '+91 98765 43210',
      password: 'Learner@123',
      role: 1,
      UserRole: 'Admin',
      confirmed: false,
      blocked: true,
      provider: 'google',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json, { ok: true });
    const signIn = await server.request('POST', '/api/login', {
      body: { email: email.toLowerCase(), password: 'Learner@123' },
    });
    assert.equal(signIn.status, 200, signIn.text);
    assert.deepEqual(signIn.json.authorities, ['ROLE_STUDENT']);
    assert.equal(signIn.json.user.UserRole, 'Student');
    assert.equal(signIn.json.user.username, email.toLowerCase());
    assert.equal(signIn.json.user.provider, 'local');
    assert.equal(signIn.json.user.student.StudentName, 'New Learner');
    assert.equal(signIn.json.user.student.student_mobile_number, '+919876543210');
    // A new learner sees public courses only.
    const courses = await server.request('GET', '/api/courses', { token: signIn.json.jwt });
    assert.deepEqual(
      courses.json.data.map((c) => c.documentId),
      [f.courseOpen],
    );
  });

  test('a taken email (any case, user or student) answers like a new one and creates nothing', async () => {
    const count = () => server.database().prepare('SELECT COUNT(*) AS n FROM students').get().n;
    const before = count();
    for (const email of [DEMO.student1.email.toUpperCase(), 'new.learner@example.test']) {
      const res = await register({
        StudentName: 'Copy',
        student_email: email,
        student_mobile_number: '9876543210',
        password: 'Password@1',
      });
      // Issue 18, point 16: the answer does not tell whether the email is taken; its holder is
      // emailed instead.
      assert.equal(res.status, 200, `${email}: ${res.text}`);
      assert.deepEqual(res.json, { ok: true });
    }
    assert.equal(count(), before, 'no orphan Student');
  });

  test('validation errors are 400 with a clear message', async () => {
    const valid = {
      StudentName: 'Valid Name',
      student_email: 'valid@example.test',
      student_mobile_number: '9876543210',
      password: 'Password@1',
    };
    for (const [change, message] of [
      [{ StudentName: ' ' }, /name/i],
      [{ student_email: 'not-an-email' }, /email/i],
      [{ password: 'short' }, /at least 8/i],
      [{ student_mobile_number: '12ab' }, /mobile/i],
    ]) {
      const res = await register({ ...valid, ...change });
      assertStrapiError(res, [400], JSON.stringify(change));
      assert.equal(res.json.error.name, 'ValidationError');
      assert.match(res.json.error.message, message);
    }
  });

  test("needs the visitor token (no header: refused); Strapi's own registration stays closed", async () => {
    const res = await server.request('POST', '/api/register', {
      body: {
        StudentName: 'X',
        student_email: 'x2@example.test',
        student_mobile_number: '9876543210',
        password: 'Password@1',
      },
    });
    assertStrapiError(res, [401, 403], 'no header');
    const gqlRegister = await server.request('POST', '/api/graphql', {
      token: visitor(),
      body: {
        query:
          'mutation { register(input: { username: "x3", email: "x3@example.test", password: "Password@1" }) { jwt } }',
      },
    });
    assert.equal(gqlRegister.json?.data?.register?.jwt ?? null, null);
  });
});

describe('the restricted course list (spec 5: a user limited to some courses)', () => {
  test('applies to every course list and course query of that user, then lifts', async () => {
    const setRestriction = (courses) =>
      asAdmin('PUT', `/api/users/${users.studentA.id}`, { restricted_courses: courses });
    const demoCourse = await asAdmin('GET', `/api/courses/${f.courseDemo}`);
    await setRestriction([demoCourse.id]);
    try {
      const rest = await asRole('studentA', 'GET', '/api/courses');
      assert.deepEqual(
        rest.map((c) => c.documentId),
        [f.courseDemo],
      );
      const hiddenByRestriction = await call('studentA', 'GET', `/api/courses/${f.courseOpen}`);
      assertStrapiError(hiddenByRestriction, [404], 'restricted findOne');
      const graph = await gql('studentA', '{ courses { documentId } }');
      assert.deepEqual(
        graph.json.data.courses.map((c) => c.documentId),
        [f.courseDemo],
      );
      const names = await asRole('studentA', 'GET', '/api/course-names');
      assert.deepEqual(names, []);
    } finally {
      await setRestriction([]);
    }
    const lifted = await asRole('studentA', 'GET', '/api/courses');
    assert.ok(lifted.length > 1);
  });
});

describe('notifications', () => {
  test("a notification addressed to a learner reaches that learner's account only", async () => {
    await asAdmin('POST', '/api/notifications', {
      data: { message: 'Mains results are out', student: users.studentB.student.documentId },
    });
    const sent = (await asRole('studentB', 'GET', '/api/top-notifications'))[0];
    assert.equal(sent.message, 'Mains results are out');
    const forA = await asRole('studentA', 'GET', '/api/notifications');
    assert.ok(!forA.some((n) => n.documentId === sent.documentId));
    const edit = await asRole('studentB', 'PUT', `/api/notifications/${sent.documentId}`, {
      data: { read: true, message: 'changed' },
    });
    assert.equal(edit.read, true);
    assert.equal(edit.message, 'Mains results are out');
  });

  test("GraphQL: another user's notifications are not read, changed or created", async () => {
    const read = await gql(
      'studentB',
      `{ notification(documentId: "${f.notificationA}") { message } notifications { documentId } }`,
    );
    assert.equal(read.json.data.notification, null, read.text);
    assert.ok(!read.json.data.notifications.some((n) => n.documentId === f.notificationA));
    const write = await gql(
      'studentB',
      `mutation { updateNotification(documentId: "${f.notificationA}", data: { read: false }) { read } }`,
    );
    assert.ok(write.json.errors?.length, write.text);
    for (const role of ['studentB', 'faculty']) {
      const create = await gql(
        role,
        `mutation { createNotification(data: { message: "x", to_user: "${users.studentA.id}" }) { documentId } }`,
      );
      assert.match(create.json.errors?.[0]?.message ?? '', /forbidden/i, create.text);
    }
  });
});

describe('logs', () => {
  test('the server sets the user of a log record to the caller', async () => {
    const created = await call('studentB', 'POST', '/api/logs', {
      data: {
        browser: 'x',
        users_permissions_user: users.admin.id,
        consoleLogs: [{ level: 'info' }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const stored = await asAdmin(
      'GET',
      `/api/logs/${created.json.data.documentId}?populate=users_permissions_user`,
    );
    assert.equal(stored.users_permissions_user.id, users.studentB.id);
    assert.ok(stored.timestamp, 'timestamp defaults to now');
  });

  test('a log over 1 MB is refused with 413', async () => {
    const res = await call('studentA', 'POST', '/api/logs', {
      data: { browser: 'x', consoleLogs: ['x'.repeat(1024 * 1024)] },
    });
    assertStrapiError(res, [413], 'big log');
  });
});

describe('files', () => {
  const upload = async (role, name, query = '') => {
    const form = new FormData();
    form.append('files', new Blob([`content of ${name}`], { type: 'text/plain' }), name);
    const res = await fetch(`${server.baseUrl}/api/upload${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) };
  };

  test('a learner attaches only files they uploaded, and cannot rename or replace files', async () => {
    const own = await upload('studentA', 'answer-a.txt');
    assert.equal(own.status, 201, own.text);
    const other = await upload('studentB', 'answer-b.txt');
    assert.equal(other.status, 201, other.text);
    const ownId = own.json[0].id;
    const otherId = other.json[0].id;

    const foreign = await call('studentA', 'PUT', `/api/answers/${f.answerA}`, {
      data: { answer_documents: [otherId] },
    });
    assertStrapiError(foreign, [400], "B's file on A's answer");
    const mine = await call(
      'studentA',
      'PUT',
      `/api/answers/${f.answerA}?populate=answer_documents`,
      {
        data: { answer_documents: [ownId] },
      },
    );
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(
      mine.json.data.answer_documents.map((d) => d.id),
      [ownId],
    );

    const replace = await upload('studentA', 'evil.txt', `?id=${otherId}`);
    assertStrapiError(replace, [403], 'replace a file');
    const list = await call('studentA', 'GET', '/api/upload/files');
    assertStrapiError(list, [403], 'list files');
    const staffList = await call('faculty', 'GET', '/api/upload/files');
    assert.equal(staffList.status, 200);
  });

  test("POST /api/upload with ref: nobody attaches to a learner's answer through it", async () => {
    // Issue 18, point 2: ref/refId/field go through the write rules of a PUT of that field.
    const answerB = await asAdmin('GET', `/api/answers/${f.answerB}`);
    for (const role of ['none', 'visitor', 'studentA', 'studentB', 'faculty']) {
      const form = new FormData();
      form.append('files', new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }), 'x.pdf');
      form.append('ref', 'api::answer.answer');
      form.append('refId', String(answerB.id));
      form.append('field', 'answer_documents');
      const res = await fetch(`${server.baseUrl}/api/upload`, {
        method: 'POST',
        headers: tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {},
        body: form,
      });
      const text = await res.text();
      assertStrapiError({ status: res.status, text, json: JSON.parse(text) }, DENIED, role);
    }
    const linked = await asAdmin('GET', `/api/answers/${f.answerB}?populate=answer_documents`);
    assert.deepEqual(linked.answer_documents ?? [], [], 'nothing was attached');
  });

  test('GET /api/upload/files: staff only, and a learner reads no file by id', async () => {
    const own = await upload('studentB', 'list-me.txt');
    assert.equal(own.status, 201, own.text);
    for (const role of ROLES) {
      const list = await call(role, 'GET', '/api/upload/files');
      const one = await call(role, 'GET', `/api/upload/files/${own.json[0].id}`);
      if (role === 'faculty' || role === 'admin') {
        assert.equal(list.status, 200, `${role} list`);
      } else {
        assertStrapiError(list, DENIED, `${role} list`);
        assertStrapiError(one, DENIED, `${role} file by id`);
      }
    }
  });

  test("a private file's raw URL answers 404 to everyone; its reader gets a signed URL", async () => {
    // Issue 18, point 15: answer documents are served only through signed, expiring URLs.
    const own = await upload('studentA', 'script-a.txt');
    assert.equal(own.status, 201, own.text);
    const saved = await asRole(
      'studentA',
      'PUT',
      `/api/answers/${f.answerA}?populate=answer_documents`,
      { data: { answer_documents: [own.json[0].id] } },
    );
    const signed = saved.answer_documents[0].url;
    assert.match(signed, /[?&]sig=/, 'the reader gets a signed URL');
    const raw = signed.split('?')[0];
    for (const role of ROLES) {
      const res = await server.request('GET', raw, { token: tokens[role] });
      assert.equal(res.status, 404, `${role} GET ${raw}`);
    }
    const download = await fetch(new URL(signed, server.baseUrl));
    assert.equal(download.status, 200, signed);
    assert.equal(await download.text(), 'content of script-a.txt');
  });
});

describe('live classes (issue 21): the join fields and attendance rows', () => {
  const JOIN_FIELDS = ['meeting_number', 'passcode', 'join_url', 'meeting_url'];
  test('learners never get the join fields: REST list, detail, populate; GraphQL', async () => {
    for (const path of [
      '/api/classes?populate=*',
      `/api/classes/${f.classA}?populate=*`,
      '/api/classes?populate[course]=true&populate[batches]=true',
    ]) {
      const data = await asRole('studentA', 'GET', path);
      const rows = Array.isArray(data) ? data : [data];
      assert.ok(
        rows.some((r) => r.documentId === f.classA),
        path,
      );
      for (const row of rows) {
        for (const field of JOIN_FIELDS) assert.ok(!(field in row), `${path}: ${field}`);
      }
    }
    const staff = await asAdmin('GET', `/api/classes/${f.classA}`);
    assert.equal(staff.passcode, 'matrix-pw');
    const q = await gql(
      'studentA',
      `{ class(documentId: "${f.classA}") { name meeting_number passcode join_url batches { Batch } } }`,
    );
    assert.equal(q.json.data.class.name, 'Class of A');
    assert.equal(q.json.data.class.meeting_number, null);
    assert.equal(q.json.data.class.passcode, null);
    const b = await gql('studentB', `{ class(documentId: "${f.classA}") { name } }`);
    assert.equal(b.json.data?.class ?? null, null, b.text);
    const filter = await call('studentA', 'GET', '/api/classes?filters[passcode][$eq]=matrix-pw');
    assertStrapiError(filter, [400, 403], 'filter on passcode');
  });

  test('attendance rows: no REST or GraphQL reads or writes for any role', async () => {
    const refused = (res) => res.status >= 400 || Boolean(res.json?.errors?.length);
    for (const role of ROLES) {
      const post = await call(role, 'POST', '/api/attendances', { data: { via: 'link' } });
      assert.ok([401, 403, 404, 405].includes(post.status), `${role}: POST ${post.status}`);
      const read = await gql(role, '{ attendances { documentId } }');
      assert.ok(refused(read), `${role}: ${read.text.slice(0, 200)}`);
      const write = await gql(
        role,
        'mutation { createAttendance(data: { via: link, joined_at: "2030-01-01T00:00:00.000Z" }) { documentId } }',
      );
      assert.ok(refused(write), `${role}: ${write.text.slice(0, 200)}`);
    }
    const learnerWrite = await gql(
      'studentA',
      'mutation { createClass(data: { name: "Mine", is_public: true }) { documentId } }',
    );
    assert.ok(learnerWrite.json?.errors?.length, learnerWrite.text.slice(0, 200));
  });
});

// Last: changes passwords (10 per user in 15 minutes, counted in the database).
describe('change password works for every role', () => {
  for (const [role, key] of [
    ['studentA', 'student1'],
    ['faculty', 'faculty'],
    ['admin', 'admin'],
  ]) {
    test(role, async () => {
      const next = `${DEMO[key].password}-new`;
      const res = await call(role, 'POST', '/api/auth/change-password', {
        currentPassword: DEMO[key].password,
        password: next,
        passwordConfirmation: next,
      });
      assert.equal(res.status, 200, res.text);
      const signIn = await server.request('POST', '/api/login', {
        body: { email: DEMO[key].email, password: next },
      });
      assert.equal(signIn.status, 200, signIn.text);
    });
  }
});
