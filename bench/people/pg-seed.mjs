// The people bench's rows written straight into PostgreSQL (`--db=postgres`): the same learners,
// users, batches and question-pool questions as seed.mjs writes into SQLite (learner i is named
// FIRST[i % 10] LAST[⌊i / 10⌋ % 10] i, in batch i % batches; question i is about TOPICS[i % 5]),
// set-based with generate_series so 50,000 of each take seconds, not 250,000 round trips.
import { DIFFICULTIES, FIRST, LAST, TOPICS } from './seed.mjs';

/** A Strapi-like documentId (24 lowercase letters and digits) per row. */
const DOC_ID = 'substr(md5(random()::text || clock_timestamp()::text), 1, 24)';

/** Writes the learners (with accounts), one administrator and the pool; answers the admin's id. */
export async function seedPeoplePostgres(client, { learners, batches, questions }) {
  const role = async (type) =>
    Number((await client.query('SELECT id FROM up_roles WHERE type = $1', [type])).rows[0].id);
  const studentRole = await role('student');
  const adminRole = await role('administrator');
  const hash = '$2a$10$benchbenchbenchbenchbenchbenchbenchbenchbenchbenchbe';
  await client.query('BEGIN');
  try {
    const admin = await client.query(
      `INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked,
         user_role, created_at, updated_at, published_at)
       VALUES (${DOC_ID}, 'bench-admin', 'bench-admin@example.org', 'local', $1, true, false,
         'Admin', now(), now(), now()) RETURNING id`,
      [hash],
    );
    const adminId = Number(admin.rows[0].id);
    await client.query(
      'INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) VALUES ($1, $2, 1)',
      [adminId, adminRole],
    );
    await client.query(
      `INSERT INTO batches (document_id, batch, created_at, updated_at, published_at)
       SELECT ${DOC_ID}, 'Batch ' || g, now(), now(), now() FROM generate_series(1, $1) g`,
      [batches],
    );
    await client.query(
      `INSERT INTO students (document_id, student_name, roll_number, student_email,
         student_mobile_number, student_enrollment_date, created_at, updated_at, published_at)
       SELECT ${DOC_ID}, ($2::text[])[i % 10 + 1] || ' ' || ($3::text[])[(i / 10) % 10 + 1] || ' ' || i,
         'R-' || i, 'learner' || i || '@example.org', (9000000000 + i)::text, DATE '2026-06-01',
         now(), now(), now()
       FROM generate_series(0, $1 - 1) i`,
      [learners, FIRST, LAST],
    );
    await client.query(
      `INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked,
         user_role, created_at, updated_at, published_at)
       SELECT ${DOC_ID}, 'learner' || i || '@example.org', 'learner' || i || '@example.org', 'local',
         $2, true, false, 'Student', now(), now(), now()
       FROM generate_series(0, $1 - 1) i`,
      [learners, hash],
    );
    // Links, by the e-mail both rows share and the learner's number in its roll number.
    await client.query(
      `INSERT INTO up_users_student_lnk (user_id, student_id)
       SELECT u.id, s.id FROM students s JOIN up_users u ON u.email = s.student_email
       WHERE s.roll_number LIKE 'R-%'`,
    );
    await client.query(
      `INSERT INTO up_users_role_lnk (user_id, role_id, user_ord)
       SELECT u.id, $1, u.id FROM up_users u WHERE u.email LIKE 'learner%@example.org'`,
      [studentRole],
    );
    await client.query(
      `INSERT INTO batches_students_lnk (batch_id, student_id, student_ord, batch_ord)
       SELECT b.id, s.id, substr(s.roll_number, 3)::int + 1, 1
       FROM students s
       JOIN batches b ON b.batch = 'Batch ' || (substr(s.roll_number, 3)::int % $1 + 1)
       WHERE s.roll_number LIKE 'R-%'`,
      [batches],
    );
    await client.query(
      `INSERT INTO subjects (document_id, subject_name, created_at, updated_at, published_at)
       SELECT ${DOC_ID}, 'Subject ' || g, now(), now(), now() FROM generate_series(1, 10) g`,
    );
    await client.query(
      `INSERT INTO question_pools (document_id, question, option_a, option_b, option_c, option_d,
         correct_answer, points_correct_answer, points_incorrect_answer, question_type, explanation,
         difficulty, tags, created_at, updated_at, published_at)
       SELECT ${DOC_ID},
         'Question ' || i || ' about ' || ($2::text[])[i % 5 + 1] || ': which of the following statements is correct?',
         'First', 'Second', 'Third', 'Fourth', 'a', 1, 0, 'MCQ',
         'Because of how ' || ($2::text[])[i % 5 + 1] || ' works.',
         -- Issue 26: a third each easy, medium, hard; tags of the topic and one of 100 chapters.
         ($3::text[])[i % 3 + 1],
         jsonb_build_array(($2::text[])[i % 5 + 1], 'chapter ' || (i % 100)),
         now() + i * interval '1 millisecond', now() + i * interval '1 millisecond', now()
       FROM generate_series(0, $1 - 1) i`,
      [questions, TOPICS, DIFFICULTIES],
    );
    await client.query(
      `INSERT INTO question_pools_subject_lnk (question_pool_id, subject_id)
       SELECT q.id, s.id FROM question_pools q
       JOIN subjects s ON s.subject_name = 'Subject ' || (substr(q.question, 10,
         strpos(substr(q.question, 10), ' ') - 1)::int % 10 + 1)`,
    );
    await client.query('COMMIT');
    // VACUUM too: it empties the GIN indexes' pending lists (as autovacuum would in time).
    await client.query('VACUUM ANALYZE');
    return adminId;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
