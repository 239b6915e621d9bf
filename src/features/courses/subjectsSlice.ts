// Subjects, their topics and the topics' videos (lazily added to the store with the screens
// that use it).
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import {
  createListAdapter,
  listReducers,
  type ListState,
  type LoadStatus,
} from '../../lib/listState';
import { errorMessage, type Pagination } from '../../lib/strapi';
import type {
  Subject,
  SubjectPayload,
  Topic,
  TopicCreatePayload,
  TopicUpdatePayload,
  VideoPayload,
  YoutubeVideo,
} from './courseTypes';
import {
  deleteSubject,
  deleteVideo,
  getSubject,
  getSubjectsByIds,
  getSubjectsPage,
  postRemoveTopics,
  postSubject,
  postTopic,
  postVideo,
  putSubject,
  putTopic,
  putVideo,
} from './subjectsApi';

export const SUBJECT_IDS_NOT_DEFINED = 'Subject ID(s) are not defined';

const { adapter, initialState: listInitialState } = createListAdapter<Subject>();
const list = listReducers(adapter);

export interface SubjectsState {
  list: ListState<Subject>;
  detail: { subject: Subject | null; status: LoadStatus; error: string | null };
}

const initialState: SubjectsState = {
  list: listInitialState,
  detail: { subject: null, status: 'idle', error: null },
};

type Rejects = { rejectValue: string };

function fail(error: unknown, fallback?: string): string {
  return errorMessage(error, fallback);
}

export const fetchSubjects = createAsyncThunk<
  { items: Subject[]; pagination: Pagination | null },
  { page: number; search: string },
  Rejects
>('subjects/fetchPage', async ({ page, search }, { rejectWithValue }) => {
  try {
    const answer = await getSubjectsPage(page, search);
    return { items: answer.data, pagination: answer.meta.pagination ?? null };
  } catch (error) {
    return rejectWithValue(fail(error, 'The subjects could not be loaded.'));
  }
});

/** Several subjects with their topics; fails without asking the server when no id is given. */
export const fetchSubjectsByIds = createAsyncThunk<
  Subject[],
  readonly string[] | null | undefined,
  Rejects
>('subjects/fetchByIds', async (ids, { rejectWithValue }) => {
  if (!ids || ids.length === 0 || ids.some((id) => !id)) {
    return rejectWithValue(SUBJECT_IDS_NOT_DEFINED);
  }
  try {
    return await getSubjectsByIds(ids);
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

export const fetchSubject = createAsyncThunk<Subject, string, Rejects>(
  'subjects/fetchOne',
  async (documentId, { rejectWithValue }) => {
    try {
      return await getSubject(documentId);
    } catch (error) {
      return rejectWithValue(fail(error, 'The subject could not be loaded.'));
    }
  },
);

export const saveSubject = createAsyncThunk<
  Subject,
  { documentId?: string; payload: SubjectPayload },
  Rejects
>('subjects/save', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return documentId ? await putSubject(documentId, payload) : await postSubject(payload);
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

export const removeSubject = createAsyncThunk<string, string, Rejects>(
  'subjects/remove',
  async (documentId, { rejectWithValue }) => {
    try {
      await deleteSubject(documentId);
      return documentId;
    } catch (error) {
      return rejectWithValue(fail(error));
    }
  },
);

/** Creates a topic; the server appends it to its subject. Failures go back to the caller. */
export const createTopic = createAsyncThunk<Topic, TopicCreatePayload, Rejects>(
  'subjects/createTopic',
  async (payload, { rejectWithValue }) => {
    try {
      return await postTopic(payload);
    } catch (error) {
      return rejectWithValue(fail(error));
    }
  },
);

export const updateTopic = createAsyncThunk<
  Topic,
  { documentId: string; payload: TopicUpdatePayload },
  Rejects
>('subjects/updateTopic', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return await putTopic(documentId, payload);
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

/** Removes topics from a subject (the server deletes them) in one call. */
export const removeTopicsFromSubject = createAsyncThunk<
  number,
  { subjectId: string; topicIds: string[] },
  Rejects
>('subjects/removeTopics', async ({ subjectId, topicIds }, { rejectWithValue }) => {
  try {
    return await postRemoveTopics(subjectId, topicIds);
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

/** Adds a video, then extends the topic's videos with it (the existing ones kept). */
export const addTopicVideo = createAsyncThunk<
  YoutubeVideo,
  { topic: Pick<Topic, 'documentId' | 'youtube_videos'>; video: VideoPayload },
  Rejects
>('subjects/addTopicVideo', async ({ topic, video }, { rejectWithValue }) => {
  try {
    const created = await postVideo(video);
    const existing = (topic.youtube_videos ?? []).map((item) => item.documentId);
    await putTopic(topic.documentId, { youtube_videos: [...existing, created.documentId] });
    return created;
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

export const createVideo = createAsyncThunk<YoutubeVideo, VideoPayload, Rejects>(
  'subjects/createVideo',
  async (video, { rejectWithValue }) => {
    try {
      return await postVideo(video);
    } catch (error) {
      return rejectWithValue(fail(error));
    }
  },
);

export const updateVideo = createAsyncThunk<
  YoutubeVideo,
  { documentId: string; video: VideoPayload },
  Rejects
>('subjects/updateVideo', async ({ documentId, video }, { rejectWithValue }) => {
  try {
    return await putVideo(documentId, video);
  } catch (error) {
    return rejectWithValue(fail(error));
  }
});

export const removeVideo = createAsyncThunk<string, string, Rejects>(
  'subjects/removeVideo',
  async (documentId, { rejectWithValue }) => {
    try {
      await deleteVideo(documentId);
      return documentId;
    } catch (error) {
      return rejectWithValue(fail(error));
    }
  },
);

const subjectsSlice = createSlice({
  name: 'subjects',
  initialState,
  reducers: {},
  selectors: {
    selectSubjectsList: (state) => state.list,
    selectSubjectDetail: (state) => state.detail,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSubjects.pending, (state) => list.loadStarted(state.list))
      .addCase(fetchSubjects.fulfilled, (state, action) => list.pageReceived(state.list, action))
      .addCase(fetchSubjects.rejected, (state, action) =>
        list.loadFailed(state.list, { payload: action.payload ?? fail(null) }),
      )
      .addCase(fetchSubject.pending, (state, action) => {
        const keep = state.detail.subject?.documentId === action.meta.arg;
        state.detail = {
          subject: keep ? state.detail.subject : null,
          status: 'loading',
          error: null,
        };
      })
      .addCase(fetchSubject.fulfilled, (state, action) => {
        state.detail = { subject: action.payload, status: 'succeeded', error: null };
      })
      .addCase(fetchSubject.rejected, (state, action) => {
        state.detail.status = 'failed';
        state.detail.error = action.payload ?? fail(null);
      })
      .addCase(saveSubject.fulfilled, (state, action) => {
        if (state.list.entities[action.payload.documentId]) {
          list.itemSaved(state.list, action);
        }
        if (state.detail.subject?.documentId === action.payload.documentId) {
          state.detail.subject = { ...state.detail.subject, ...action.payload };
        }
      })
      .addCase(removeSubject.fulfilled, (state, action) => {
        list.itemRemoved(state.list, action);
      });
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof subjectsSlice> {}
}
const injected = subjectsSlice.injectInto(slices);

export const { selectSubjectsList, selectSubjectDetail } = injected.selectors;
const listSelectors = adapter.getSelectors(selectSubjectsList);
export const selectSubjects = listSelectors.selectAll;
