import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { UserCaller } from './caller';
import { singleRef, collectRefs, isEmptyRefs } from './refs';
import { GRACE_MS, mainsAnswerDeadline } from './facts/attempt-deadlines';
import { DOCUMENT_TYPES, TYPE_MESSAGE } from './facts/answer-documents';
import { UID } from './rules';
import { findVisible, type Refs } from './visibility';

type Data = Record<string, unknown>;

/** The data to write, and the relation fields the rules below already checked themselves. */
export interface PreparedWrite {
  data: Data;
  checked: ReadonlySet<string>;
}

interface AttemptRow {
  id: number;
  documentId: string;
  end_date_time: string | null;
  test: { id: number; documentId: string } | null;
  assignment: { id: number; documentId: string } | null;
}

const now = (): string => new Date().toISOString();

const matchRefs = (refs: Refs): Data => ({
  $or: [
    ...(refs.ids.length > 0 ? [{ id: { $in: refs.ids } }] : []),
    ...(refs.documentIds.length > 0 ? [{ documentId: { $in: refs.documentIds } }] : []),
  ],
});

const myStudent = (caller: UserCaller): string => {
  if (!caller.studentDocumentId) {
    throw new errors.PolicyError('No learner record is linked to this account.');
  }
  return caller.studentDocumentId;
};

const loadAttempt = async (strapi: Core.Strapi, where: Data): Promise<AttemptRow | null> =>
  (await strapi.db.query(UID.attempt).findOne({
    where,
    select: ['id', 'documentId', 'end_date_time'],
    populate: {
      test: { select: ['id', 'documentId'] },
      assignment: { select: ['id', 'documentId'] },
    },
  })) as AttemptRow | null;

/** The caller's own attempt, still open; 400 when unknown (or someone else's), 403 when over. */
const myOpenAttempt = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  refs: Refs,
): Promise<AttemptRow> => {
  const attempt = await loadAttempt(strapi, {
    $and: [matchRefs(refs), { student: { id: caller.studentId ?? -1 } }],
  });
  if (!attempt) {
    throw new errors.ValidationError('Unknown attempt.');
  }
  if (attempt.end_date_time) {
    throw new errors.PolicyError('This attempt is over.');
  }
  return attempt;
};

/** A learner's create or update of one content type, made safe before it is written. */
type LearnerWrite = (
  strapi: Core.Strapi,
  caller: UserCaller,
  action: 'create' | 'update',
  data: Data,
  documentId: string | undefined,
) => Promise<PreparedWrite>;

const workOf = (attempt: AttemptRow): Data =>
  attempt.test
    ? { test: attempt.test.documentId, assignment: null }
    : { assignment: attempt.assignment?.documentId ?? null, test: null };

const learnerAttempt: LearnerWrite = async (strapi, caller, action, data, documentId) => {
  if (action === 'update') {
    const attempt = await loadAttempt(strapi, { documentId });
    if (attempt?.end_date_time) {
      throw new errors.PolicyError('This attempt is over.');
    }
    // The learner may only close the attempt; the time is the server's.
    return { data: data.end_date_time ? { end_date_time: now() } : {}, checked: new Set() };
  }
  const test = singleRef(data.test, 'test');
  const assignment = singleRef(data.assignment, 'assignment');
  if ((test === null) === (assignment === null)) {
    throw new errors.ValidationError('An attempt needs exactly one test or assignment.');
  }
  const uid = test ? UID.test : UID.assignment;
  const [work] = await findVisible(strapi, caller, uid, (test ?? assignment) as Refs);
  if (!work) {
    throw new errors.ValidationError(test ? 'Unknown test.' : 'Unknown assignment.');
  }
  return {
    data: {
      [test ? 'test' : 'assignment']: work.documentId,
      is_practice_test: data.is_practice_test === true,
      student: myStudent(caller),
      start_date_time: now(),
      end_date_time: null,
    },
    checked: new Set(['test', 'assignment', 'student']),
  };
};

const ANSWER_TEXT_MAX = 5000;

const learnerAnswer: LearnerWrite = async (strapi, caller, action, data, documentId) => {
  if (typeof data.selected_answer === 'string' && data.selected_answer.length > ANSWER_TEXT_MAX) {
    throw new errors.ValidationError(`An answer is at most ${ANSWER_TEXT_MAX} characters.`);
  }
  const fields: Data = {};
  for (const key of ['selected_answer', 'mark_as_important', 'answer_documents']) {
    if (key in data) {
      fields[key] = data[key];
    }
  }
  if (action === 'update') {
    const answer = (await strapi.db.query(UID.answer).findOne({
      where: { documentId },
      select: ['id'],
      populate: { attempt: { select: ['id', 'end_date_time', 'expires_at'] } },
    })) as {
      attempt: { end_date_time: string | null; expires_at: string | null } | null;
    } | null;
    // A Mains answer's documents (issue 8): not after the work's deadline. Checked first, so a
    // learner whose time ran out hears when it ended, also once the expiry sweep has closed it.
    const mains =
      documentId && 'answer_documents' in fields
        ? await mainsAnswerDeadline(strapi, documentId)
        : null;
    if (mains?.deadline && mains.deadline.getTime() + GRACE_MS < Date.now()) {
      throw new errors.PolicyError(mains.message);
    }
    const expires = answer?.attempt?.expires_at ? Date.parse(answer.attempt.expires_at) : null;
    if (answer?.attempt?.end_date_time || (expires !== null && expires + GRACE_MS < Date.now())) {
      throw new errors.PolicyError('This attempt is over.');
    }
    if (documentId && 'answer_documents' in fields) {
      const ids = mains ? collectRefs(fields.answer_documents ?? [], 'answer_documents').ids : [];
      const types = ids.length
        ? ((await strapi.db.connection('files').whereIn('id', ids).select('mime')) as Array<{
            mime: string | null;
          }>)
        : [];
      if (types.some((f) => !DOCUMENT_TYPES.includes(f.mime ?? ''))) {
        throw new errors.ValidationError(TYPE_MESSAGE);
      }
    }
    return { data: fields, checked: new Set() };
  }
  const attemptRefs = singleRef(data.attempt, 'attempt');
  const questionRefs = singleRef(data.question, 'question');
  if (!attemptRefs || !questionRefs) {
    throw new errors.ValidationError('An answer needs its attempt and its question.');
  }
  const attempt = await myOpenAttempt(strapi, caller, attemptRefs);
  const question = (await strapi.db.query(UID.question).findOne({
    where: {
      $and: [
        matchRefs(questionRefs),
        attempt.test
          ? { test: { id: attempt.test.id } }
          : { assignment: { id: attempt.assignment?.id ?? -1 } },
      ],
    },
    select: ['id', 'documentId'],
  })) as { documentId: string } | null;
  if (!question) {
    throw new errors.ValidationError('The question is not part of this attempt.');
  }
  return {
    data: {
      ...fields,
      attempt: attempt.documentId,
      question: question.documentId,
      ...workOf(attempt),
      student: myStudent(caller),
      start_date_time: now(),
    },
    checked: new Set(['attempt', 'question', 'test', 'assignment', 'student']),
  };
};

const learnerResult = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  data: Data,
): Promise<PreparedWrite> => {
  const attemptRefs = singleRef(data.attempt, 'attempt');
  if (!attemptRefs) {
    throw new errors.ValidationError('A result needs its attempt.');
  }
  const attempt = await loadAttempt(strapi, {
    $and: [matchRefs(attemptRefs), { student: { id: caller.studentId ?? -1 } }],
  });
  if (!attempt) {
    throw new errors.ValidationError('Unknown attempt.');
  }
  const answerRefs = collectRefs(data.answers ?? [], 'answers');
  let answers: string[] = [];
  if (!isEmptyRefs(answerRefs)) {
    const rows = (await strapi.db.query(UID.answer).findMany({
      where: { $and: [matchRefs(answerRefs), { attempt: { id: attempt.id } }] },
      select: ['id', 'documentId'],
    })) as Array<{ documentId: string }>;
    if (rows.length !== answerRefs.ids.length + answerRefs.documentIds.length) {
      throw new errors.ValidationError('Every answer must belong to this attempt.');
    }
    answers = rows.map((r) => r.documentId);
  }
  return {
    data: {
      attempt: attempt.documentId,
      answers,
      ...workOf(attempt),
      student: myStudent(caller),
    },
    checked: new Set(['attempt', 'answers', 'test', 'assignment', 'student']),
  };
};

export const SUBMITTED_DOCUMENTS = "A submitted answer's documents cannot be changed.";

/**
 * A submitted answer's documents are immutable for everyone (issue 18 point 6): the script a
 * learner handed in is what faculty evaluate, so neither staff nor the learner swap it afterwards.
 */
const assertAnswerDocumentsOpen = async (
  strapi: Core.Strapi,
  documentId: string,
): Promise<void> => {
  const answer = (await strapi.db.query(UID.answer).findOne({
    where: { documentId },
    select: ['id', 'end_date_time'],
    populate: { attempt: { select: ['id', 'end_date_time'] } },
  })) as { end_date_time: string | null; attempt: { end_date_time: string | null } | null } | null;
  if (answer?.end_date_time || answer?.attempt?.end_date_time) {
    throw new errors.PolicyError(SUBMITTED_DOCUMENTS);
  }
};

/** Test fields only administrators write (issue 27: allocation and re-check). */
const TEST_ADMIN_FIELDS = ['moderation_margin', 'recheck_days'];

/** Result fields only the Mains flow writes (src/modules/mains): never through the generic API. */
const RESULT_FLOW_FIELDS = ['is_published', 'total_marks', 'evaluations', 'marks_published_at'];

/**
 * The server-set parts of writes (spec rule: the clock and the score live on the server, and a
 * record's owner is the caller): runs after the role's field whitelist (rules.ts).
 */
export const prepareWrite = async (
  strapi: Core.Strapi,
  caller: UserCaller,
  uid: string,
  action: 'create' | 'update',
  data: Data,
  documentId: string | undefined,
): Promise<PreparedWrite> => {
  if (uid === UID.log && action === 'create') {
    return {
      data: {
        ...data,
        timestamp: typeof data.timestamp === 'string' && data.timestamp ? data.timestamp : now(),
        users_permissions_user: caller.userId,
      },
      checked: new Set(['users_permissions_user']),
    };
  }
  if (
    caller.role === 'faculty' &&
    uid === UID.test &&
    TEST_ADMIN_FIELDS.some((key) => key in data)
  ) {
    // Issue 27: the margin that flags the faculty's own marking, and the re-check window.
    throw new errors.ForbiddenError(
      'Only administrators set the moderation margin and re-check days.',
    );
  }
  if (caller.role === 'student') {
    switch (uid) {
      case UID.attempt:
        return learnerAttempt(strapi, caller, action, data, documentId);
      case UID.answer:
        return learnerAnswer(strapi, caller, action, data, documentId);
      case UID.result:
        return learnerResult(strapi, caller, data);
      default:
        return { data, checked: new Set() };
    }
  }
  if (uid === UID.answer && 'points' in data) {
    // Design rule 3: marks are computed by the server from the stored answers, for every role.
    throw new errors.ValidationError(
      "An answer's points are given by the marking: evaluate Mains answers with /api/mains/evaluations.",
    );
  }
  if (uid === UID.answer && action === 'update' && documentId && 'answer_documents' in data) {
    await assertAnswerDocumentsOpen(strapi, documentId);
  }
  if (uid === UID.result && RESULT_FLOW_FIELDS.some((key) => key in data)) {
    // Publishing and marks have their own rules (issue 8): completed results only, notifications,
    // the total as the sum of the evaluations.
    throw new errors.ValidationError('Publish results with /api/result-bulk.');
  }
  if (uid === UID.evaluation && action === 'update' && documentId) {
    const linked = (await strapi.db
      .connection('results_evaluations_lnk as re')
      .join('evaluations as e', 'e.id', 're.evaluation_id')
      .where('e.document_id', documentId)
      .first('re.id')) as { id: number } | undefined;
    if (linked) {
      throw new errors.ValidationError('Evaluate with /api/mains/evaluations.');
    }
  }
  if (
    uid === UID.notification &&
    action === 'create' &&
    data.link !== undefined &&
    data.link !== null
  ) {
    // A notification's link is a path of this site ("/course"), never another site or a script.
    if (typeof data.link !== 'string' || !/^\/(?![/\\])[^\s]*$/.test(data.link)) {
      throw new errors.ValidationError(
        'A notification link is a path of this site, such as /course.',
      );
    }
  }
  if (uid === UID.notification && action === 'create' && !data.to_user && data.student) {
    // Addressed to a learner: the notification reaches that learner's account.
    const refs = singleRef(data.student, 'student');
    const user = refs
      ? ((await strapi.db.query(UID.user).findOne({
          where: { student: matchRefs(refs) },
          select: ['id'],
        })) as { id: number } | null)
      : null;
    return { data: user ? { ...data, to_user: user.id } : data, checked: new Set(['to_user']) };
  }
  if (caller.role === 'faculty' && uid === UID.evaluation && action === 'create') {
    if (!caller.facultyDocumentId) {
      throw new errors.PolicyError('No faculty record is linked to this account.');
    }
    return { data: { ...data, faculty: caller.facultyDocumentId }, checked: new Set(['faculty']) };
  }
  return { data, checked: new Set() };
};
