import { createSlice } from '@reduxjs/toolkit';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';
import type { Assignment } from './assignmentTypes';

export type { Assignment };

const { adapter, initialState } = createListAdapter<Assignment>();

const assignmentsSlice = createSlice({
  name: 'assignments',
  initialState,
  reducers: listReducers(adapter),
});

export const {
  loadStarted: assignmentsLoadStarted,
  pageReceived: assignmentsPageReceived,
  loadFailed: assignmentsLoadFailed,
  itemSaved: assignmentSaved,
  itemRemoved: assignmentRemoved,
} = assignmentsSlice.actions;
export const assignmentsReducer = assignmentsSlice.reducer;

const selectors = adapter.getSelectors(
  (state: { assignments: ListState<Assignment> }) => state.assignments,
);
export const selectAllAssignments = selectors.selectAll;
export const selectAssignmentById = selectors.selectById;
export const selectAssignmentsStatus = (state: { assignments: ListState<Assignment> }) =>
  state.assignments.status;
export const selectAssignmentsState = (state: { assignments: ListState<Assignment> }) =>
  state.assignments;
