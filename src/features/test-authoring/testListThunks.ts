// Loading the test list into the (always present) tests slice, and the list's actions. Kept apart
// from the slice so the first download carries only the slice's shape, not the calls.
import type { AppDispatch } from '../../store/store';
import { errorMessage } from '../../lib/strapi';
import {
  deleteTest,
  getTestsPage,
  postDuplicateTest,
  postNotifyFaculties,
  type TestListQuery,
} from './testsApi';
import { testRemoved, testsLoadFailed, testsLoadStarted, testsPageReceived } from './testsSlice';
import type { Test } from './testTypes';

let latestRequest = 0;

/** One page of tests; an answer that arrives after a newer request started is dropped. */
export function fetchTests(query: TestListQuery) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const request = ++latestRequest;
    dispatch(testsLoadStarted());
    try {
      const answer = await getTestsPage(query);
      if (request !== latestRequest) return;
      dispatch(
        testsPageReceived({ items: answer.data, pagination: answer.meta.pagination ?? null }),
      );
    } catch (error) {
      if (request !== latestRequest) return;
      dispatch(testsLoadFailed(errorMessage(error, 'The tests could not be loaded.')));
    }
  };
}

/** Deletes a test; rejects with the server's message. */
export function removeTest(documentId: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    await deleteTest(documentId);
    dispatch(testRemoved(documentId));
  };
}

/** Copies a test with its questions; answers the copy. */
export function duplicateTest(documentId: string) {
  return async (): Promise<Test> => postDuplicateTest(documentId);
}

/** Notifies the test's faculty members; answers how many were notified. */
export function notifyFaculties(documentId: string, message: string) {
  return async (): Promise<number> => postNotifyFaculties(documentId, message);
}
