import { describe, expect, it } from 'vitest';
import {
  REHYDRATION_TIMEOUT_MS,
  appStateReset,
  makePersistor,
  makeStore,
  persistStorage,
} from '../../src/app/store';
import { learnersPageReceived } from '../../src/features/learners/learnersSlice';
import { categorySelectionChanged, selectionChanged } from '../../src/features/ui/uiSlice';
import { adminUser, signedInSession } from '../utils/fixtures';

const student = { id: 1, documentId: 's1', StudentName: 'Asha Rao' };

describe('store', () => {
  it('keeps the auth state on its own key and never persists the students list', async () => {
    const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
    const persistor = makePersistor(store);
    await new Promise<void>((resolve) => {
      const check = () => {
        if (persistor.getState().bootstrapped) resolve();
      };
      persistor.subscribe(check);
      check();
    });
    store.dispatch(learnersPageReceived({ items: [student], pagination: null }));
    store.dispatch(selectionChanged({ key: 'course', id: 'course-1' }));
    await persistor.flush();

    const root = await persistStorage.getItem<string>('persist:root');
    const auth = await persistStorage.getItem<string>('persist:auth');
    expect(root).toBeTruthy();
    const rootKeys = Object.keys(JSON.parse(root ?? '{}') as object);
    expect(rootKeys).toContain('ui');
    expect(rootKeys).not.toContain('learners');
    expect(rootKeys).not.toContain('session');
    expect(JSON.parse(auth ?? '{}')).toHaveProperty('userInfo');
    expect(store.getState().learners.ids).toEqual(['s1']);
    expect(REHYDRATION_TIMEOUT_MS).toBe(5000);
  });

  it('keeps category selections separately per place and clears narrower ones', () => {
    const store = makeStore();
    store.dispatch(categorySelectionChanged({ scope: 'tests', level: 'subCategory', id: 'sc1' }));
    store.dispatch(categorySelectionChanged({ scope: 'assignments', level: 'category', id: 'c9' }));
    store.dispatch(categorySelectionChanged({ scope: 'tests', level: 'category', id: 'c1' }));
    const { categorySelections } = store.getState().ui;
    expect(categorySelections.tests).toEqual({
      category: 'c1',
      subCategory: null,
      subCategory2: null,
    });
    expect(categorySelections.assignments.category).toBe('c9');
    expect(categorySelections.studentCourses.category).toBeNull();
  });

  it('resets every slice on sign-out', () => {
    const store = makeStore();
    store.dispatch(selectionChanged({ key: 'test', id: 't1' }));
    store.dispatch(learnersPageReceived({ items: [student], pagination: null }));
    store.dispatch(appStateReset());
    expect(store.getState().ui.selected.test).toBeNull();
    expect(store.getState().learners.ids).toEqual([]);
  });
});
