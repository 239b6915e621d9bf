import { createSlice } from '@reduxjs/toolkit';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';

export interface Student {
  id: number;
  documentId: string;
  StudentName: string;
  Roll_Number?: string | null;
  student_email?: string | null;
  student_mobile_number?: string | null;
  student_enrollment_date?: string | null;
}

const { adapter, initialState } = createListAdapter<Student>();

const learnersSlice = createSlice({
  name: 'learners',
  initialState,
  reducers: listReducers(adapter),
});

export const {
  loadStarted: learnersLoadStarted,
  pageReceived: learnersPageReceived,
  loadFailed: learnersLoadFailed,
  itemSaved: learnerSaved,
  itemRemoved: learnerRemoved,
} = learnersSlice.actions;
export const learnersReducer = learnersSlice.reducer;

const selectors = adapter.getSelectors((state: { learners: ListState<Student> }) => state.learners);
export const selectAllLearners = selectors.selectAll;
export const selectStudentById = selectors.selectById;
export const selectLearnersStatus = (state: { learners: ListState<Student> }) =>
  state.learners.status;
