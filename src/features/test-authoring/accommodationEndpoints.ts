// A test's accommodations (issue 23): a learner's or a batch's extra time, extra attempts and
// personal window, read and written by staff through /tests/:documentId/accommodations.
import { api } from '../../store/api';
import type { BatchRef, StudentRef } from '../courses';

export interface Accommodation {
  documentId: string;
  student: Pick<StudentRef, 'id' | 'documentId' | 'StudentName'> | null;
  batch: Pick<BatchRef, 'id' | 'documentId' | 'Batch'> | null;
  extra_minutes: number;
  extra_percent: number;
  extra_attempts: number;
  window_from: string | null;
  window_to: string | null;
  note: string | null;
}

/** What a create or update sends: exactly one of student and batch (documentIds). */
export interface AccommodationPayload {
  student: string | null;
  batch: string | null;
  extra_minutes: number;
  extra_percent: number;
  extra_attempts: number;
  window_from: string | null;
  window_to: string | null;
  note: string;
}

const listUrl = (testId: string) => `/tests/${encodeURIComponent(testId)}/accommodations`;
const tag = (testId: string) => ({ type: 'Test' as const, id: `accommodations:${testId}` });

export const accommodationEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    accommodations: build.query<Accommodation[], string>({
      query: (testId) => ({ url: listUrl(testId) }),
      transformResponse: (answer: { data: Accommodation[] }) => answer.data,
      providesTags: (_list, _error, testId) => [tag(testId)],
    }),
    saveAccommodation: build.mutation<
      Accommodation,
      { testId: string; documentId?: string; payload: AccommodationPayload }
    >({
      query: ({ testId, documentId, payload }) => ({
        url: documentId ? `${listUrl(testId)}/${encodeURIComponent(documentId)}` : listUrl(testId),
        method: documentId ? 'PUT' : 'POST',
        body: { data: payload },
      }),
      transformResponse: (answer: { data: Accommodation }) => answer.data,
      invalidatesTags: (_saved, error, { testId }) => (error ? [] : [tag(testId)]),
    }),
    deleteAccommodation: build.mutation<Accommodation, { testId: string; documentId: string }>({
      query: ({ testId, documentId }) => ({
        url: `${listUrl(testId)}/${encodeURIComponent(documentId)}`,
        method: 'DELETE',
      }),
      transformResponse: (answer: { data: Accommodation }) => answer.data,
      invalidatesTags: (_removed, error, { testId }) => (error ? [] : [tag(testId)]),
    }),
  }),
});

export const {
  useAccommodationsQuery,
  useSaveAccommodationMutation,
  useDeleteAccommodationMutation,
} = accommodationEndpoints;

/** "+10 min, +50%, +1 attempt, window …" for a row of the list. */
export function accommodationTerms(
  item: Accommodation,
  formatWhen: (iso: string | null) => string,
): string {
  const parts: string[] = [];
  if (item.extra_minutes > 0) parts.push(`+${item.extra_minutes} min`);
  if (item.extra_percent > 0) parts.push(`+${item.extra_percent}% time`);
  if (item.extra_attempts > 0) {
    parts.push(`+${item.extra_attempts} attempt${item.extra_attempts === 1 ? '' : 's'}`);
  }
  if (item.window_from || item.window_to) {
    parts.push(`window ${formatWhen(item.window_from)} – ${formatWhen(item.window_to)}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'No changes';
}
