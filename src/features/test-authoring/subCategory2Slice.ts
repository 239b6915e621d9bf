// Second-level test sub-categories (lazily added to the store with their screen).
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import { createListAdapter, listReducers } from '../../lib/listState';
import { errorMessage, type Pagination } from '../../lib/strapi';
import { deleteSubCategory2, getSubCategory2Page, postSubCategory2 } from './testsApi';
import type { TestSubCategory2, TestSubCategory2Payload } from './testTypes';

const { adapter, initialState } = createListAdapter<TestSubCategory2>();
const list = listReducers(adapter);

type Rejects = { rejectValue: string };

export const fetchSubCategory2s = createAsyncThunk<
  { items: TestSubCategory2[]; pagination: Pagination | null },
  { page: number; subCategoryId: string | null },
  Rejects
>('testSubCategory2s/fetchPage', async ({ page, subCategoryId }, { rejectWithValue }) => {
  try {
    const answer = await getSubCategory2Page(page, subCategoryId);
    return { items: answer.data, pagination: answer.meta.pagination ?? null };
  } catch (error) {
    return rejectWithValue(
      errorMessage(error, 'The second-level sub-categories could not be loaded.'),
    );
  }
});

export const createSubCategory2 = createAsyncThunk<
  TestSubCategory2,
  TestSubCategory2Payload,
  Rejects
>('testSubCategory2s/create', async (payload, { rejectWithValue }) => {
  try {
    return await postSubCategory2(payload);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Deletes one; the server unlinks its tests from their course. Failures go to the caller. */
export const removeSubCategory2 = createAsyncThunk<string, string, Rejects>(
  'testSubCategory2s/remove',
  async (documentId, { rejectWithValue }) => {
    try {
      await deleteSubCategory2(documentId);
      return documentId;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

const subCategory2Slice = createSlice({
  name: 'testSubCategory2s',
  initialState,
  reducers: {},
  selectors: {
    selectSubCategory2List: (state) => state,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSubCategory2s.pending, (state) => list.loadStarted(state))
      .addCase(fetchSubCategory2s.fulfilled, (state, action) => list.pageReceived(state, action))
      .addCase(fetchSubCategory2s.rejected, (state, action) =>
        list.loadFailed(state, { payload: action.payload ?? errorMessage(null) }),
      )
      .addCase(removeSubCategory2.fulfilled, (state, action) => list.itemRemoved(state, action));
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof subCategory2Slice> {}
}
const injected = subCategory2Slice.injectInto(slices);

export const { selectSubCategory2List } = injected.selectors;
export const selectSubCategory2s = adapter.getSelectors(selectSubCategory2List).selectAll;
