// The exam bench's learners and test written straight into PostgreSQL (`--db=postgres`): the same
// rows as lib.mjs `seed` writes into SQLite (one batch of N learners, a 100-question test of that
// batch), in one transaction. Values are converted to each column's type (SQLite's 0/1 and epoch
// milliseconds become PostgreSQL booleans and timestamps). The plain test only: issue 23's
// delivery settings are seeded on SQLite (run.mjs refuses --delivery with --db=postgres).
import { CHOICES, QUESTIONS, TEST_MINUTES, createId } from './lib.mjs';

/** Seeds with a connected pg client; { userIds, testId, testDocumentId }. */
export async function seedPostgres(client, n) {
  const types = new Map();
  const columnTypes = async (table) => {
    if (!types.has(table)) {
      const { rows } = await client.query(
        'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1',
        [table],
      );
      types.set(table, new Map(rows.map((r) => [r.column_name, r.data_type])));
    }
    return types.get(table);
  };
  const insert = async (table, row) => {
    const have = await columnTypes(table);
    const keys = Object.keys(row).filter((k) => have.has(k));
    const values = keys.map((k) => {
      const type = have.get(k);
      const v = row[k];
      if (type === 'boolean' && typeof v === 'number') return v !== 0;
      if (type.startsWith('timestamp') && typeof v === 'number') return new Date(v);
      return v;
    });
    const { rows } = await client.query(
      `INSERT INTO ${table} (${keys.join(',')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(',')}) RETURNING id`,
      values,
    );
    return Number(rows[0]?.id);
  };
  const now = Date.now();
  const sys = () => ({
    document_id: createId(),
    created_at: now,
    updated_at: now,
    published_at: now,
  });
  const tag = Math.random().toString(16).slice(2, 8);
  await client.query('BEGIN');
  try {
    const role = await client.query("SELECT id FROM up_roles WHERE type = 'student'");
    const studentRole = role.rows[0].id;
    const batch = await insert('batches', { ...sys(), batch: `Bench batch ${n}` });
    const userIds = [];
    for (let i = 0; i < n; i += 1) {
      const email = `bench-${tag}-${i}@example.org`;
      const s = await insert('students', {
        ...sys(),
        student_name: `Bench ${i}`,
        roll_number: `B-${tag}-${i}`,
        student_email: email,
      });
      const u = await insert('up_users', {
        ...sys(),
        username: `bench-${tag}-${i}`,
        email,
        provider: 'local',
        password: '$2a$10$benchbenchbenchbenchbenchbenchbenchbenchbenchbenchbe',
        confirmed: 1,
        blocked: 0,
        user_role: 'Student',
      });
      await client.query(
        'INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) VALUES ($1,$2,$3)',
        [u, studentRole, i + 1],
      );
      await client.query('INSERT INTO up_users_student_lnk (user_id, student_id) VALUES ($1,$2)', [
        u,
        s,
      ]);
      await client.query(
        'INSERT INTO batches_students_lnk (batch_id, student_id, student_ord, batch_ord) VALUES ($1,$2,$3,1)',
        [batch, s, i + 1],
      );
      userIds.push(u);
    }
    const testDocumentId = createId();
    const test = await insert('tests', {
      ...sys(),
      document_id: testDocumentId,
      test_name: `Bench test ${n}`,
      test_duration: TEST_MINUTES,
      enable_practice_test: 0,
      attempts: 0,
      max_attempts: 1,
      maximum_marks: QUESTIONS * 2,
      pass_mark: 40,
      pass_mark_unit: 'percent',
    });
    await client.query('INSERT INTO tests_batch_lnk (test_id, batch_id) VALUES ($1,$2)', [
      test,
      batch,
    ]);
    for (let q = 0; q < QUESTIONS; q += 1) {
      const question = await insert('questions', {
        ...sys(),
        question: `Bench question ${q + 1}?`,
        option_a: 'A',
        option_b: 'B',
        option_c: 'C',
        option_d: 'D',
        correct_answer: CHOICES[q % 4],
        points_correct_answer: 2,
        points_incorrect_answer: -0.5,
        question_type: 'MCQ',
      });
      await client.query('INSERT INTO questions_test_lnk (question_id, test_id) VALUES ($1,$2)', [
        question,
        test,
      ]);
    }
    await client.query('COMMIT');
    return { userIds, testId: test, testDocumentId };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
