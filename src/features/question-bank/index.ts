// What other features may use of the question bank: they import this file, never the files behind it.
export { QuestionFormDialog } from './QuestionFormDialog';
export { QuestionExportMenu } from './QuestionExportMenu';
export { QuestionImportDialog } from './QuestionImportDialog';
export { QuestionList } from './QuestionList';
export type { DeleteReport, Question, QuestionPayload } from './questionTypes';
export { PARALLEL_CALLS, QUESTIONS_PAGE_SIZE, importEndpoints, mapQuestion } from './questionsUrls';
export {
  questionsEndpoints,
  useCopyFromPoolMutation,
  useDeleteQuestionsMutation,
  useImportQuestionsMutation,
  useSaveTestQuestionMutation,
  useTestQuestionsQuery,
  useUpdateQuestionMutation,
  type QuestionTarget,
} from './questionsEndpoints';
