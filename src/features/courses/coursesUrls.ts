// Every URL and query shape of the course area: courses, course contents and the lists that
// feed the course form's pickers. The calls themselves are in coursesEndpoints.ts.
import { strapiQuery } from '../../lib/strapi';

export const COURSES_PAGE_SIZE = 12;
export const STUDENT_SEARCH_PAGE_SIZE = 20;

export interface CourseListQuery {
  page: number;
  search: string;
  categoryId: string | null;
  /** Only this faculty member's courses (faculty's own list). */
  facultyId?: string | null;
  /** Staff: the deactivated courses instead of the active ones (issue 23). */
  deactivated?: boolean;
}

const coursePopulate = [
  ['populate[course_image]', 'true'],
  ['populate[test_category]', 'true'],
  ['populate[test_language]', 'true'],
  ['populate[subjects][populate][topics][populate][topic_material]', 'true'],
  ['populate[subjects][populate][topics][populate][youtube_videos]', 'true'],
  ['populate[batches]', 'true'],
  ['populate[faculties]', 'true'],
  ['populate[students]', 'true'],
  ['populate[tests]', 'true'],
  ['populate[assignments]', 'true'],
] as const;

export const coursesUrls = {
  courses: '/courses',
  courseList: ({ page, search, categoryId, facultyId, deactivated }: CourseListQuery) =>
    `/courses?${strapiQuery([
      ['filters[is_active][$eq]', deactivated ? 'false' : 'true'],
      ['filters[course_name][$containsi]', search.trim()],
      ['filters[test_category][documentId][$eq]', categoryId],
      ['filters[faculties][documentId][$eq]', facultyId],
      ['sort', 'createdAt:desc'],
      ['pagination[page]', page],
      ['pagination[pageSize]', COURSES_PAGE_SIZE],
      ['populate[course_image]', 'true'],
      ['populate[test_category]', 'true'],
    ])}`,
  course: (documentId: string) => `/courses/${encodeURIComponent(documentId)}`,
  courseDetail: (documentId: string) =>
    `/courses/${encodeURIComponent(documentId)}?${strapiQuery(coursePopulate)}`,
  courseNames: '/course-names',
  courseContents: '/course-contents',
  courseContentList: (courseId: string, subjectId: string) =>
    `/course-contents?${strapiQuery([
      ['filters[course][documentId][$eq]', courseId],
      ['filters[subject][documentId][$eq]', subjectId],
      ['populate[subject]', 'true'],
      ['populate[topic]', 'true'],
      ['populate[topic_materials]', 'true'],
      ['populate[youtube_videos]', 'true'],
    ])}`,
  courseContent: (documentId: string) => `/course-contents/${encodeURIComponent(documentId)}`,
  removeTopicContent: (documentId: string) =>
    `/course-contents/${encodeURIComponent(documentId)}/remove-topic`,
  testCategories: '/test-categories?pagination[pageSize]=100',
  testLanguages: '/test-languages?pagination[pageSize]=100',
  batches: '/batches?pagination[pageSize]=100&sort=createdAt:desc',
  faculties: '/faculties?pagination[pageSize]=100',
  studentSearch: (name: string) =>
    `/students?${strapiQuery([
      ['filters[StudentName][$containsi]', name.trim()],
      ['pagination[pageSize]', STUDENT_SEARCH_PAGE_SIZE],
    ])}`,
} as const;
