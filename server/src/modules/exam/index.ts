// The exam module's door (the learner's test: start, save, submit, check a practice answer,
// review, the learner's list, expiry). Other modules and the API import only this file.
export { checkAnswer } from './check';
export { sweepExpiredAttempts } from './close';
export { settleMarkings } from './marking-queue';
export { installFastCalls } from './fast-calls';
export { authenticateFast, setCaller } from './learner-auth';
export {
  finalTotal,
  kindOf,
  lettersOf,
  markAnswer,
  markedQuestionOf,
  numericRange,
  round2,
  standing,
} from './marking';
export { testOptions } from './test-options';
// Staff's "preview as a learner" (issue 26, modules/catalogue/preview.ts) shows these same views.
export { questionView } from './question-view';
export { testPayload } from './test-payload';
export { staffTestId } from './staff-test';
export { sectionOfSubject } from './section-plan';
export { myTests } from './my-tests';
export { readAttempt } from './read';
export { regrade, regradePreview } from './regrade';
export {
  createAccommodation,
  deleteAccommodation,
  listAccommodations,
  updateAccommodation,
} from './accommodation-admin';
export { accommodationsOf, learnerTerms } from './accommodations';
export { learnerScoreViews, reviewResult } from './review';
export { leanSaveInput, saveAnswer } from './save';
export { initialize } from './start';
export { submit } from './submit';
export { moveSection } from './section-move';
export {
  parseSectionDefs,
  type SectionDef,
  sectionProblems,
  storedSectionDefs,
} from './section-plan';
// Random draws from the pool (issue 26): the catalogue checks a test's draws and previews one.
export { type DrawFilters, type DrawRule, drawnMarks } from './draw-rule';
export { countDrawMatches, pickPoolIds, poolFilterConditions, poolRows } from './draws';
export { insertBlankAnswers } from './answer-rows';
export { checkSlotRowsIndex, SLOT_ROWS_INDEX } from './answer-slots-postgres';
export { attemptAnswersQuery, ownAnswerQuery } from './attempt-rows';
export {
  ATTEMPT_EVENTS_TABLE,
  ATTEMPT_INTEGRITY_TABLE,
  EVENT_KINDS,
  ensureIntegrityTables,
  forgetIp,
  submitEvents,
} from './integrity';
