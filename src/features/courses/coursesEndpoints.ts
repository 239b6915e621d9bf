// The course area's calls through the one API (store/api.ts): the course list of each role, the
// open course and its save, and the course contents of one of its subjects.
import { api, type QueryError } from '../../store/api';
import { errorMessage, type StrapiList } from '../../lib/strapi';
import { coursesUrls, type CourseListQuery } from './coursesUrls';
import { subjectsUrls } from './subjectsUrls';
import { addVideo } from './addVideo';
import { recordOf, saveRequest, type Save } from './saveRequest';
import type {
  Course,
  CourseContent,
  CourseContentPayload,
  CourseDetail,
  CoursePayload,
  Subject,
  VideoPayload,
  YoutubeVideo,
} from './courseTypes';

export const REMOVE_TOPIC_MISMATCH = 'The topic does not match this course content.';
export const SUBJECT_IDS_NOT_DEFINED = 'Subject ID(s) are not defined';

const COURSE_LIST = { type: 'Course', id: 'LIST' } as const;
const CONTENT_LIST = { type: 'CourseContent', id: 'LIST' } as const;
const COURSE_URLS = { collection: coursesUrls.courses, record: coursesUrls.course };
const CONTENT_URLS = { collection: coursesUrls.courseContents, record: coursesUrls.courseContent };

/** The course contents of one subject of one course. */
export interface CourseContentsKey {
  courseId: string;
  subjectId: string;
}

const courseReads = api.injectEndpoints({
  endpoints: (build) => ({
    courseList: build.query<StrapiList<Course>, CourseListQuery>({
      query: (query) => coursesUrls.courseList(query),
      providesTags: [COURSE_LIST],
    }),
    /** A course with the relations its page shows. */
    courseDetail: build.query<CourseDetail, string>({
      query: (documentId) => coursesUrls.courseDetail(documentId),
      transformResponse: recordOf<CourseDetail>,
      providesTags: (_result, _error, documentId) => [{ type: 'Course', id: documentId }],
    }),
    courseContents: build.query<CourseContent[], CourseContentsKey>({
      query: ({ courseId, subjectId }) => coursesUrls.courseContentList(courseId, subjectId),
      transformResponse: (answer: StrapiList<CourseContent>) => answer.data,
      providesTags: [CONTENT_LIST],
    }),
  }),
});

export const coursesEndpoints = courseReads.injectEndpoints({
  endpoints: (build) => ({
    /** Creates (no documentId) or updates a course. */
    saveCourse: build.mutation<Course, Save<CoursePayload>>({
      query: (save) => saveRequest(COURSE_URLS, save),
      transformResponse: recordOf<Course>,
      invalidatesTags: (_result, _error, { documentId }) =>
        documentId ? [COURSE_LIST, { type: 'Course', id: documentId }] : [COURSE_LIST],
    }),
    /** Soft delete: the course stays, inactive. */
    deactivateCourse: build.mutation<Course, string>({
      query: (documentId) => ({
        url: coursesUrls.course(documentId),
        method: 'PUT',
        body: { data: { is_active: false } },
      }),
      transformResponse: recordOf<Course>,
      invalidatesTags: [COURSE_LIST],
      async onQueryStarted(documentId, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          courseReads.util.updateQueryData('courseDetail', documentId, (course) => {
            course.is_active = false;
          }),
        );
      },
    }),
    /** Makes a deactivated course active again (issue 23). */
    reactivateCourse: build.mutation<Course, string>({
      query: (documentId) => ({
        url: coursesUrls.course(documentId),
        method: 'PUT',
        body: { data: { is_active: true } },
      }),
      transformResponse: recordOf<Course>,
      invalidatesTags: (_result, _error, documentId) => [
        COURSE_LIST,
        { type: 'Course', id: documentId },
      ],
    }),
    /**
     * Reads the open course's subjects again with their topics (after a topic or video changed)
     * and lays them over the cached course. Fails without asking the server when an id is missing.
     */
    refreshCourseSubjects: build.mutation<
      Subject[],
      { courseId: string; subjectIds: readonly string[] | null | undefined }
    >({
      async queryFn({ subjectIds }, _api, _extra, baseQuery) {
        if (!subjectIds || subjectIds.length === 0 || subjectIds.some((id) => !id)) {
          return { error: { status: null, name: 'Error', message: SUBJECT_IDS_NOT_DEFINED } };
        }
        const answer = await baseQuery(subjectsUrls.subjectsByIds(subjectIds));
        if (answer.error) return { error: answer.error as QueryError };
        return { data: (answer.data as StrapiList<Subject>).data };
      },
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        let fresh: Subject[];
        try {
          fresh = (await queryFulfilled).data;
        } catch {
          return;
        }
        const byId = new Map(fresh.map((subject) => [subject.documentId, subject]));
        dispatch(
          courseReads.util.updateQueryData('courseDetail', courseId, (course) => {
            if (!course.subjects) return;
            course.subjects = course.subjects.map(
              (subject) => byId.get(subject.documentId) ?? subject,
            );
          }),
        );
      },
    }),
    /** Creates (no documentId) or updates a course content. */
    saveCourseContent: build.mutation<CourseContent, Save<CourseContentPayload>>({
      query: (save) => saveRequest(CONTENT_URLS, save),
      transformResponse: recordOf<CourseContent>,
      invalidatesTags: [CONTENT_LIST],
    }),
    deleteCourseContent: build.mutation<null, CourseContentsKey & { contentId: string }>({
      query: ({ contentId }) => ({ url: coursesUrls.courseContent(contentId), method: 'DELETE' }),
      transformResponse: () => null,
      async onQueryStarted({ contentId, courseId, subjectId }, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          courseReads.util.updateQueryData('courseContents', { courseId, subjectId }, (items) =>
            items.filter((item) => item.documentId !== contentId),
          ),
        );
      },
    }),
    /** Clears a content's topic, materials and videos; the server refuses when the topic differs. */
    removeTopicContent: build.mutation<
      null,
      CourseContentsKey & { contentId: string; topicId: string }
    >({
      query: ({ contentId, topicId }) => ({
        url: coursesUrls.removeTopicContent(contentId),
        method: 'POST',
        body: { topic: topicId },
      }),
      transformResponse: () => null,
      transformErrorResponse: (error: QueryError) => ({
        ...error,
        message: errorMessage(error, REMOVE_TOPIC_MISMATCH),
      }),
      async onQueryStarted({ contentId, courseId, subjectId }, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          courseReads.util.updateQueryData('courseContents', { courseId, subjectId }, (items) => {
            const item = items.find((content) => content.documentId === contentId);
            if (item) {
              item.topic = null;
              item.topic_materials = [];
              item.youtube_videos = [];
            }
          }),
        );
      },
    }),
    /** Adds a video, then extends the course content's videos with it. */
    addContentVideo: build.mutation<
      YoutubeVideo,
      { content: Pick<CourseContent, 'documentId' | 'youtube_videos'>; video: VideoPayload }
    >({
      queryFn: ({ content, video }, _api, _extra, baseQuery) =>
        addVideo(baseQuery, video, {
          url: coursesUrls.courseContent(content.documentId),
          videos: content.youtube_videos,
        }),
      invalidatesTags: [CONTENT_LIST],
    }),
  }),
});

/** Whether a call ended well (its failure is the caller's to show). */
async function succeeded(fulfilled: Promise<unknown>): Promise<boolean> {
  try {
    await fulfilled;
    return true;
  } catch {
    return false;
  }
}

export const {
  useCourseListQuery,
  useCourseDetailQuery,
  useCourseContentsQuery,
  useSaveCourseMutation,
  useDeactivateCourseMutation,
  useReactivateCourseMutation,
  useRefreshCourseSubjectsMutation,
  useSaveCourseContentMutation,
  useDeleteCourseContentMutation,
  useRemoveTopicContentMutation,
  useAddContentVideoMutation,
} = coursesEndpoints;
