import { describe, expect, it } from 'vitest';
import {
  REHYDRATION_TIMEOUT_MS,
  appStateReset,
  makePersistor,
  makeStore,
  persistStorage,
} from '../../src/store/store';
import { api } from '../../src/store/api';
import { categorySelectionChanged, selectionChanged } from '../../src/store/uiSlice';
import { adminUser, signedInSession } from '../utils/fixtures';

const student = { id: 1, documentId: 's1', StudentName: 'Asha Rao' };

// An area's endpoint, as a feature injects it; the cache entry stands for any server data.
const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    testStudents: build.query<(typeof student)[], void>({ query: () => '/students' }),
  }),
});
const cacheStudents = () => studentsApi.util.upsertQueryData('testStudents', undefined, [student]);
const cachedStudents = (state: { api: ReturnType<typeof api.reducer> }) =>
  studentsApi.endpoints.testStudents.select()(state).data;

describe('store', () => {
  it('keeps the auth state on its own key and never persists server data (the API cache)', async () => {
    const store = makeStore({ session: signedInSession(adminUser, ['ROLE_ADMIN']) });
    const persistor = makePersistor(store);
    await new Promise<void>((resolve) => {
      const check = () => {
        if (persistor.getState().bootstrapped) resolve();
      };
      persistor.subscribe(check);
      check();
    });
    store.dispatch(cacheStudents());
    store.dispatch(selectionChanged({ key: 'course', id: 'course-1' }));
    await persistor.flush();

    const root = await persistStorage.getItem<string>('persist:root');
    const auth = await persistStorage.getItem<string>('persist:auth');
    expect(root).toBeTruthy();
    const rootKeys = Object.keys(JSON.parse(root ?? '{}') as object);
    expect(rootKeys).toContain('ui');
    expect(rootKeys).not.toContain('api');
    expect(rootKeys).not.toContain('session');
    expect(JSON.parse(auth ?? '{}')).toHaveProperty('userInfo');
    expect(cachedStudents(store.getState())).toEqual([student]);
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
    store.dispatch(cacheStudents());
    store.dispatch(appStateReset());
    expect(store.getState().ui.selected.test).toBeNull();
    expect(cachedStudents(store.getState())).toBeUndefined();
  });
});
