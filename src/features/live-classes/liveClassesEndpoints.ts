// Live classes through the one API (store/api.ts; issue 21). Every list of classes (the staff
// pages, a learner's upcoming list) provides the `LiveClass` list tag; scheduling, editing and
// cancelling invalidate it. The signature and the join are mutations: each one is a new answer
// (and the server records attendance), never a cached one. Files (.ics, xlsx) download through
// store/downloads.ts with `liveClassesUrls`.
import { api } from '../../store/api';
import { recordTags } from '../../store/tags';
import type { StrapiList, StrapiOne } from '../../lib/strapi';
import * as requests from '../../store/recordRequests';
import { liveClassesUrls } from './liveClassesUrls';
import type {
  AttendanceCounts,
  AttendanceRow,
  AttendanceSheet,
  LiveClass,
  LiveClassCourse,
  LiveClassesConfig,
  LiveClassPayload,
  LiveClassQuery,
  MyAttendanceRow,
  UpcomingClass,
  ZoomSignature,
} from './liveClassesTypes';

const tags = recordTags('LiveClass');

interface AttendanceAnswer {
  data: { class: AttendanceSheet['class']; rows: AttendanceRow[] };
  meta: AttendanceCounts;
}

export const liveClassesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    liveClassesPage: build.query<StrapiList<LiveClass>, LiveClassQuery>({
      query: liveClassesUrls.page,
      providesTags: tags.list,
    }),
    createLiveClass: build.mutation<LiveClass, LiveClassPayload>({
      query: requests.postDocument<LiveClassPayload>(liveClassesUrls.create, true),
      transformResponse: requests.dataOf<LiveClass>,
      invalidatesTags: tags.created(),
    }),
    updateLiveClass: build.mutation<LiveClass, requests.DocumentUpdate<LiveClassPayload>>({
      query: requests.putDocument(liveClassesUrls.one, true),
      transformResponse: requests.dataOf<LiveClass>,
      invalidatesTags: tags.changed(requests.updatedId),
    }),
    /** Cancel = PUT `{ data: { cancelled: true } }`; the class stays listed, flagged. */
    cancelLiveClass: build.mutation<LiveClass, string>({
      query: (documentId) => ({
        url: liveClassesUrls.one(documentId),
        method: 'PUT',
        body: { data: { cancelled: true } },
      }),
      transformResponse: requests.dataOf<LiveClass>,
      invalidatesTags: tags.changed(requests.deletedId),
    }),
    /** The caller's classes that have not ended, soonest first (a course's only, when given). */
    upcomingLiveClasses: build.query<UpcomingClass[], string | undefined>({
      query: (course) => liveClassesUrls.upcoming(course),
      transformResponse: (answer: StrapiOne<UpcomingClass[]>) => answer.data,
      providesTags: tags.list,
    }),
    liveClassesConfig: build.query<LiveClassesConfig, void>({
      query: () => liveClassesUrls.config,
      transformResponse: (answer: StrapiOne<LiveClassesConfig>) => answer.data,
    }),
    /** POST …/join: the address to open (a service's link, or this SPA's room for Zoom). */
    joinLiveClass: build.mutation<string, string>({
      query: (documentId) => ({ url: liveClassesUrls.join(documentId), method: 'POST' }),
      transformResponse: (answer: StrapiOne<{ url: string }>) => answer.data.url,
    }),
    /** Staff ask to host (role 1); the server lets them only with a host token, else says how. */
    zoomSignature: build.mutation<ZoomSignature, { classId: string; role?: 0 | 1 }>({
      query: (body) => ({ url: liveClassesUrls.signature, method: 'POST', body }),
      transformResponse: (answer: StrapiOne<ZoomSignature>) => answer.data,
    }),
    classAttendance: build.query<AttendanceSheet, string>({
      query: liveClassesUrls.attendance,
      transformResponse: (answer: AttendanceAnswer) => ({ ...answer.data, counts: answer.meta }),
      providesTags: (_result, _error, documentId) => tags.one(documentId),
    }),
    myAttendance: build.query<StrapiList<MyAttendanceRow>, number>({
      query: liveClassesUrls.myAttendance,
      providesTags: tags.list,
    }),
    liveClassCourseChoices: build.query<LiveClassCourse[], string>({
      query: liveClassesUrls.courseChoices,
      transformResponse: (answer: StrapiList<LiveClassCourse>) => answer.data,
      providesTags: [{ type: 'Course', id: 'LIST' }],
    }),
  }),
});

export const {
  useLiveClassesPageQuery,
  useCreateLiveClassMutation,
  useUpdateLiveClassMutation,
  useCancelLiveClassMutation,
  useUpcomingLiveClassesQuery,
  useLiveClassesConfigQuery,
  useJoinLiveClassMutation,
  useZoomSignatureMutation,
  useClassAttendanceQuery,
  useMyAttendanceQuery,
  useLiveClassCourseChoicesQuery,
} = liveClassesEndpoints;
