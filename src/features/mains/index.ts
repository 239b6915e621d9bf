// What other features may use of mains: they import this file, never the files behind it.
export { MainsTestsSection } from './MainsTestsSection';
export { ANSWER_ACCEPT, answerFileProblem, viewerKind } from './answerRules';
export {
  RESULTS_PAGE_SIZE,
  usePublishResultsMutation,
  useResultsQuery,
  useSaveEvaluationMutation,
  useScriptQuery,
  useStartEvaluationMutation,
  useUploadEvaluationDocumentMutation,
  useWorksQuery,
  scriptRequest,
} from './mainsEndpoints';
export type { ResultsAnswer } from './mainsEndpoints';
export { useMarkingProgressQuery, useReopenEvaluationMutation } from './gradingEndpoints';
export type { MarkingProgress, QueueItem, SubjectProgress } from './gradingTypes';
export { marksText, statusColour, statusText } from './mainsLabels';
export type {
  Evaluation,
  NamedRef,
  QuestionMark,
  ReachedLevel,
  ResultRow,
  Rubric,
  Script,
  WorkKind,
} from './mainsTypes';
export { ReachedLevels } from './ReachedLevels';
// Issue 27: allocation, moderation, the release check and re-check requests.
export {
  useAllocateMutation,
  useAllocationsQuery,
  useAnswerRecheckMutation,
  useModerateMutation,
  useRechecksQuery,
  useReleaseCheckQuery,
  useRequestRecheckMutation,
  useSubmitModerationMutation,
} from './markingEndpoints';
export type {
  AllocationMode,
  Allocations,
  Recheck,
  ReleaseCheck,
  SubjectAllocation,
} from './markingTypes';
