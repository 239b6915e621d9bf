/**
 * Which endpoints each users-permissions role may call (REST and GraphQL share these actions).
 * This table is the truth: the bootstrap grants exactly these and removes every other grant of
 * these roles (src/bootstrap/permissions.ts). docs/api.md mirrors it. Row- and field-level rules
 * (which rows, which fields) are in rules.ts.
 */
type Crud = 'find' | 'findOne' | 'create' | 'update' | 'delete';

const READ: readonly Crud[] = ['find', 'findOne'];
const ALL: readonly Crud[] = ['find', 'findOne', 'create', 'update', 'delete'];
const WRITE_NO_DELETE: readonly Crud[] = ['find', 'findOne', 'create', 'update'];

const api = (name: string, ops: readonly Crud[]): string[] =>
  ops.map((op) => `api::${name}.${name}.${op}`);

/** Catalogue types: every signed-in role reads them (students through their row scope). */
const CATALOGUE = [
  'course',
  'test',
  'assignment',
  'question',
  'subject',
  'topic',
  'course-content',
  'youtube-video',
  'test-category',
  'test-language',
  'test-sub-category',
  'test-sub-category-2',
  'class',
] as const;

const EVERY_TYPE = [
  ...CATALOGUE,
  'question-pool',
  'batch',
  'student',
  'faculty',
  'notification',
  'attempt',
  'answer',
  'result',
  'evaluation',
  'log',
  'audit-entry',
] as const;

/** Live classes (issue 21): the calls of src/api/live-class. */
const liveClass = (...actions: string[]): string[] =>
  actions.map((a) => `api::live-class.live-class.${a}`);
/** Staff read the attendance of the classes they see (faculty: their courses and batches). */
const LIVE_CLASS_STAFF = liveClass('attendance', 'exportAttendance');

/**
 * Attendance rows (api::attendance.attendance) are deliberately in no list here: nobody reads
 * or writes them through REST or GraphQL. The server writes them when a learner joins; staff read
 * them through LIVE_CLASS_STAFF, learners their own through myAttendance.
 */

/** What every signed-in user needs, whatever their role. */
const SIGNED_IN = [
  'plugin::users-permissions.user.me',
  // The institute's name, look and public rules (issue 24); visitors read them too.
  'api::institute.institute.show',
  // Sign out of every other device (issue 24, Settings).
  'api::session.session.endOthers',
  // Their own name, mobile number and avatar (issue 24, Settings).
  'api::profile.profile.show',
  'api::profile.profile.update',
  'api::profile.profile.avatar',
  'plugin::users-permissions.auth.changePassword',
  'api::course.course.names',
  'api::log.log.create',
  // A learner's own progress (issue 22); anyone else signed in gets 403 from the module.
  'api::report.report.myProgress',
  // The leaderboard of a series (issue 22): a learner sees their standing and the top 10.
  'api::report.report.leaderboard',
  // The two-step upload (src/api/media): a signed upload URL, then the file record.
  'api::media.media.uploadUrl',
  'api::media.media.register',
  // Notifications (issue 20): the caller's own bell, page, stream and preferences.
  'api::notification.notification.top',
  'api::notification.notification.readAll',
  'api::notification.notification.stream',
  'api::notification.notification.preferences',
  'api::notification.notification.savePreferences',
  // Live classes (issue 21, src/api/live-class): each call checks that the caller sees the class.
  ...liveClass('upcoming', 'config', 'signature', 'join', 'calendar'),
];

/** The exam flow (issue 7, src/api/exam): a learner takes a test; staff read attempts and results. */
const EXAM_LEARNER = [
  'api::exam.exam.initialize',
  'api::exam.exam.attempt',
  'api::exam.exam.submit',
  'api::exam.exam.section',
  'api::exam.exam.check',
  'api::exam.exam.result',
  'api::exam.exam.myTests',
];
const EXAM_STAFF = ['api::exam.exam.attempt', 'api::exam.exam.result'];

/** Mains work (issue 8, src/api/mains): learners submit; staff follow; faculty evaluate. */
const mains = (...actions: string[]): string[] => actions.map((a) => `api::mains.mains.${a}`);
const MAINS_LEARNER = mains(
  'myWork',
  'start',
  'attempt',
  'addDocuments',
  'removeDocument',
  'submit',
  'script',
);
const MAINS_STAFF = mains('works', 'results', 'script', 'publish', 'progress');
/** Reopening a completed evaluation (issue 27): administrators only. */
const MAINS_ADMIN = mains('reopenEvaluation');
const MAINS_FACULTY = mains('createEvaluation', 'updateEvaluation', 'evaluationDocument');
/** Annotations (issue 27): the evaluation's faculty member or an administrator (module rule). */
const MAINS_ANNOTATE = mains('annotations', 'saveAnnotations');

/** Allocation, moderation, release check, re-checks (issue 27, src/api/marking). */
const marking = (...actions: string[]): string[] => actions.map((a) => `api::marking.marking.${a}`);
const MARKING_LEARNER = marking('rechecks', 'requestRecheck');
const MARKING_FACULTY = marking('submitModeration', 'rechecks', 'answerRecheck');
const MARKING_ADMIN = marking(
  'allocations',
  'allocate',
  'moderate',
  'releaseCheck',
  'rechecks',
  'answerRecheck',
);

/** Reports (issue 22, src/api/report): staff read a test's figures (faculty: their scope). */
const REPORTS_STAFF = [
  'api::report.report.testData',
  'api::report.report.testResults',
  'api::report.report.exportResults',
  'api::report.report.learnerProgress',
  'api::report.report.testSubjects',
  'api::report.report.resultEvents',
];

/** People (issue 9, src/api/people): administrators manage; faculty read their batches' learners. */
const people = (...actions: string[]): string[] => actions.map((a) => `api::people.people.${a}`);
const PEOPLE_READ = people('batchesPaginated', 'learnersPaginated', 'exportLearners');
const PEOPLE_ADMIN = [
  ...PEOPLE_READ,
  ...people(
    'moveLearners',
    'removeLearners',
    'createLearner',
    'updateLearner',
    'deleteLearners',
    'importLearners',
    'createFaculty',
    'updateFaculty',
    'deleteFaculty',
    'facultyUsers',
    'importFaculties',
    'users',
    'createUser',
    'updateUser',
    'avatar',
    'importUsers',
  ),
];

const STUDENT = [
  ...SIGNED_IN,
  ...CATALOGUE.filter((name) => name !== 'question').flatMap((name) => api(name, READ)),
  // Questions without the answer key (rules.ts); learners' own records only.
  ...api('question', READ),
  ...api('batch', READ),
  ...api('student', READ),
  ...api('faculty', READ),
  ...api('notification', [...READ, 'update']),
  // Attempts and results are made by the server only (design rule 3: the exam flow below
  // creates the attempt with its answers, closes it and marks it). A learner's PUT of an answer
  // saves a choice (the lean path) or a Mains answer's documents.
  ...api('attempt', READ),
  ...api('answer', [...READ, 'update']),
  ...api('result', READ),
  ...api('evaluation', READ),
  ...EXAM_LEARNER,
  ...MAINS_LEARNER,
  ...MARKING_LEARNER,
  ...liveClass('myAttendance'),
  'plugin::upload.content-api.upload',
];

/** Catalogue transitions of staff (custom routes). */
const STAFF_CATALOGUE = [
  'api::subject.subject.removeTopics',
  'api::course-content.course-content.removeTopic',
  // Tests and questions (issue 6): copy a test, import questions, copy pool questions, notify.
  'api::test.test.duplicate',
  'api::test.test.notifyFaculties',
  // Regrade after a key or marks change (issue 23): preview, then re-mark in one transaction.
  'api::test.test.regradePreview',
  'api::test.test.regrade',
  'api::question.question.importForTest',
  'api::question.question.importForAssignment',
  'api::question.question.importForPool',
  'api::question.question.bulkFromPool',
  // Question files (issue 26): Moodle XML, GIFT and Aiken exports of the pool, a test, an assignment.
  'api::question.question.exportForTest',
  'api::question.question.exportForAssignment',
  'api::question.question.exportForPool',
  // Preview as a learner (issue 26): a test, a test's question, a pool question; no attempt.
  'api::test.test.preview',
  'api::question.question.preview',
  // Question images (issue 26): staff upload an image for a question's text.
  'api::question.question.uploadImage',
  'api::question-pool.question-pool.preview',
  // Organising the pool (issue 26): the filtered list and bulk edit of subject, topic, tags.
  'api::question-pool.question-pool.search',
  'api::question-pool.question-pool.bulkEdit',
  // Draft → published → closed (issue 23).
  'api::test.test.publish',
  'api::test.test.close',
  'api::assignment.assignment.publish',
  'api::assignment.assignment.close',
  // Accommodations (issue 23): a learner's or batch's extra time, attempts and window.
  'api::test.test.accommodations',
  'api::test.test.createAccommodation',
  'api::test.test.updateAccommodation',
  'api::test.test.deleteAccommodation',
];

/**
 * Accommodation rows (api::accommodation.accommodation) are in no list either: staff read and
 * write them through the test calls above; learners never see them (issue 23).
 */

const FACULTY = [
  ...SIGNED_IN,
  // Live classes (issue 21): faculty schedule, change and cancel; administrators delete.
  ...CATALOGUE.flatMap((name) => api(name, name === 'class' ? WRITE_NO_DELETE : ALL)),
  ...STAFF_CATALOGUE,
  ...api('question-pool', ALL),
  ...api('batch', READ),
  ...api('student', READ),
  ...api('faculty', READ),
  // Faculty tell the faculties of a test through notify-faculties only (issue 20).
  ...api('notification', [...READ, 'update']),
  ...api('attempt', READ),
  // Answers and their points are written by the marking code only (issue 18, point 10).
  ...api('answer', READ),
  ...api('result', [...READ, 'update']),
  ...api('evaluation', [...READ, 'create', 'update']),
  ...api('audit-entry', READ),
  ...EXAM_STAFF,
  ...MAINS_STAFF,
  ...MAINS_FACULTY,
  ...MARKING_FACULTY,
  ...MAINS_ANNOTATE,
  ...REPORTS_STAFF,
  ...PEOPLE_READ,
  ...LIVE_CLASS_STAFF,
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
  'plugin::upload.content-api.destroy',
];

const ADMINISTRATOR = [
  ...SIGNED_IN,
  // The institute's settings (issue 24): only administrators change them.
  'api::institute.institute.update',
  'api::institute.institute.setFile',
  'api::institute.institute.clearFile',
  ...EVERY_TYPE.filter((name) => name !== 'log' && name !== 'audit-entry').flatMap((name) =>
    api(name, ALL),
  ),
  ...STAFF_CATALOGUE,
  ...api('log', ['find', 'findOne', 'delete']),
  // Audit entries (issue 23) are the server's record: read only, by everyone on staff.
  ...api('audit-entry', READ),
  ...EXAM_STAFF,
  ...MAINS_STAFF,
  ...MAINS_ADMIN,
  ...MARKING_ADMIN,
  ...MAINS_ANNOTATE,
  ...REPORTS_STAFF,
  ...PEOPLE_ADMIN,
  ...LIVE_CLASS_STAFF,
  'plugin::users-permissions.user.find',
  'plugin::users-permissions.user.findOne',
  'plugin::users-permissions.user.count',
  'plugin::users-permissions.user.create',
  'plugin::users-permissions.user.update',
  'plugin::users-permissions.user.destroy',
  'plugin::users-permissions.role.find',
  'plugin::users-permissions.role.findOne',
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
  'plugin::upload.content-api.destroy',
];

/** users-permissions' own default role for signed-in users: only the basics. */
const AUTHENTICATED = [
  'plugin::users-permissions.user.me',
  'plugin::users-permissions.auth.changePassword',
];

export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  administrator: [...new Set(ADMINISTRATOR)],
  faculty: [...new Set(FACULTY)],
  student: [...new Set(STUDENT)],
  authenticated: AUTHENTICATED,
  // The Public role (no Authorization header at all) has no permissions: public-access.ts.
};
