// Transitional: the old thunk names of a test's questions, for the test page that does not use
// the hooks of questionsEndpoints.ts yet. They start the endpoints (`dispatch(x).unwrap()` works
// as before, and the tags refresh the list). This file goes when nothing imports it.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { LoadStatus } from '../../lib/listState';
import { queryErrorMessage } from '../../store/api';
import type { RootState } from '../../store/store';
import { questionsEndpoints, type TestQuestionSave } from './questionsEndpoints';
import type { Question } from './questionTypes';

const {
  testQuestions,
  saveTestQuestion: save,
  deleteQuestions: remove,
  copyFromPool,
} = questionsEndpoints.endpoints;

export const saveTestQuestion = (arg: TestQuestionSave) => save.initiate(arg);
export const removeTestQuestions = (ids: string[]) => remove.initiate(ids);
export const addPoolQuestionsToTest = ({
  testId,
  questionPoolIds,
}: {
  testId: string;
  questionPoolIds: string[];
}) => copyFromPool.initiate({ target: { testId }, questionPoolIds });

export interface TestQuestionsView {
  testId: string | null;
  items: Question[];
  status: LoadStatus;
  error: string | null;
}

/** The test whose questions were asked for last (the old slice kept one test's questions). */
let shownTestId: string | null = null;

/** Reads a test's questions (again) and keeps them in the cache while the app runs. */
export const fetchTestQuestions =
  (testId: string): ThunkAction<void, RootState, unknown, UnknownAction> =>
  (dispatch) => {
    shownTestId = testId;
    dispatch(testQuestions.initiate(testId, { forceRefetch: true }));
  };

const IDLE: TestQuestionsView = { testId: null, items: [], status: 'idle', error: null };
const STATUS = {
  uninitialized: 'idle',
  pending: 'loading',
  fulfilled: 'succeeded',
  rejected: 'failed',
} as const;
const selectors = new Map<string, ReturnType<typeof testQuestions.select>>();
const views = new WeakMap<object, TestQuestionsView>();

/** The last asked test's questions in the old slice's shape (the same object while unchanged). */
export function selectTestQuestions(state: RootState): TestQuestionsView {
  const testId = shownTestId;
  if (testId === null) return IDLE;
  let select = selectors.get(testId);
  if (!select) {
    select = testQuestions.select(testId);
    selectors.set(testId, select);
  }
  const result = select(state);
  let view = views.get(result);
  if (!view) {
    view = {
      testId,
      items: result.data ?? [],
      status: STATUS[result.status],
      error: result.isError
        ? queryErrorMessage(result.error, 'The questions could not be loaded.')
        : null,
    };
    views.set(result, view);
  }
  return view;
}
