// Transitional: the picker searches as plain loaders, for the screens of other areas that still
// feed a picker through a function (useOptions). They go once those screens read
// useCourseSearchQuery / useTestSearchQuery (testsEndpoints.ts) instead.
import { apiClient } from '../../lib/apiClient';
import type { StrapiList } from '../../lib/strapi';
import { mapTest, testsUrls } from './testsUrls';
import type { CourseRef, Test } from './testTypes';

export async function searchTests(name: string): Promise<Test[]> {
  const { data } = await apiClient.get<StrapiList<Test>>(testsUrls.testSearch(name));
  return data.data.map(mapTest);
}

export async function searchCourses(name: string): Promise<CourseRef[]> {
  const { data } = await apiClient.get<StrapiList<CourseRef>>(testsUrls.courseSearch(name));
  return data.data;
}
