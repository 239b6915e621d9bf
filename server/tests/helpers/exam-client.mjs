// An exam learner's and author's calls for the exam tests (issue 25): make a test of N one-point
// questions for the demo students A and B, start, save and submit.
import { mcq, testWithQuestions } from './fixtures.mjs';
import { asRoles } from './roles.mjs';

export const examClient = (getServer) => {
  const { tokens, users, call, ok, signIn } = asRoles(getServer);
  const makeTest = async (name, questions = 2) => {
    const made = await testWithQuestions(
      ok,
      {
        TestName: name,
        MaximumMarks: questions,
        max_attempts: 0,
        students: [users.A.student.documentId, users.B.student.documentId],
      },
      Array.from({ length: questions }, (_, i) => mcq(`Q${i + 1} of ${name}?`)),
    );
    return { test: made.test.documentId, questions: made.questions };
  };
  const addQuestion = async (testId, text) =>
    (await ok('admin', 'POST', '/api/questions', { data: mcq(text, { test: testId }) })).documentId;
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
