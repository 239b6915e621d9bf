// The shape every list of an area keeps in the store: entities by documentId, a load status,
// the last error and the server's pagination.
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Pagination } from './strapi';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ListExtras {
  status: LoadStatus;
  error: string | null;
  pagination: Pagination | null;
}

export type ListState<T> = EntityState<T, string> & ListExtras;

export interface HasDocumentId {
  documentId: string;
}

export function createListAdapter<T extends HasDocumentId>() {
  const adapter = createEntityAdapter<T, string>({ selectId: (item) => item.documentId });
  const initialState: ListState<T> = adapter.getInitialState<ListExtras>({
    status: 'idle',
    error: null,
    pagination: null,
  });
  return { adapter, initialState };
}

/** The reducers every list shares; an area adds its own thunks and reducers on top. */
export function listReducers<T extends HasDocumentId>(
  adapter: ReturnType<typeof createListAdapter<T>>['adapter'],
) {
  return {
    loadStarted(state: ListState<T>) {
      state.status = 'loading';
      state.error = null;
    },
    pageReceived(
      state: ListState<T>,
      action: { payload: { items: T[]; pagination: Pagination | null } },
    ) {
      adapter.setAll(state, action.payload.items);
      state.pagination = action.payload.pagination;
      state.status = 'succeeded';
    },
    loadFailed(state: ListState<T>, action: { payload: string }) {
      state.status = 'failed';
      state.error = action.payload;
    },
    itemSaved(state: ListState<T>, action: { payload: T }) {
      adapter.upsertOne(state, action.payload);
    },
    itemRemoved(state: ListState<T>, action: { payload: string }) {
      adapter.removeOne(state, action.payload);
    },
  };
}
