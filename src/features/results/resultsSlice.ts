import { createSlice } from '@reduxjs/toolkit';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';

export interface Result {
  id: number;
  documentId: string;
  total_marks?: number | null;
  is_published?: boolean;
}

const { adapter, initialState } = createListAdapter<Result>();

const resultsSlice = createSlice({
  name: 'results',
  initialState,
  reducers: listReducers(adapter),
});

export const {
  loadStarted: resultsLoadStarted,
  pageReceived: resultsPageReceived,
  loadFailed: resultsLoadFailed,
  itemSaved: resultSaved,
  itemRemoved: resultRemoved,
} = resultsSlice.actions;
export const resultsReducer = resultsSlice.reducer;

const selectors = adapter.getSelectors((state: { results: ListState<Result> }) => state.results);
export const selectAllResults = selectors.selectAll;
export const selectResultById = selectors.selectById;
export const selectResultsStatus = (state: { results: ListState<Result> }) => state.results.status;
