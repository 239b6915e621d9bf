import { createSlice } from '@reduxjs/toolkit';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';
import type { Test } from './testTypes';

export type { Test };

const { adapter, initialState } = createListAdapter<Test>();

const testsSlice = createSlice({
  name: 'tests',
  initialState,
  reducers: listReducers(adapter),
});

export const {
  loadStarted: testsLoadStarted,
  pageReceived: testsPageReceived,
  loadFailed: testsLoadFailed,
  itemSaved: testSaved,
  itemRemoved: testRemoved,
} = testsSlice.actions;
export const testsReducer = testsSlice.reducer;

const selectors = adapter.getSelectors((state: { tests: ListState<Test> }) => state.tests);
export const selectAllTests = selectors.selectAll;
export const selectTestById = selectors.selectById;
export const selectTestsStatus = (state: { tests: ListState<Test> }) => state.tests.status;
export const selectTestsState = (state: { tests: ListState<Test> }) => state.tests;
