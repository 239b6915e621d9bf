// What other features may use of courses: they import this file, never the files behind it.
export { MultiRefPicker, SingleRefPicker } from './RefPicker';
export * from './RelationPickers';
export type {
  BatchRef,
  FacultyRef,
  Ref,
  StudentRef,
  Subject,
  TestCategory,
  TestLanguage,
} from './courseTypes';
export {
  pickListEndpoints,
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestCategoryOptionsQuery,
  useTestLanguageOptionsQuery,
} from './pickListEndpoints';
