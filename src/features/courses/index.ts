// What other features may use of courses: they import this file, never the files behind it.
export { MultiRefPicker, SingleRefPicker } from './RefPicker';
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
  getBatches,
  getFaculties,
  getTestCategories,
  getTestLanguages,
  searchStudents,
} from './coursesApi';
export { getAllSubjects } from './subjectsApi';
export { useOptions } from './useOptions';
export {
  useBatchOptionsQuery,
  useFacultyOptionsQuery,
  useStudentSearchQuery,
  useSubjectOptionsQuery,
  useTestCategoryOptionsQuery,
  useTestLanguageOptionsQuery,
} from './pickListEndpoints';
