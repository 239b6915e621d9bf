// Seeding and timing shared by the benches that need many learners (bench/people,
// bench/notifications): rows written straight into the server's SQLite file.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir } from '../../server/tests/helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createId } = require('@paralleldrive/cuid2');

/** First and last names of the seeded learners (learner i: FIRST[i % 10] LAST[⌊i / 10⌋ % 10] i). */
export const FIRST = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Sneha',
  'Vivaan',
  'Ananya',
  'Kabir',
  'Meera',
];
export const LAST = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Khan',
  'Das',
  'Nair',
  'Gupta',
  'Singh',
  'Bose',
];

/**
 * Writes `n` learners, each with a user account of the student role, into `batches` new batches
 * (learner i goes to batch `batchOf(i)`), plus one administrator; answers the administrator's
 * user id.
 */
export const seedLearners = (db, n, batchOf, batches) => {
  const now = Date.now();
  const role = (type) => db.prepare('SELECT id FROM up_roles WHERE type = ?').get(type).id;
  const studentRole = role('student');
  const adminRole = role('administrator');
  const hash = '$2a$10$benchbenchbenchbenchbenchbenchbenchbenchbenchbenchbe';
  let adminId = 0;
  db.transaction(() => {
    const batch = db.prepare(
      'INSERT INTO batches (document_id, batch, created_at, updated_at, published_at) VALUES (?,?,?,?,?)',
    );
    const batchIds = [];
    for (let b = 0; b < batches; b += 1) {
      batchIds.push(Number(batch.run(createId(), `Batch ${b + 1}`, now, now, now).lastInsertRowid));
    }
    const student = db.prepare(
      'INSERT INTO students (document_id, student_name, roll_number, student_email, student_mobile_number, student_enrollment_date, created_at, updated_at, published_at) VALUES (?,?,?,?,?,?,?,?,?)',
    );
    const user = db.prepare(
      "INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked, user_role, created_at, updated_at, published_at) VALUES (?,?,?,'local',?,1,0,?,?,?,?)",
    );
    const roleLink = db.prepare(
      'INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) VALUES (?,?,?)',
    );
    const studentLink = db.prepare(
      'INSERT INTO up_users_student_lnk (user_id, student_id) VALUES (?,?)',
    );
    const batchLink = db.prepare(
      'INSERT INTO batches_students_lnk (batch_id, student_id, student_ord, batch_ord) VALUES (?,?,?,1)',
    );
    adminId = Number(
      user.run(createId(), 'bench-admin', 'bench-admin@example.org', hash, 'Admin', now, now, now)
        .lastInsertRowid,
    );
    roleLink.run(adminId, adminRole, 1);
    for (let i = 0; i < n; i += 1) {
      const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`;
      const email = `learner${i}@example.org`;
      const s = student.run(
        createId(),
        name,
        `R-${i}`,
        email,
        String(9000000000 + i),
        '2026-06-01',
        now,
        now,
        now,
      ).lastInsertRowid;
      const u = user.run(createId(), email, email, hash, 'Student', now, now, now).lastInsertRowid;
      roleLink.run(u, studentRole, i + 2);
      studentLink.run(u, s);
      batchLink.run(batchIds[batchOf(i)], s, i + 1);
    }
  })();
  return adminId;
};

export const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const ms = (v) => `${v.toFixed(1)} ms`;

export const timeGets = async (baseUrl, token, path, count) => {
  const times = [];
  let body = null;
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    body = await res.json();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), body };
};

export const DIFFICULTIES = ['easy', 'medium', 'hard'];
export const TOPICS = ['photosynthesis', 'federalism', 'inflation', 'monsoon', 'tectonics'];

/**
 * Writes `n` question-pool questions (multiple choice, with a key) spread over 10 new subjects:
 * question i reads "Question i about <topic>…", so a search for a topic matches a fifth of them.
 */
export const seedQuestionPool = (db, n) => {
  const now = Date.now();
  db.transaction(() => {
    const subject = db.prepare(
      'INSERT INTO subjects (document_id, subject_name, created_at, updated_at, published_at) VALUES (?,?,?,?,?)',
    );
    const subjectIds = [];
    for (let s = 0; s < 10; s += 1) {
      subjectIds.push(
        Number(subject.run(createId(), `Subject ${s + 1}`, now, now, now).lastInsertRowid),
      );
    }
    const question = db.prepare(
      "INSERT INTO question_pools (document_id, question, option_a, option_b, option_c, option_d, correct_answer, points_correct_answer, points_incorrect_answer, question_type, explanation, difficulty, tags, created_at, updated_at, published_at) VALUES (?,?,'First','Second','Third','Fourth','a',1,0,'MCQ',?,?,?,?,?,?)",
    );
    const link = db.prepare(
      'INSERT INTO question_pools_subject_lnk (question_pool_id, subject_id) VALUES (?,?)',
    );
    for (let i = 0; i < n; i += 1) {
      const topic = TOPICS[i % TOPICS.length];
      const id = question.run(
        createId(),
        `Question ${i} about ${topic}: which of the following statements is correct?`,
        `Because of how ${topic} works.`,
        // Issue 26: a third each easy, medium, hard; tags of the topic and one of 100 chapters.
        DIFFICULTIES[i % 3],
        JSON.stringify([topic, `chapter ${i % 100}`]),
        now + i,
        now + i,
        now,
      ).lastInsertRowid;
      link.run(id, subjectIds[i % 10]);
    }
  })();
};
