// The questions of the open test and the question pool's page (lazily added to the store with
// the screens that use them).
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import {
  createListAdapter,
  listReducers,
  type ListState,
  type LoadStatus,
} from '../../lib/listState';
import { errorMessage, type Pagination } from '../../lib/strapi';
import {
  deletePoolQuestions,
  deleteQuestions,
  getPoolPage,
  getTestQuestions,
  postPoolQuestion,
  postQuestion,
  postQuestionsFromPool,
  putPoolQuestion,
  putQuestion,
} from './questionsApi';
import type { DeleteReport, Question, QuestionPayload } from './questionTypes';

const pool = createListAdapter<Question>();
const poolList = listReducers(pool.adapter);

export interface QuestionsState {
  test: { testId: string | null; items: Question[]; status: LoadStatus; error: string | null };
  pool: ListState<Question>;
}

const initialState: QuestionsState = {
  test: { testId: null, items: [], status: 'idle', error: null },
  pool: pool.initialState,
};

type Rejects = { rejectValue: string };

export const fetchTestQuestions = createAsyncThunk<Question[], string, Rejects>(
  'questions/fetchForTest',
  async (testId, { rejectWithValue }) => {
    try {
      return await getTestQuestions(testId);
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'The questions could not be loaded.'));
    }
  },
);

/** Creates (with the test) or updates a test's question. */
export const saveTestQuestion = createAsyncThunk<
  Question,
  { documentId?: string; testId: string; payload: QuestionPayload },
  Rejects
>('questions/saveForTest', async ({ documentId, testId, payload }, { rejectWithValue }) => {
  try {
    return documentId
      ? await putQuestion(documentId, payload)
      : await postQuestion(payload, testId);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** One DELETE per question; never rejects, the report says what failed. */
export const removeTestQuestions = createAsyncThunk<DeleteReport, string[]>(
  'questions/removeFromTest',
  (ids) => deleteQuestions(ids),
);

export const addPoolQuestionsToTest = createAsyncThunk<
  number,
  { testId: string; questionPoolIds: string[] },
  Rejects
>('questions/addFromPool', async ({ testId, questionPoolIds }, { rejectWithValue }) => {
  try {
    return await postQuestionsFromPool({ testId }, questionPoolIds);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

export const fetchPool = createAsyncThunk<
  { items: Question[]; pagination: Pagination | null },
  { search: string; page: number },
  Rejects
>('questions/fetchPool', async ({ search, page }, { rejectWithValue }) => {
  try {
    const answer = await getPoolPage(search, page);
    return { items: answer.data, pagination: answer.meta.pagination ?? null };
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'The question pool could not be loaded.'));
  }
});

export const savePoolQuestion = createAsyncThunk<
  Question,
  { documentId?: string; payload: QuestionPayload },
  Rejects
>('questions/savePool', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return documentId
      ? await putPoolQuestion(documentId, payload)
      : await postPoolQuestion(payload);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

export const removePoolQuestions = createAsyncThunk<DeleteReport, string[]>(
  'questions/removeFromPool',
  (ids) => deletePoolQuestions(ids),
);

const questionsSlice = createSlice({
  name: 'questions',
  initialState,
  reducers: {},
  selectors: {
    selectTestQuestions: (state) => state.test,
    selectPoolList: (state) => state.pool,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchTestQuestions.pending, (state, action) => {
        if (state.test.testId !== action.meta.arg) state.test.items = [];
        state.test.testId = action.meta.arg;
        state.test.status = 'loading';
        state.test.error = null;
      })
      .addCase(fetchTestQuestions.fulfilled, (state, action) => {
        if (state.test.testId !== action.meta.arg) return;
        state.test.items = action.payload;
        state.test.status = 'succeeded';
      })
      .addCase(fetchTestQuestions.rejected, (state, action) => {
        if (state.test.testId !== action.meta.arg) return;
        state.test.status = 'failed';
        state.test.error = action.payload ?? errorMessage(null);
      })
      .addCase(removeTestQuestions.fulfilled, (state, action) => {
        const gone = new Set(action.payload.deleted);
        state.test.items = state.test.items.filter((item) => !gone.has(item.documentId));
      })
      .addCase(fetchPool.pending, (state) => poolList.loadStarted(state.pool))
      .addCase(fetchPool.fulfilled, (state, action) => poolList.pageReceived(state.pool, action))
      .addCase(fetchPool.rejected, (state, action) =>
        poolList.loadFailed(state.pool, { payload: action.payload ?? errorMessage(null) }),
      )
      .addCase(removePoolQuestions.fulfilled, (state, action) => {
        pool.adapter.removeMany(state.pool, action.payload.deleted);
      });
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof questionsSlice> {}
}
const injected = questionsSlice.injectInto(slices);

export const { selectTestQuestions, selectPoolList } = injected.selectors;
export const selectPoolQuestions = pool.adapter.getSelectors(selectPoolList).selectAll;
