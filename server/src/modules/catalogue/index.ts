// The catalogue module's door (the rules of courses, tests and questions that writes check).
// Other modules and the API import only this file.
export { createCatalogueRules } from './catalogue-rules';
export {
  checkQuestion,
  QUESTION_FIELDS,
  QUESTION_KEY_FIELDS,
  QUESTION_TYPES,
  questionFieldsOf,
  questionTypeOf,
  type QuestionType,
  textOf,
  type CheckedQuestion,
  type QuestionInput,
  type QuestionValues,
} from './question-rules';
export {
  readRubric,
  rubricTotal,
  type Rubric,
  type RubricCriterion,
  type RubricLevel,
} from './rubric';
export { createTestRules, deleteUnlessInUse } from './test-rules';
export {
  assignmentProblems,
  closeWork,
  publishWork,
  testProblems,
  type WorkKind,
} from './work-lifecycle';
export {
  previewPoolQuestion,
  previewTest,
  previewTestQuestion,
  type QuestionPreview,
  type TestPreview,
} from './preview';
export {
  checkDifficulty,
  checkOrganising,
  checkTags,
  DIFFICULTIES,
  TAG_LIMITS,
  type Difficulty,
} from './pool-organising';
export { listPool, poolFiltersOf, poolIdsOf, POOL_PAGE_MAX, type PoolFilters } from './pool-list';
export { BULK_EDIT_MAX, bulkEditPool, type BulkEditResult } from './pool-bulk';
export {
  IMAGE_MESSAGES,
  removeQuestionImages,
  storeQuestionImageBytes,
  uploadQuestionImage,
} from './question-images';
export { sweepQuestionImages } from './question-image-sweep';
