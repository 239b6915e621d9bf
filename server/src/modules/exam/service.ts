/**
 * The learner's exam flow (issue 7): start or resume an attempt, save answers, submit, check a
 * practice answer, review a result, the learner's test list. Lean: plain SQL on the hot path, one
 * transaction per state change, the answer key only once the attempt is over.
 *
 * This file is the door: callers import from here; each step lives in a file of its own.
 */
export { ALREADY_SUBMITTED } from './attempt-rows';
export { initialize } from './start';
export { readAttempt } from './read';
export { LEAN_SAVE_FIELDS, leanSaveInput, saveAnswer, type SaveInput } from './save';
export { submit } from './submit';
export { checkAnswer } from './check';
export { reviewResult } from './review';
export { myTests } from './my-tests';
