// What other features may use of questions: they import this file, never the files behind it.
export { QuestionFormDialog } from './QuestionFormDialog';
export { QuestionImportDialog } from './QuestionImportDialog';
export { QuestionList } from './QuestionList';
export type { Question, QuestionPayload } from './questionTypes';
export {
  PARALLEL_CALLS,
  QUESTIONS_PAGE_SIZE,
  deleteQuestions,
  importEndpoints,
  mapQuestion,
  postQuestionsFromPool,
  putQuestion,
} from './questionsApi';
export {
  addPoolQuestionsToTest,
  fetchTestQuestions,
  removeTestQuestions,
  saveTestQuestion,
  selectTestQuestions,
} from './questionsSlice';
