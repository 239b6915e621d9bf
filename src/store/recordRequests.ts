// The usual requests of a record kind, for an area's endpoints: its page searched by name, the
// create (POST of a payload), the edit (PUT of a payload by documentId), the delete, and the record out of Strapi's `{ data }`.
// The area gives its URL builders; nothing here knows an address.
import type { ApiRequest } from './api';
import type { StrapiOne } from '../lib/strapi';

/** One page of a list searched by name (the argument of an area's page query). */
export interface SearchedPage {
  search: string;
  page: number;
}

/** An edit: the record and what it is saved with. */
export interface DocumentUpdate<P> {
  documentId: string;
  payload: P;
}

/** The record of a `{ data }` answer. */
export const dataOf = <T>(answer: StrapiOne<T>): T => answer.data;

/** The record an edit writes (for its tags). */
export const updatedId = ({ documentId }: { documentId: string }): string => documentId;

/** The record a delete removes (for its tags). */
export const deletedId = (documentId: string): string => documentId;

/** POST of a new record's payload to the collection's URL; `wrapped` sends Strapi's `{ data: payload }`. */
export function postDocument<P>(url: string, wrapped = false) {
  return (payload: P): ApiRequest => ({
    url,
    method: 'POST',
    body: wrapped ? { data: payload } : payload,
  });
}

/** PUT of the payload to the record's URL; `wrapped` sends Strapi's `{ data: payload }`. */
export function putDocument<P>(url: (documentId: string) => string, wrapped = false) {
  return ({ documentId, payload }: DocumentUpdate<P>): ApiRequest => ({
    url: url(documentId),
    method: 'PUT',
    body: wrapped ? { data: payload } : payload,
  });
}

/** DELETE of the record's URL. */
export function deleteDocument(url: (documentId: string) => string) {
  return (documentId: string): ApiRequest => ({ url: url(documentId), method: 'DELETE' });
}

/** The page query of a list searched by name, from the area's URL builder and its list tags. */
export function searchedPageQuery<Tags>(
  url: (search: string, page: number) => string,
  providesTags: Tags,
) {
  return { query: ({ search, page }: SearchedPage) => url(search, page), providesTags };
}
