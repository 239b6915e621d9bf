// What other features may use of test-authoring: they import this file, never the files behind it.
export { CategoryFields, useCategoryChoice } from './CategoryFields';
export { TestCategoryFilter } from './TestCategoryFilter';
export { TestCornerPage } from './TestCornerPage';
export type { CourseRef, PassMarkUnit, Test, TestSubCategory, TestSubCategory2 } from './testTypes';
export { testsEndpoints, useCourseSearchQuery, useTestSearchQuery } from './testsEndpoints';
export { useWorkRelations, WorkRelationsFields } from './WorkRelations';
