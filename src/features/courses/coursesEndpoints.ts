// The course area's calls through the one API (store/api.ts): the course list of each role.
import { api } from '../../store/api';
import type { StrapiList } from '../../lib/strapi';
import { coursesUrls, type CourseListQuery } from './coursesApi';
import type { Course } from './courseTypes';

export const coursesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    courseList: build.query<StrapiList<Course>, CourseListQuery>({
      query: (query) => coursesUrls.courseList(query),
      providesTags: [{ type: 'Course', id: 'LIST' }],
    }),
  }),
});

export const { useCourseListQuery } = coursesEndpoints;
