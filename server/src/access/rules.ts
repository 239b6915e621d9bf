import { WITHHELD_RESULT_FIELDS } from './facts/withheld-results';
import type { Caller, UserCaller } from './caller';
import { NOT_DRAFT } from './facts/work-status';
import { allocationFilter } from './facts/allocations';

/**
 * THE place that decides who sees which rows and fields, and who may write which fields.
 * Every read and write path consults it:
 * - the document-service middleware (REST core controllers, GraphQL queries and mutations, any
 *   server code running inside a request): `readScope` is added to filters and to every populated
 *   relation, hidden fields may not be filtered or sorted on, writes go through `writePolicy`;
 * - the content-API output sanitizer (REST answers, including users-permissions' own `/users/me`):
 *   hidden fields are removed and related rows the caller may not read are dropped;
 * - the GraphQL field middlewares (nested relations, hidden scalar fields).
 * Which endpoints a role may call at all is the permission table (permission-table.ts).
 */
export type Filters = Record<string, unknown>;

export const UID = {
  course: 'api::course.course',
  test: 'api::test.test',
  assignment: 'api::assignment.assignment',
  question: 'api::question.question',
  questionPool: 'api::question-pool.question-pool',
  courseContent: 'api::course-content.course-content',
  subject: 'api::subject.subject',
  topic: 'api::topic.topic',
  liveClass: 'api::class.class',
  attendance: 'api::attendance.attendance',
  accommodation: 'api::accommodation.accommodation',
  batch: 'api::batch.batch',
  student: 'api::student.student',
  faculty: 'api::faculty.faculty',
  attempt: 'api::attempt.attempt',
  answer: 'api::answer.answer',
  result: 'api::result.result',
  evaluation: 'api::evaluation.evaluation',
  notification: 'api::notification.notification',
  log: 'api::log.log',
  auditEntry: 'api::audit-entry.audit-entry',
  user: 'plugin::users-permissions.user',
} as const;

/** Matches no row (ids are positive). */
export const NOTHING: Filters = Object.freeze({ id: { $eq: -1 } });

/** Content types whose rows are filtered per caller; all others are readable by whoever may `find`. */
export const SCOPED_UIDS: readonly string[] = [
  UID.course,
  UID.test,
  UID.assignment,
  UID.question,
  UID.questionPool,
  UID.courseContent,
  UID.subject,
  UID.topic,
  UID.liveClass,
  UID.attendance,
  UID.accommodation,
  UID.batch,
  UID.student,
  UID.attempt,
  UID.answer,
  UID.result,
  UID.evaluation,
  UID.notification,
  UID.log,
  UID.auditEntry,
  UID.user,
];

/** The answer key: never sent to a learner by the generic endpoints (REST, GraphQL, populate). */
export const ANSWER_KEY_FIELDS = [
  'correct_answer',
  'explanation',
  'points_correct_answer',
  'points_incorrect_answer',
  // Issue 26: a numeric question's accepted tolerance or range is its key too.
  'answer_tolerance',
  'answer_min',
  'answer_max',
] as const;

/**
 * A question's staff-only fields: its key and its rubric (issue 27; learners see only the levels
 * they reached, on a published result, through the evaluation's own answer).
 */
export const QUESTION_STAFF_FIELDS = [...ANSWER_KEY_FIELDS, 'rubric'] as const;

const FACULTY_PERSONAL_FIELDS = ['faculty_email_id', 'faculty_mobile_number', 'faculty_address'];

/**
 * How a live class is joined (issue 21): staff only. Learners receive the meeting number and the
 * passcode only in the signature's answer inside the join window, and a link's URL only from the
 * join call (`meeting_url` is the legacy link, kept for old rows).
 */
export const CLASS_JOIN_FIELDS = ['meeting_number', 'passcode', 'join_url', 'meeting_url'] as const;

const and = (...parts: Array<Filters | null>): Filters | null => {
  const present = parts.filter((p): p is Filters => p !== null);
  if (present.length === 0) {
    return null;
  }
  return present.length === 1 ? present[0] : { $and: present };
};

const restriction = (caller: UserCaller): Filters | null =>
  caller.restrictedCourseIds.length > 0 ? { id: { $in: [...caller.restrictedCourseIds] } } : null;

const learnerScopes = async (caller: UserCaller): Promise<Record<string, Filters>> => {
  const me = caller.studentId ?? -1;
  const batches = await caller.batchIds();
  const inMyBatches = (field: string): Filters[] =>
    batches.length > 0 ? [{ [field]: { id: { $in: [...batches] } } }] : [];

  // Spec 5: "students see only the courses, tests and assignments that are public, linked to
  // them, or linked to one of their batches". A deactivated (soft-deleted) course is hidden too.
  const course = and(
    { is_active: { $eq: true } },
    { $or: [{ is_public: { $eq: true } }, { students: { id: me } }, ...inMyBatches('batches')] },
    restriction(caller),
  ) as Filters;
  // Issue 23: never a draft, in any channel (REST, GraphQL, populate, the exam's own reads).
  const work: Filters = {
    $and: [
      NOT_DRAFT,
      {
        $or: [
          { course: { is_public: { $eq: true } } },
          { students: { id: me } },
          ...inMyBatches('batch'),
        ],
      },
    ],
  };
  const own: Filters = { student: { id: me } };
  return {
    [UID.course]: course,
    [UID.test]: work,
    [UID.assignment]: work,
    [UID.question]: { $or: [{ test: work }, { assignment: work }] },
    [UID.questionPool]: NOTHING,
    [UID.courseContent]: { course },
    // Subjects and topics (with their materials) of the courses they see.
    [UID.subject]: { courses: course },
    [UID.topic]: { subject: { courses: course } },
    // Live classes (issue 21): public ones, those of their batches, and those of a course they
    // see when the class names no batch (batches narrow a course's class to those batches).
    [UID.liveClass]: {
      $or: [
        { is_public: { $eq: true } },
        ...inMyBatches('batches'),
        { $and: [{ batches: { id: { $null: true } } }, { course }] },
      ],
    },
    [UID.attendance]: NOTHING,
    // Accommodations (issue 23): staff records, never a learner's read.
    [UID.accommodation]: NOTHING,
    [UID.batch]: { students: { id: me } },
    [UID.student]: { id: me },
    [UID.attempt]: own,
    [UID.answer]: own,
    [UID.result]: own,
    // Evaluations: only those of their own published results (issue 8); see readScope.
    [UID.evaluation]: NOTHING,
    [UID.notification]: { $or: [{ to_user: { id: caller.userId } }, own] },
    [UID.log]: NOTHING,
    // Audit entries (issue 23: regrade) are staff records.
    [UID.auditEntry]: NOTHING,
    [UID.user]: { id: caller.userId },
  };
};

const facultyScopes = (caller: UserCaller): Record<string, Filters | null> => {
  const me = caller.facultyId ?? -1;
  // Learners' work a faculty member may see: of learners in their batches, or of their tests.
  const work: Filters = {
    $or: [
      { student: { batches: { faculties: { id: me } } } },
      { test: { faculties: { id: me } } },
      { assignment: { faculties: { id: me } } },
    ],
  };
  return {
    [UID.course]: restriction(caller),
    [UID.batch]: { faculties: { id: me } },
    [UID.student]: { batches: { faculties: { id: me } } },
    [UID.attempt]: work,
    [UID.answer]: work,
    [UID.result]: work,
    [UID.evaluation]: { $or: [{ faculty: { id: me } }, { answer: work }] },
    // Live classes (issue 21): those of their courses and of their batches.
    [UID.liveClass]: {
      $or: [{ course: { faculties: { id: me } } }, { batches: { faculties: { id: me } } }],
    },
    // Attendance rows: read through /api/live-classes/:id/attendance only (no generic reads).
    [UID.attendance]: NOTHING,
    // Accommodations: read through /api/tests/:documentId/accommodations only.
    [UID.accommodation]: NOTHING,
    [UID.notification]: { to_user: { id: caller.userId } },
    [UID.log]: NOTHING,
    // Audit entries (issue 23): those of the tests they are assigned to.
    [UID.auditEntry]: { test: { faculties: { id: me } } },
    [UID.user]: { id: caller.userId },
  };
};

/**
 * Once a work's subjects are allocated (issue 27), a faculty member reads its scripts (results,
 * answers, attempts, and others' evaluations of them) only when allocated to them; the rule is
 * facts/allocations.ts. Without allocations the scope stays as it was.
 */
const allocated = async (
  caller: UserCaller,
  uid: string,
  scope: Filters | null,
): Promise<Filters | null> => {
  const kind =
    uid === UID.result
      ? 'result'
      : uid === UID.answer
        ? 'answer'
        : uid === UID.attempt
          ? 'attempt'
          : uid === UID.evaluation
            ? 'evaluation'
            : null;
  if (kind === null || scope === null) {
    return scope;
  }
  const allocation = await caller.allocation();
  if (kind === 'evaluation') {
    const answers = allocationFilter(allocation, 'answer');
    return answers
      ? {
          $or: [
            { faculty: { id: caller.facultyId ?? -1 } },
            { $and: [scope, { answer: answers }] },
          ],
        }
      : scope;
  }
  const narrow = allocationFilter(allocation, kind);
  return narrow ? { $and: [scope, narrow] } : scope;
};

const visitorScope = (uid: string): Filters | null => {
  if (uid === UID.course) {
    return { is_public: { $eq: true }, is_active: { $eq: true } };
  }
  return SCOPED_UIDS.includes(uid) ? NOTHING : null;
};

/** Extra filters for `caller` reading `uid` (null: no restriction). */
export const readScope = async (caller: Caller, uid: string): Promise<Filters | null> => {
  if (caller.kind === 'system') {
    return null;
  }
  if (caller.kind === 'visitor' || caller.role === 'other') {
    return visitorScope(uid);
  }
  if (!SCOPED_UIDS.includes(uid)) {
    return null;
  }
  switch (caller.role) {
    case 'administrator':
      if (uid === UID.notification) {
        // Everyone's bell is their own, administrators' too (issue 20).
        return { to_user: { id: caller.userId } };
      }
      return uid === UID.course ? restriction(caller) : null;
    case 'faculty':
      return allocated(caller, uid, facultyScopes(caller)[uid] ?? null);
    case 'student':
      if (uid === UID.evaluation) {
        // Marks reach a learner only once published (issue 8): the evaluations of their own
        // published results, nothing else.
        const ids = await caller.publishedEvaluationIds();
        return ids.length > 0 ? { id: { $in: [...ids] } } : NOTHING;
      }
      return (await learnerScopes(caller))[uid] ?? null;
  }
};

/**
 * Which existing documents `caller` may update or delete: the read scope, narrowed where a role
 * may read more than it may change (a faculty member edits only their own evaluations).
 */
export const writeScope = async (caller: Caller, uid: string): Promise<Filters | null> => {
  const read = await readScope(caller, uid);
  if (caller.kind === 'user' && caller.role === 'faculty' && uid === UID.evaluation) {
    return { faculty: { id: caller.facultyId ?? -1 } };
  }
  return read;
};

/** Learners, visitors and unknown roles: the callers with the narrowest rules. */
export const isLearnerLike = (caller: Caller): boolean =>
  caller.kind === 'visitor' ||
  (caller.kind === 'user' && (caller.role === 'student' || caller.role === 'other'));

/**
 * Whether `caller` may filter or sort on attributes of `uid` reached through a relation. Learners
 * may only name a scoped related record by id/documentId: filtering tests by
 * `students.student_email` would tell them other learners' emails without ever returning them.
 */
export const mayQueryInside = (caller: Caller, uid: string): boolean =>
  !isLearnerLike(caller) || !SCOPED_UIDS.includes(uid);

/** Attributes of `uid` that `caller` never receives and may not filter or sort on. */
export const hiddenFields = (caller: Caller, uid: string): readonly string[] => {
  if (!isLearnerLike(caller)) {
    return [];
  }
  switch (uid) {
    case UID.question:
      return QUESTION_STAFF_FIELDS;
    case UID.questionPool:
      return ANSWER_KEY_FIELDS;
    case UID.answer:
      return ['points'];
    case UID.faculty:
      return FACULTY_PERSONAL_FIELDS;
    case UID.liveClass:
      return CLASS_JOIN_FIELDS;
    default:
      return [];
  }
};

/**
 * Attributes of `uid` that `caller` may not filter or sort on: the hidden ones, and for learners
 * the marks of results (an unpublished Mains result's marks are withheld, issue 8; a filter on them
 * would tell them anyway).
 */
export const unqueryableFields = (caller: Caller, uid: string): readonly string[] =>
  isLearnerLike(caller) && uid === UID.result
    ? [...hiddenFields(caller, uid), ...WITHHELD_RESULT_FIELDS]
    : hiddenFields(caller, uid);

export type WriteAction = 'create' | 'update' | 'delete';

export interface WritePolicy {
  /** Attributes kept from the client's data; others are dropped (like Strapi's non-writable ones). */
  writable?: readonly string[];
}

const LOG_FIELDS = [
  'browser',
  'os',
  'device',
  'userAgent',
  'consoleLogs',
  'apiLogs',
  'timestamp',
] as const;

type PolicyTable = Partial<Record<string, Partial<Record<WriteAction, WritePolicy>>>>;

/**
 * Learners write only their own exam records, and only through fields that cannot change whose
 * record it is, when it started, or what it scored (the server sets those; see write-rules.ts).
 */
const STUDENT_WRITES: PolicyTable = {
  // Attempts and results: no generic writes (the exam flow, src/modules/exam, makes and closes them).
  // A generic answer update carries only a Mains answer's documents; choices go through the lean
  // save (revision, expiry), and end_date_time, points and revision are the server's.
  [UID.answer]: { update: { writable: ['answer_documents'] } },
  [UID.notification]: { update: { writable: ['read'] } },
  [UID.log]: { create: { writable: LOG_FIELDS } },
};

const EVALUATION_FIELDS = [
  'total_marks',
  'start_date_time',
  'end_date_time',
  'evaluation_document',
  'subject',
  'answer',
  'test',
  'assignment',
] as const;

/**
 * Faculty write the catalogue freely (FACULTY_CATALOGUE), except who teaches or grades it
 * (staffing.ts); elsewhere only what is listed here.
 */
const FACULTY_WRITES: PolicyTable = {
  // No generic answer writes: points are the marking code's (src/modules/exam, src/modules/mains).
  [UID.result]: {
    update: {
      writable: ['total_marks', 'is_published', 'grade', 'evaluation_document', 'evaluations'],
    },
  },
  [UID.evaluation]: {
    create: { writable: EVALUATION_FIELDS },
    update: { writable: EVALUATION_FIELDS },
  },
  [UID.notification]: { update: { writable: ['read'] } },
  [UID.log]: { create: { writable: LOG_FIELDS } },
};

/** "Only staff write catalogue data": what faculty create, change and delete like administrators. */
const FACULTY_CATALOGUE: readonly string[] = [
  UID.course,
  UID.test,
  UID.assignment,
  UID.question,
  UID.questionPool,
  UID.courseContent,
  UID.liveClass,
  'api::subject.subject',
  'api::topic.topic',
  'api::youtube-video.youtube-video',
  'api::test-category.test-category',
  'api::test-language.test-language',
  'api::test-sub-category.test-sub-category',
  'api::test-sub-category-2.test-sub-category-2',
];

const ADMIN_WRITES: PolicyTable = {
  [UID.log]: { create: { writable: LOG_FIELDS } },
  // A message to one person (spec: POST with to_user); kind, email flag and dates are the server's.
  [UID.notification]: {
    create: { writable: ['message', 'to_user', 'student', 'link'] },
    update: { writable: ['read'] },
  },
};

/**
 * The write policy of `caller` for `action` on `uid`; null means "refused" (a 403, on top of the
 * permission table, so a mistaken grant cannot open a learner-writable path).
 */
export const writePolicy = (
  caller: Caller,
  uid: string,
  action: WriteAction,
): WritePolicy | null => {
  if (caller.kind === 'system') {
    return {};
  }
  if (
    caller.kind === 'visitor' ||
    caller.role === 'other' ||
    uid === UID.attendance ||
    uid === UID.accommodation ||
    uid === UID.auditEntry
  ) {
    // Attendance rows (issue 21), accommodations and audit entries (issue 23) are written by the
    // server only (accommodations through the staff calls of modules/exam/accommodation-admin.ts),
    // whoever asks.
    return null;
  }
  switch (caller.role) {
    case 'administrator':
      return ADMIN_WRITES[uid]?.[action] ?? {};
    case 'faculty':
      return FACULTY_WRITES[uid]?.[action] ?? (FACULTY_CATALOGUE.includes(uid) ? {} : null);
    case 'student':
      return STUDENT_WRITES[uid]?.[action] ?? null;
  }
};
