// Session-held screen selections and messages (spec section 2): which record each screen has
// selected, whether a test is running (the layout hides its chrome), and the success/error/warning
// messages. Server data lives in the API cache (store/api.ts), never here.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SelectionKey =
  | 'assignment'
  | 'test'
  | 'course'
  | 'batch'
  | 'student'
  | 'faculty'
  | 'user'
  | 'question'
  | 'result';

/** The five places that keep their own category / sub-category / second sub-category choice. */
export type CategoryScope =
  'tests' | 'assignments' | 'courseList' | 'facultyCourses' | 'studentCourses';
export type CategoryLevel = 'category' | 'subCategory' | 'subCategory2';
export type CategorySelection = Record<CategoryLevel, string | null>;

export type MessageKind = 'success' | 'error' | 'warning';

export interface UiState {
  selected: Record<SelectionKey, string | null>;
  isTestStarted: boolean;
  isHeaderVisible: boolean;
  messages: Record<MessageKind, string | null>;
  categorySelections: Record<CategoryScope, CategorySelection>;
}

const emptyCategorySelection: CategorySelection = {
  category: null,
  subCategory: null,
  subCategory2: null,
};

const initialState: UiState = {
  selected: {
    assignment: null,
    test: null,
    course: null,
    batch: null,
    student: null,
    faculty: null,
    user: null,
    question: null,
    result: null,
  },
  isTestStarted: false,
  isHeaderVisible: true,
  messages: { success: null, error: null, warning: null },
  categorySelections: {
    tests: { ...emptyCategorySelection },
    assignments: { ...emptyCategorySelection },
    courseList: { ...emptyCategorySelection },
    facultyCourses: { ...emptyCategorySelection },
    studentCourses: { ...emptyCategorySelection },
  },
};

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    selectionChanged(state, action: PayloadAction<{ key: SelectionKey; id: string | null }>) {
      state.selected[action.payload.key] = action.payload.id;
    },
    categorySelectionChanged(
      state,
      action: PayloadAction<{ scope: CategoryScope; level: CategoryLevel; id: string | null }>,
    ) {
      const { scope, level, id } = action.payload;
      const selection = state.categorySelections[scope];
      selection[level] = id;
      // A narrower choice only makes sense under the broader one it was made in.
      if (level === 'category') {
        selection.subCategory = null;
        selection.subCategory2 = null;
      } else if (level === 'subCategory') {
        selection.subCategory2 = null;
      }
    },
    testStartedChanged(state, action: PayloadAction<boolean>) {
      state.isTestStarted = action.payload;
    },
    headerVisibilityChanged(state, action: PayloadAction<boolean>) {
      state.isHeaderVisible = action.payload;
    },
    messageShown(state, action: PayloadAction<{ kind: MessageKind; text: string }>) {
      state.messages[action.payload.kind] = action.payload.text;
    },
    messageCleared(state, action: PayloadAction<MessageKind>) {
      state.messages[action.payload] = null;
    },
  },
});

export const {
  selectionChanged,
  categorySelectionChanged,
  testStartedChanged,
  headerVisibilityChanged,
  messageShown,
  messageCleared,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

interface WithUi {
  ui: UiState;
}
export const selectCategorySelection = (scope: CategoryScope) => (state: WithUi) =>
  state.ui.categorySelections[scope];
export const selectMessages = (state: WithUi) => state.ui.messages;
export const selectIsTestStarted = (state: WithUi) => state.ui.isTestStarted;
export const selectIsHeaderVisible = (state: WithUi) => state.ui.isHeaderVisible;
