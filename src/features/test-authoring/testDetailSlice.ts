// The open test (its page) and saving a test (lazily added to the store with the test screens).
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import type { LoadStatus } from '../../lib/listState';
import { errorMessage } from '../../lib/strapi';
import { getTest, postTest, putTest } from './testsApi';
import type { Test, TestDetail, TestPayload } from './testTypes';

export interface TestDetailState {
  test: TestDetail | null;
  status: LoadStatus;
  error: string | null;
}

const initialState: TestDetailState = { test: null, status: 'idle', error: null };

type Rejects = { rejectValue: string };

export const fetchTest = createAsyncThunk<TestDetail, string, Rejects>(
  'testDetail/fetch',
  async (documentId, { rejectWithValue }) => {
    try {
      return await getTest(documentId);
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'The test could not be loaded.'));
    }
  },
);

export const saveTest = createAsyncThunk<
  Test,
  { documentId?: string; payload: TestPayload },
  Rejects
>('testDetail/save', async ({ documentId, payload }, { rejectWithValue }) => {
  try {
    return documentId ? await putTest(documentId, payload) : await postTest(payload);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

const testDetailSlice = createSlice({
  name: 'testDetail',
  initialState,
  reducers: {},
  selectors: {
    selectTestDetail: (state) => state,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchTest.pending, (state, action) => {
        if (state.test?.documentId !== action.meta.arg) state.test = null;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchTest.fulfilled, (state, action) => {
        state.test = action.payload;
        state.status = 'succeeded';
      })
      .addCase(fetchTest.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? errorMessage(null);
      });
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof testDetailSlice> {}
}
const injected = testDetailSlice.injectInto(slices);

export const { selectTestDetail } = injected.selectors;
