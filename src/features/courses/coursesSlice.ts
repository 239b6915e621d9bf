import { createSlice } from '@reduxjs/toolkit';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';

import type { Course } from './courseTypes';

export type { Course };

const { adapter, initialState } = createListAdapter<Course>();

const coursesSlice = createSlice({
  name: 'courses',
  initialState,
  reducers: listReducers(adapter),
});

export const {
  loadStarted: coursesLoadStarted,
  pageReceived: coursesPageReceived,
  loadFailed: coursesLoadFailed,
  itemSaved: courseSaved,
  itemRemoved: courseRemoved,
} = coursesSlice.actions;
export const coursesReducer = coursesSlice.reducer;

const selectors = adapter.getSelectors((state: { courses: ListState<Course> }) => state.courses);
export const selectAllCourses = selectors.selectAll;
export const selectCourseById = selectors.selectById;
export const selectCoursesStatus = (state: { courses: ListState<Course> }) => state.courses.status;
export const selectCoursesState = (state: { courses: ListState<Course> }) => state.courses;
