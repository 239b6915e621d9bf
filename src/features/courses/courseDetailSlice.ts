// The open course (its page) and the course contents of one of its subjects.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import type { LoadStatus } from '../../lib/listState';
import { errorMessage } from '../../lib/strapi';
import type {
  Course,
  CourseContent,
  CourseContentPayload,
  CourseDetail,
  CoursePayload,
  Topic,
  VideoPayload,
  YoutubeVideo,
} from './courseTypes';
import {
  deleteCourseContent,
  getCourse,
  getCourseContents,
  postCourse,
  postCourseContent,
  postRemoveTopicContent,
  putCourse,
  putCourseContent,
} from './coursesApi';
import { fetchSubjectsByIds } from './subjectsSlice';
import { postVideo } from './subjectsApi';

export const REMOVE_TOPIC_MISMATCH = 'The topic does not match this course content.';

export interface CourseDetailState {
  course: CourseDetail | null;
  status: LoadStatus;
  error: string | null;
  contents: {
    courseId: string | null;
    subjectId: string | null;
    items: CourseContent[];
    status: LoadStatus;
    error: string | null;
  };
}

const initialState: CourseDetailState = {
  course: null,
  status: 'idle',
  error: null,
  contents: { courseId: null, subjectId: null, items: [], status: 'idle', error: null },
};

type Rejects = { rejectValue: string };

export const fetchCourse = createAsyncThunk<CourseDetail, string, Rejects>(
  'courseDetail/fetch',
  async (documentId, { rejectWithValue }) => {
    try {
      return await getCourse(documentId);
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'The course could not be loaded.'));
    }
  },
);

export const saveCourse = createAsyncThunk<
  Course,
  { documentId?: string; payload: CoursePayload },
  Rejects
>('courseDetail/save', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return documentId ? await putCourse(documentId, payload) : await postCourse(payload);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Soft delete: the course stays, inactive. */
export const deactivateCourse = createAsyncThunk<Course, string, Rejects>(
  'courseDetail/deactivate',
  async (documentId, { rejectWithValue }) => {
    try {
      return await putCourse(documentId, { is_active: false });
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const fetchCourseContents = createAsyncThunk<
  CourseContent[],
  { courseId: string; subjectId: string },
  Rejects
>('courseDetail/fetchContents', async ({ courseId, subjectId }, { rejectWithValue }) => {
  try {
    return await getCourseContents(courseId, subjectId);
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'The course content could not be loaded.'));
  }
});

export const saveCourseContent = createAsyncThunk<
  CourseContent,
  { documentId?: string; payload: CourseContentPayload },
  Rejects
>('courseDetail/saveContent', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return documentId
      ? await putCourseContent(documentId, payload)
      : await postCourseContent(payload);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

export const removeCourseContent = createAsyncThunk<string, string, Rejects>(
  'courseDetail/removeContent',
  async (documentId, { rejectWithValue }) => {
    try {
      await deleteCourseContent(documentId);
      return documentId;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Clears a content's topic, materials and videos; the server refuses when the topic differs. */
export const removeTopicContent = createAsyncThunk<
  string,
  { contentId: string; topicId: string },
  Rejects
>('courseDetail/removeTopicContent', async ({ contentId, topicId }, { rejectWithValue }) => {
  try {
    await postRemoveTopicContent(contentId, topicId);
    return contentId;
  } catch (error) {
    return rejectWithValue(errorMessage(error, REMOVE_TOPIC_MISMATCH));
  }
});

/** Adds a video, then extends the course content's videos with it. */
export const addContentVideo = createAsyncThunk<
  YoutubeVideo,
  { content: Pick<CourseContent, 'documentId' | 'youtube_videos'>; video: VideoPayload },
  Rejects
>('courseDetail/addContentVideo', async ({ content, video }, { rejectWithValue }) => {
  try {
    const created = await postVideo(video);
    const existing = (content.youtube_videos ?? []).map((item) => item.documentId);
    await putCourseContent(content.documentId, {
      youtube_videos: [...existing, created.documentId],
    });
    return created;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

const courseDetailSlice = createSlice({
  name: 'courseDetail',
  initialState,
  reducers: {},
  selectors: {
    selectCourseDetail: (state) => state,
    selectCourseContents: (state) => state.contents,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourse.pending, (state, action) => {
        if (state.course?.documentId !== action.meta.arg) state.course = null;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchCourse.fulfilled, (state, action) => {
        state.course = action.payload;
        state.status = 'succeeded';
      })
      .addCase(fetchCourse.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? errorMessage(null);
      })
      .addCase(deactivateCourse.fulfilled, (state, action) => {
        if (state.course?.documentId === action.payload.documentId) {
          state.course.is_active = false;
        }
      })
      // Fresh topics of the open course's subjects (after a topic or video changed).
      .addCase(fetchSubjectsByIds.fulfilled, (state, action) => {
        const course = state.course;
        if (!course?.subjects) return;
        const fresh = new Map(action.payload.map((subject) => [subject.documentId, subject]));
        course.subjects = course.subjects.map(
          (subject) => fresh.get(subject.documentId) ?? subject,
        );
      })
      .addCase(fetchCourseContents.pending, (state, action) => {
        const { courseId, subjectId } = action.meta.arg;
        const same = state.contents.courseId === courseId && state.contents.subjectId === subjectId;
        state.contents = {
          courseId,
          subjectId,
          items: same ? state.contents.items : [],
          status: 'loading',
          error: null,
        };
      })
      .addCase(fetchCourseContents.fulfilled, (state, action) => {
        const { courseId, subjectId } = action.meta.arg;
        if (state.contents.courseId !== courseId || state.contents.subjectId !== subjectId) return;
        state.contents.items = action.payload;
        state.contents.status = 'succeeded';
      })
      .addCase(fetchCourseContents.rejected, (state, action) => {
        const { courseId, subjectId } = action.meta.arg;
        if (state.contents.courseId !== courseId || state.contents.subjectId !== subjectId) return;
        state.contents.status = 'failed';
        state.contents.error = action.payload ?? errorMessage(null);
      })
      .addCase(removeCourseContent.fulfilled, (state, action) => {
        state.contents.items = state.contents.items.filter(
          (item) => item.documentId !== action.payload,
        );
      })
      .addCase(removeTopicContent.fulfilled, (state, action) => {
        const item = state.contents.items.find((content) => content.documentId === action.payload);
        if (item) {
          item.topic = null;
          item.topic_materials = [];
          item.youtube_videos = [];
        }
      });
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof courseDetailSlice> {}
}
const injected = courseDetailSlice.injectInto(slices);

export const { selectCourseDetail, selectCourseContents } = injected.selectors;

/** The topics of one of the open course's subjects. */
export function topicsOf(course: CourseDetail | null, subjectId: string | null): Topic[] {
  return course?.subjects?.find((subject) => subject.documentId === subjectId)?.topics ?? [];
}
