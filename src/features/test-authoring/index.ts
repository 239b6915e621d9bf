// What other features may use of test-authoring: they import this file, never the files behind it.
export { CategoryFields, useCategoryChoice } from './CategoryFields';
export { TestCategoryFilter } from './TestCategoryFilter';
export { TestCornerPage } from './TestCornerPage';
export { categoryChain, durationText } from './testLabels';
export { DetailField, WorkDetails } from './WorkDetails';
export type {
  CourseRef,
  PassMarkUnit,
  Test,
  TestSubCategory,
  TestSubCategory2,
  WorkLinksPayload,
  WorkListed,
  WorkRelated,
  WorkStatus,
} from './testTypes';
export { testsEndpoints, useCourseSearchQuery, useTestSearchQuery } from './testsEndpoints';
export { workUrls, type WorkListQuery } from './testsUrls';
export { validateWorkBasics, type WorkBasicsValues } from './testValidation';
export { WorkFormDialog } from './WorkFormDialog';
export { useWorkListArgs, WorkList } from './WorkList';
export { WorkStatusChip } from './WorkListFilters';
export { WorkPage } from './WorkPage';
export { WorkQuestions } from './WorkQuestions';
export { useWorkRelations, WorkRelationsFields } from './WorkRelations';
