// The learner's exam actions: load their tests, start a test, open an attempt (server answers
// with the outbox laid over them), submit, check a practice answer, read a result.
import type { AppDispatch } from '../../store/store';
import { errorMessage } from '../../lib/strapi';
import { pendingOf, readPlace, settleEntry, type PendingAnswer } from './examDb';
import {
  getAttempt,
  getMyTests,
  getResult,
  postCheck,
  postInitialize,
  postSubmit,
  MY_TESTS_PAGE_SIZE,
} from './examApi';
import {
  answerChecked,
  attemptEnded,
  attemptLoadFailed,
  attemptLoadStarted,
  attemptLoaded,
  myTestsLoadFailed,
  myTestsLoadStarted,
  myTestsReceived,
  resultLoadFailed,
  resultLoadStarted,
  resultLoaded,
} from './examSlice';
import { isEnded, type CheckOutcome, type ResultSummary } from './examTypes';

let latestList = 0;

/** One page of the learner's tests (all of them, or one course's). */
export function fetchMyTests(page: number, courseId: string | null = null, pageSize?: number) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const request = ++latestList;
    dispatch(myTestsLoadStarted(courseId));
    try {
      const answer = await getMyTests(page, courseId, pageSize ?? MY_TESTS_PAGE_SIZE);
      if (request !== latestList) return;
      dispatch(myTestsReceived({ items: answer.data, pagination: answer.meta.pagination ?? null }));
    } catch (error) {
      if (request !== latestList) return;
      dispatch(myTestsLoadFailed(errorMessage(error, 'Your tests could not be loaded.')));
    }
  };
}

/** Starts (or resumes) a test; answers the attempt's documentId. Rejects with the server's word. */
export function startTest(testId: string) {
  return async (): Promise<string> => (await postInitialize(testId)).attempt.documentId;
}

async function readOutbox(attemptId: string): Promise<PendingAnswer[]> {
  try {
    return await pendingOf(attemptId);
  } catch {
    return [];
  }
}

/** Opens an attempt: ended ones lead to their result; open ones resume where the learner was. */
export function openAttempt(attemptId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(attemptLoadStarted(attemptId));
    try {
      const state = await getAttempt(attemptId);
      const receivedAt = Date.now();
      if (isEnded(state)) {
        dispatch(attemptEnded({ attemptId, resultId: state.resultId }));
        return;
      }
      const pending = await readOutbox(attemptId);
      // Entries the server already holds (same or newer revision) are done.
      const newer: PendingAnswer[] = [];
      for (const entry of pending) {
        const server = state.answers.find((a) => a.documentId === entry.answerId);
        if (server && server.revision >= entry.revision) {
          await settleEntry(entry.answerId, server.revision).catch(() => undefined);
        } else {
          newer.push(entry);
        }
      }
      const place = (await readPlace(attemptId).catch(() => undefined)) ?? null;
      dispatch(attemptLoaded({ attemptId, data: state, receivedAt, pending: newer, place }));
    } catch (error) {
      dispatch(
        attemptLoadFailed({
          attemptId,
          error: errorMessage(error, 'The test could not be loaded.'),
        }),
      );
    }
  };
}

/** Asks the server whether the attempt is over (after a 409); true when it is. */
export function confirmAttemptOver(attemptId: string) {
  return async (dispatch: AppDispatch): Promise<boolean> => {
    const state = await getAttempt(attemptId);
    if (!isEnded(state)) return false;
    dispatch(attemptEnded({ attemptId, resultId: state.resultId }));
    return true;
  };
}

/** Submits the attempt (the server marks it); answers the result. */
export function submitAttempt(attemptId: string) {
  return async (): Promise<ResultSummary> => postSubmit(attemptId);
}

export function checkPracticeAnswer(answerId: string) {
  return async (dispatch: AppDispatch): Promise<CheckOutcome> => {
    const outcome = await postCheck(answerId);
    dispatch(answerChecked({ answerId, outcome }));
    return outcome;
  };
}

export function fetchResult(resultId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(resultLoadStarted(resultId));
    try {
      dispatch(resultLoaded({ resultId, review: await getResult(resultId) }));
    } catch (error) {
      dispatch(
        resultLoadFailed({
          resultId,
          error: errorMessage(error, 'The result could not be loaded.'),
        }),
      );
    }
  };
}
