// Loading the course list into the (always present) courses slice. Kept apart from the slice so
// the first download carries only the slice's shape, not the calls.
import type { AppDispatch } from '../../store/store';
import { errorMessage } from '../../lib/strapi';
import { getCoursesPage, type CourseListQuery } from './coursesApi';
import { coursesLoadFailed, coursesLoadStarted, coursesPageReceived } from './coursesSlice';

let latestRequest = 0;

/** One page of courses; an answer that arrives after a newer request started is dropped. */
export function fetchCourses(query: CourseListQuery) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const request = ++latestRequest;
    dispatch(coursesLoadStarted());
    try {
      const answer = await getCoursesPage(query);
      if (request !== latestRequest) return;
      dispatch(
        coursesPageReceived({ items: answer.data, pagination: answer.meta.pagination ?? null }),
      );
    } catch (error) {
      if (request !== latestRequest) return;
      dispatch(coursesLoadFailed(errorMessage(error, 'The courses could not be loaded.')));
    }
  };
}
