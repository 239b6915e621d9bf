// Transitional: the course search as a plain loader, for the screens of other areas that still
// feed a picker through a function (useOptions). It goes once those screens read
// useCourseSearchQuery (testsEndpoints.ts) instead.
import { apiClient } from '../../lib/apiClient';
import type { StrapiList } from '../../lib/strapi';
import { testsUrls } from './testsUrls';
import type { CourseRef } from './testTypes';

export async function searchCourses(name: string): Promise<CourseRef[]> {
  const { data } = await apiClient.get<StrapiList<CourseRef>>(testsUrls.courseSearch(name));
  return data.data;
}
