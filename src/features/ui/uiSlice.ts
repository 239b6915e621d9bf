// Session-held screen selections and messages (spec section 2): which record each screen has
// selected, a few view flags, the success/error/warning messages, and the top-5 notifications.
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

export interface TopNotification {
  id: number;
  documentId: string;
  message: string;
  createdAt: string;
  read?: boolean;
}

export interface UiState {
  selected: Record<SelectionKey, string | null>;
  isTestStarted: boolean;
  isHeaderVisible: boolean;
  isTabsVisible: boolean;
  isCourseLoading: boolean;
  totalLearners: number;
  messages: Record<MessageKind, string | null>;
  topNotifications: { items: TopNotification[]; total: number; unread: number };
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
  isTabsVisible: true,
  isCourseLoading: false,
  totalLearners: 0,
  messages: { success: null, error: null, warning: null },
  topNotifications: { items: [], total: 0, unread: 0 },
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
    tabsVisibilityChanged(state, action: PayloadAction<boolean>) {
      state.isTabsVisible = action.payload;
    },
    courseLoadingChanged(state, action: PayloadAction<boolean>) {
      state.isCourseLoading = action.payload;
    },
    totalLearnersChanged(state, action: PayloadAction<number>) {
      state.totalLearners = action.payload;
    },
    messageShown(state, action: PayloadAction<{ kind: MessageKind; text: string }>) {
      state.messages[action.payload.kind] = action.payload.text;
    },
    messageCleared(state, action: PayloadAction<MessageKind>) {
      state.messages[action.payload] = null;
    },
    topNotificationsReceived(state, action: PayloadAction<UiState['topNotifications']>) {
      state.topNotifications = action.payload;
    },
  },
});

export const {
  selectionChanged,
  categorySelectionChanged,
  testStartedChanged,
  headerVisibilityChanged,
  tabsVisibilityChanged,
  courseLoadingChanged,
  totalLearnersChanged,
  messageShown,
  messageCleared,
  topNotificationsReceived,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

interface WithUi {
  ui: UiState;
}
export const selectSelected = (key: SelectionKey) => (state: WithUi) => state.ui.selected[key];
export const selectCategorySelection = (scope: CategoryScope) => (state: WithUi) =>
  state.ui.categorySelections[scope];
export const selectMessages = (state: WithUi) => state.ui.messages;
export const selectIsTestStarted = (state: WithUi) => state.ui.isTestStarted;
export const selectIsHeaderVisible = (state: WithUi) => state.ui.isHeaderVisible;
export const selectIsTabsVisible = (state: WithUi) => state.ui.isTabsVisible;
export const selectTopNotifications = (state: WithUi) => state.ui.topNotifications;
