// The course area's one create-or-update call: a record is created (POST to its collection) when it
// has no documentId yet, and updated (PUT to the record) when it has one; the answer is `{ data }`.
import type { ApiRequest } from '../../store/api';
import type { StrapiOne } from '../../lib/strapi';

/** Where a kind of record lives: its collection and one record of it. */
export interface RecordUrls {
  collection: string;
  record: (documentId: string) => string;
}

/** A save: with a documentId it updates that record, without it creates one. */
export interface Save<P> {
  documentId?: string;
  payload: P;
}

export function saveRequest<P>(urls: RecordUrls, { documentId, payload }: Save<P>): ApiRequest {
  return documentId
    ? { url: urls.record(documentId), method: 'PUT', body: { data: payload } }
    : { url: urls.collection, method: 'POST', body: { data: payload } };
}

/** A one-record answer (`{ data }`) as the record. */
export const recordOf = <T>(answer: StrapiOne<T>): T => answer.data;
