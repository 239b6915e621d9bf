import type { Knex } from 'knex';
import type { Db } from '../../platform/db/sql';

/**
 * Who an event notifies (issue 20): user ids (up_users.id), each found by one set-based query
 * (sub-selects on the link tables), never a request per person. Pass the event's transaction as
 * `db` to see its own writes.
 */
export type WorkKind = 'test' | 'assignment';

const WORK: Record<WorkKind, { table: string; col: string }> = {
  test: { table: 'tests', col: 'test_id' },
  assignment: { table: 'assignments', col: 'assignment_id' },
};

const ids = (rows: unknown): number[] =>
  [...new Set((rows as Array<{ user_id: number | string }>).map((r) => Number(r.user_id)))].sort(
    (a, b) => a - b,
  );

/** Users of the learners whose students.id is selected by `students` (ids or a sub-query). */
const usersOfStudents = async (
  db: Db,
  students: readonly number[] | ((q: Knex.QueryBuilder) => void),
): Promise<number[]> => {
  if (Array.isArray(students) && students.length === 0) {
    return [];
  }
  const rows = await db('up_users_student_lnk as us')
    .join('up_users as u', 'u.id', 'us.user_id')
    .where((q) => {
      q.whereNull('u.blocked').orWhere('u.blocked', false);
    })
    .whereIn('us.student_id', students as never)
    .distinct('us.user_id');
  return ids(rows);
};

/** The users of these learners (students.id). */
export const learnerUsers = (db: Db, studentIds: readonly number[]): Promise<number[]> =>
  usersOfStudents(db, [...new Set(studentIds)]);

/** Every learner with an account (a work of a public course is theirs). */
export const allLearnerUsers = (db: Db): Promise<number[]> =>
  usersOfStudents(db, (q) => {
    q.select('id').from('students');
  });

/**
 * The learners who can take a test or an assignment, as the learner read scope (access/rules.ts)
 * says today: every learner when its course is public, else its own learners (students) and
 * those of its batch. A non-public course's own learners do not see a work linked to another
 * batch, so they are not told of it either.
 */
export const workLearnerUsers = async (
  db: Db,
  kind: WorkKind,
  workId: number,
): Promise<number[]> => {
  const { table, col } = WORK[kind];
  const open = await db(`${table}_course_lnk as wc`)
    .join('courses as c', 'c.id', 'wc.course_id')
    .where(`wc.${col}`, workId)
    .where('c.is_public', true)
    .first('c.id');
  if (open) {
    return allLearnerUsers(db);
  }
  return usersOfStudents(db, (q) => {
    q.select('student_id')
      .from(`${table}_students_lnk`)
      .where(col, workId)
      .union((u) => {
        u.select('bs.student_id')
          .from('batches_students_lnk as bs')
          .join(`${table}_batch_lnk as wb`, 'wb.batch_id', 'bs.batch_id')
          .where(`wb.${col}`, workId);
      });
  });
};

/** Users of these faculty members (faculties.id). */
export const facultyUsers = async (db: Db, facultyIds: readonly number[]): Promise<number[]> => {
  if (facultyIds.length === 0) {
    return [];
  }
  return ids(
    await db('up_users_faculty_lnk')
      .whereIn('faculty_id', [...new Set(facultyIds)])
      .distinct('user_id'),
  );
};

/** The users of the faculty linked to a test or an assignment (its `faculties`). */
export const workFacultyUsers = async (
  db: Db,
  kind: WorkKind,
  workId: number,
): Promise<number[]> => {
  const { table, col } = WORK[kind];
  return ids(
    await db('up_users_faculty_lnk')
      .whereIn('faculty_id', (q) => {
        q.select('faculty_id').from(`${table}_faculties_lnk`).where(col, workId);
      })
      .distinct('user_id'),
  );
};

/**
 * The faculty who grade a learner's Mains work (modules/mains/evaluation.ts): a subject of theirs
 * is one of the work's subjects and a batch of theirs is one of the learner's batches. A work
 * with no subjects has no such grader: then its own faculty (`faculties`) are told.
 */
export const graderUsers = async (
  db: Db,
  kind: WorkKind,
  workId: number,
  studentId: number,
): Promise<number[]> => {
  const { table, col } = WORK[kind];
  const rows = await db('up_users_faculty_lnk as uf')
    .whereIn('uf.faculty_id', (q) => {
      q.select('fs.faculty_id')
        .from('faculties_subjects_lnk as fs')
        .join(`${table}_subjects_lnk as ws`, 'ws.subject_id', 'fs.subject_id')
        .where(`ws.${col}`, workId);
    })
    .whereIn('uf.faculty_id', (q) => {
      q.select('bf.faculty_id')
        .from('batches_faculties_lnk as bf')
        .join('batches_students_lnk as bs', 'bs.batch_id', 'bf.batch_id')
        .where('bs.student_id', studentId);
    })
    .distinct('uf.user_id');
  if (rows.length > 0) {
    return ids(rows);
  }
  const subjects = await db(`${table}_subjects_lnk`).where(col, workId).first(col);
  return subjects ? [] : workFacultyUsers(db, kind, workId);
};

/** The users whose role is of type 'administrator'. */
export const administratorUsers = async (db: Db): Promise<number[]> =>
  ids(
    await db('up_users_role_lnk as ur')
      .join('up_roles as r', 'r.id', 'ur.role_id')
      .join('up_users as u', 'u.id', 'ur.user_id')
      .where('r.type', 'administrator')
      .where((q) => {
        q.whereNull('u.blocked').orWhere('u.blocked', false);
      })
      .distinct('ur.user_id'),
  );

/**
 * A course's learners (every learner when it is public; else its own learners and those of its
 * batches) and its staff (its faculty), as two lists; none when the course is deactivated.
 */
export const courseAudience = async (
  db: Db,
  courseId: number,
): Promise<{ learners: number[]; staff: number[] }> => {
  const course = (await db('courses').where('id', courseId).first('is_public', 'is_active')) as
    { is_public: unknown; is_active: unknown } | undefined;
  if (!course || course.is_active === false || course.is_active === 0) {
    return { learners: [], staff: [] };
  }
  const open = course.is_public === true || course.is_public === 1;
  const learners = open
    ? await allLearnerUsers(db)
    : await usersOfStudents(db, (q) => {
        q.select('student_id')
          .from('courses_students_lnk')
          .where('course_id', courseId)
          .union((u) => {
            u.select('bs.student_id')
              .from('batches_students_lnk as bs')
              .join('courses_batches_lnk as cb', 'cb.batch_id', 'bs.batch_id')
              .where('cb.course_id', courseId);
          });
      });
  const staff = ids(
    await db('up_users_faculty_lnk')
      .whereIn('faculty_id', (q) => {
        q.select('faculty_id').from('courses_faculties_lnk').where('course_id', courseId);
      })
      .distinct('user_id'),
  );
  return { learners, staff };
};

/** Whether a notice of `kind` about `aboutId` was already written (notifications_about_idx). */
export const alreadyNotified = async (db: Db, kind: string, aboutId: string): Promise<boolean> =>
  Boolean(await db('notifications').where({ kind, about_id: aboutId }).first('id'));

/** Of `userIds`, those who already have a notice of `kind` about `aboutId` (since `since`). */
export const notifiedUsers = async (
  db: Db,
  kind: string,
  aboutId: string,
  since?: Date,
): Promise<Set<number>> => {
  const q = db('notifications as n')
    .join('notifications_to_user_lnk as l', 'l.notification_id', 'n.id')
    .where('n.kind', kind)
    .where('n.about_id', aboutId);
  if (since) {
    q.where('n.created_at', '>=', since);
  }
  return new Set(ids(await q.distinct('l.user_id')));
};

/**
 * A live class's people (issue 21), as the learner read scope says: every learner when the class
 * is public; else the learners of its batches when it names batches (batches narrow a course's
 * class), else its course's learners. Staff: the faculty of its batches and of its course.
 */
export const classAudience = async (
  db: Db,
  classId: number,
): Promise<{ learners: number[]; staff: number[] }> => {
  const live = (await db('classes').where('id', classId).first('is_public')) as
    { is_public: unknown } | undefined;
  if (!live) {
    return { learners: [], staff: [] };
  }
  const batchIds = (
    (await db('classes_batches_lnk').where('class_id', classId).select('batch_id')) as Array<{
      batch_id: number | string;
    }>
  ).map((r) => Number(r.batch_id));
  const course = (await db('classes_course_lnk').where('class_id', classId).first('course_id')) as
    { course_id: number | string } | undefined;
  const ofCourse = course
    ? await courseAudience(db, Number(course.course_id))
    : { learners: [], staff: [] };
  const batchStaff =
    batchIds.length > 0
      ? ids(
          await db('up_users_faculty_lnk')
            .whereIn('faculty_id', (q) => {
              q.select('faculty_id').from('batches_faculties_lnk').whereIn('batch_id', batchIds);
            })
            .distinct('user_id'),
        )
      : [];
  const open = live.is_public === true || live.is_public === 1;
  let learners: number[];
  if (open) {
    learners = await allLearnerUsers(db);
  } else if (batchIds.length > 0) {
    learners = await usersOfStudents(db, (q) => {
      q.select('student_id').from('batches_students_lnk').whereIn('batch_id', batchIds);
    });
  } else {
    learners = ofCourse.learners;
  }
  return { learners, staff: [...new Set([...batchStaff, ...ofCourse.staff])] };
};
