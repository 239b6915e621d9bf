// An exam learner's and author's calls for the exam tests (issue 25): make a test of N one-point
// questions for the demo students A and B, start, save and submit.
import { asRoles } from './roles.mjs';

export const examClient = (getServer) => {
  const { tokens, users, call, ok, signIn } = asRoles(getServer);
  const makeTest = async (name, questions = 2) => {
    const created = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 30,
        MaximumMarks: questions,
        max_attempts: 0,
        students: [users.A.student.documentId, users.B.student.documentId],
      },
    });
    const ids = [];
    for (let i = 0; i < questions; i += 1) {
      ids.push(await addQuestion(created.documentId, `Q${i + 1} of ${name}?`));
    }
    return { test: created.documentId, questions: ids };
  };
  const addQuestion = async (testId, text) =>
    (
      await ok('admin', 'POST', '/api/questions', {
        data: {
          question: text,
          option_a: 'A',
          option_b: 'B',
          option_c: 'C',
          option_d: 'D',
          question_type: 'MCQ',
          correct_answer: 'a',
          points_correct_answer: 1,
          points_incorrect_answer: 0,
          test: testId,
        },
      })
    ).documentId;
  const start = (role, testId, on) =>
    ok(role, 'POST', '/api/test/prelims/initialize', { testId }, on);
  const submit = (role, attemptId, on) =>
    ok(role, 'POST', '/api/test/prelims/submit', { attemptId }, on);
  const save = (role, answerId, selected, revision, on) =>
    call(
      role,
      'PUT',
      `/api/answers/${answerId}`,
      { data: { selected_answer: selected, revision } },
      on,
    );
  return { tokens, users, call, ok, signIn, makeTest, addQuestion, start, submit, save };
};
