// What other features may use of the question bank: they import this file, never the files behind it.
export { QuestionFormDialog } from './QuestionFormDialog';
export { QuestionExportMenu } from './QuestionExportMenu';
export { QuestionImportDialog } from './QuestionImportDialog';
export { QuestionList } from './QuestionList';
export type { DeleteReport, PoolFilters, Question, QuestionPayload } from './questionTypes';
// Random draws (issue 26): the test form's section draws filter the pool as its page does.
export { NO_POOL_FILTERS } from './questionTypes';
export { PoolFilterBar } from './PoolFilterBar';
export { PARALLEL_CALLS, QUESTIONS_PAGE_SIZE, importEndpoints, mapQuestion } from './questionsUrls';
export {
  questionsEndpoints,
  useCopyFromPoolMutation,
  usePoolPageQuery,
  useDeleteQuestionsMutation,
  useImportQuestionsMutation,
  useSaveTestQuestionMutation,
  useTestQuestionsQuery,
  useUpdateQuestionMutation,
  type QuestionTarget,
} from './questionsEndpoints';
