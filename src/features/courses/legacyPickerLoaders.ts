// Transitional: the learner search as a plain loader, for the screens of other areas that still
// feed a picker through a function (useOptions). It goes once those screens read
// useStudentSearchQuery (pickListEndpoints.ts) instead.
import { apiClient } from '../../lib/apiClient';
import type { StrapiList } from '../../lib/strapi';
import { coursesUrls } from './coursesUrls';
import type { StudentRef } from './courseTypes';

export async function searchStudents(name: string): Promise<StudentRef[]> {
  const { data } = await apiClient.get<StrapiList<StudentRef>>(coursesUrls.studentSearch(name));
  return data.data;
}
