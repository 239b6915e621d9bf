// A small exam server for msw: one attempt with its answers, held in memory, recording every
// save and submit, with switches for failures (network errors, 409) along the way.
import { http, HttpResponse } from 'msw';
import { server } from '../msw/server';
import { studentUser } from '../utils/fixtures';

export const learner = { user: studentUser, authorities: ['ROLE_STUDENT'] };

export const ATTEMPT_ID = 'attempt-1';
export const RESULT_ID = 'result-1';

export function myTest(index: number, extra: Record<string, unknown> = {}) {
  return {
    documentId: `test-${index}`,
    TestName: `Test ${index}`,
    Description: null,
    TestDuration: 60,
    MaximumMarks: '50.00',
    ValidFrom: '2026-01-01T00:00:00.000Z',
    ValidTo: '2099-01-01T00:00:00.000Z',
    enable_practice_test: false,
    max_attempts: 3,
    attemptsUsed: 1,
    attemptsLeft: 2,
    status: 'unattempted',
    openAttemptId: null,
    lastResultId: null,
    isOpen: true,
    course: { documentId: 'course-1', course_name: 'Course 1' },
    test_category: 'UPSC',
    test_sub_category: 'Prelims',
    ...extra,
  };
}

export function examQuestion(index: number) {
  return {
    documentId: `q-${index}`,
    question: `Question text ${index}`,
    option_a: `Answer ${index}a`,
    option_b: `Answer ${index}b`,
    option_c: `Answer ${index}c`,
    option_d: `Answer ${index}d`,
    question_type: 'MCQ',
    subject: { SubjectName: 'Polity' },
  };
}

export interface StoredAnswerRow {
  documentId: string;
  question: string;
  selected_answer: string | null;
  mark_as_important: boolean;
  revision: number;
  checked: boolean;
}

export interface Save {
  answerId: string;
  selected_answer: string | null;
  mark_as_important: boolean;
  revision: number;
  /** The integrity log's events riding with the save (issue 23). */
  events?: Array<{ kind: string; at: string; detail: string }>;
}

interface ExamServerOptions {
  questions?: number;
  practice?: boolean;
  /** The attempt's expiry, from now. */
  expiresInMs?: number;
  /** The server's clock ahead of this one by this much. */
  serverAheadMs?: number;
  ended?: boolean;
}

/** The review; `withheld`: the test's review option hides the key (issue 18). */
export function reviewBody(withheld = false) {
  const body = {
    data: {
      result: {
        documentId: RESULT_ID,
        total_marks: '34.5',
        passed: true,
        correct_count: 18,
        incorrect_count: 3,
        unanswered_count: 4,
        time_taken_seconds: 1925,
        createdAt: '2026-11-22T02:00:00.000Z',
      },
      test: { TestName: 'Test 1', MaximumMarks: '50.00', PassMark: '20', pass_mark_unit: 'marks' },
      learner: { documentId: 'stu-1', name: 'Asha Rao', rollNumber: 'R-1' },
      attempt: {
        start_date_time: '2026-11-22T01:28:00.000Z',
        end_date_time: '2026-11-22T02:00:00.000Z',
        closed_by: 'learner',
        is_practice_test: false,
      },
      rank: 3,
      outOf: 41,
      percentile: 93.9,
      review: { answerKeyShown: true, message: null },
      questions: [
        {
          ...examQuestion(1),
          correct_answer: 'b',
          explanation: 'Because of 1',
          points_correct_answer: 2,
          points_incorrect_answer: -0.5,
          selected_answer: 'b',
          mark_as_important: false,
          points: '2.00',
        },
        {
          ...examQuestion(2),
          correct_answer: 'c',
          explanation: 'Because of 2',
          points_correct_answer: 2,
          points_incorrect_answer: -0.5,
          selected_answer: 'a',
          mark_as_important: true,
          points: -0.5,
        },
        {
          ...examQuestion(3),
          correct_answer: 'd',
          explanation: null,
          points_correct_answer: 2,
          points_incorrect_answer: -0.5,
          selected_answer: null,
          mark_as_important: false,
          points: 0,
        },
      ],
    },
  };
  if (!withheld) return body;
  return {
    data: {
      ...body.data,
      review: {
        answerKeyShown: false,
        message:
          'The answer key is shown after your last attempt of this test, or when the test closes.',
      },
      questions: body.data.questions.map((q) => ({
        ...q,
        correct_answer: null,
        explanation: null,
        points_correct_answer: null,
        points_incorrect_answer: null,
        points: null,
      })),
    },
  };
}

const errorBody = (status: number, message: string) =>
  HttpResponse.json(
    { data: null, error: { status, name: 'ConflictError', message, details: {} } },
    { status },
  );

/** Serves one attempt (ATTEMPT_ID) and its result; answers the controls and the records. */
export function serveExam(options: ExamServerOptions = {}) {
  const count = options.questions ?? 5;
  const questions = Array.from({ length: count }, (_unused, i) => examQuestion(i + 1));
  const answers: StoredAnswerRow[] = questions.map((q, i) => ({
    documentId: `ans-${i + 1}`,
    question: q.documentId,
    selected_answer: null,
    mark_as_important: false,
    revision: 0,
    checked: false,
  }));
  const expiresAt = new Date(Date.now() + (options.expiresInMs ?? 60 * 60 * 1000));
  const control = {
    answers,
    saves: [] as Save[],
    submits: 0,
    checks: [] as string[],
    attemptReads: 0,
    ended: options.ended ?? false,
    /** The next n saves fail with a network error. */
    networkFailures: 0,
    /** Saves answer 409 "This attempt is over." (and the attempt ends). */
    overOnSave: false,
    /** The next n submits answer 202 "marking" (the server marks a little later). */
    markingFor: 0,
  };
  const closeAttempt = () => {
    control.ended = true;
  };
  server.use(
    http.get('*/api/test/prelims/attempts/:attemptId', ({ params }) => {
      control.attemptReads += 1;
      if (params.attemptId !== ATTEMPT_ID) return errorBody(404, 'Unknown attempt.');
      if (control.ended) {
        return HttpResponse.json({
          data: {
            attempt: {
              documentId: ATTEMPT_ID,
              start_date_time: new Date().toISOString(),
              expires_at: expiresAt.toISOString(),
              is_practice_test: options.practice === true,
              end_date_time: new Date().toISOString(),
              closed_by: 'expiry',
            },
            ended: true,
            resultId: RESULT_ID,
          },
        });
      }
      return HttpResponse.json({
        data: {
          test: {
            documentId: 'test-1',
            TestName: 'Test 1',
            instructions: 'Answer every question.',
            TestDuration: 60,
            MaximumMarks: '50.00',
            PassMark: '20',
            pass_mark_unit: 'marks',
            enable_practice_test: options.practice === true,
          },
          attempt: {
            documentId: ATTEMPT_ID,
            start_date_time: new Date().toISOString(),
            expires_at: expiresAt.toISOString(),
            is_practice_test: options.practice === true,
          },
          questions,
          answers: answers.map((a) => ({ ...a })),
          serverTime: new Date(Date.now() + (options.serverAheadMs ?? 0)).toISOString(),
          resumed: true,
        },
      });
    }),
    http.put('*/api/answers/:answerId', async ({ params, request }) => {
      if (control.networkFailures > 0) {
        control.networkFailures -= 1;
        return HttpResponse.error();
      }
      const body = (await request.json()) as { data: Omit<Save, 'answerId'> };
      const answerId = String(params.answerId);
      control.saves.push({ answerId, ...body.data });
      if (control.overOnSave || control.ended) {
        closeAttempt();
        return errorBody(409, 'This attempt is over.');
      }
      const row = answers.find((a) => a.documentId === answerId);
      if (!row) return errorBody(404, 'Unknown answer.');
      if (body.data.revision > row.revision) {
        row.selected_answer = body.data.selected_answer;
        row.mark_as_important = body.data.mark_as_important;
        row.revision = body.data.revision;
      }
      return HttpResponse.json({
        data: {
          documentId: row.documentId,
          selected_answer: row.selected_answer,
          mark_as_important: row.mark_as_important,
          revision: row.revision,
        },
      });
    }),
    http.post('*/api/test/prelims/submit', () => {
      control.submits += 1;
      closeAttempt();
      if (control.markingFor > 0) {
        control.markingFor -= 1;
        return HttpResponse.json(
          { data: { result: null, marking: true, retryAfterMs: 1000 } },
          { status: 202 },
        );
      }
      return HttpResponse.json({ data: { result: reviewBody().data.result } });
    }),
    http.post('*/api/test/prelims/check', async ({ request }) => {
      const { answerId } = (await request.json()) as { answerId: string };
      control.checks.push(answerId);
      const row = answers.find((a) => a.documentId === answerId);
      if (row) row.checked = true;
      return HttpResponse.json({
        data: {
          correct_answer: 'b',
          explanation: 'Article 21 protects life and liberty.',
          is_correct: row?.selected_answer === 'b',
          points: row?.selected_answer === 'b' ? 2 : -0.5,
        },
      });
    }),
    http.get('*/api/test/prelims/results/:resultId', () => HttpResponse.json(reviewBody())),
  );
  return control;
}

/**
 * A review option's line by its whole text ("B. Answer 1b (your answer)"): the option's text is
 * rendered as rich text in an element of its own, so the line's text spans several elements.
 */
export const reviewLine = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'LI' && element.textContent === text;
