// Small helpers shared by the forms that pick related records (tests, courses, assignments):
// relation ids for a payload, chosen items kept listed while a server search shows others,
// number fields as text and back, and the debounced search term of a server-searched picker.
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** The documentIds of related records, as a payload sends them. */
export function documentIds(items: readonly { documentId: string }[]): string[] {
  return items.map((item) => item.documentId);
}

/** Chosen items first, then the found ones not already chosen. */
export function withChosen<T extends { documentId: string }>(
  chosen: readonly T[],
  found: readonly T[],
): T[] {
  return [
    ...chosen,
    ...found.filter((item) => !chosen.some((c) => c.documentId === item.documentId)),
  ];
}

/** A number field's text: "" when absent. */
export function numberInputText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A number field's value: null when left empty. */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * The search of a picker fed by the server: the typed text once typing settles (350 ms), and
 * whether to skip the query (nothing typed yet, unless the first page shows before any typing).
 * Pass both to the area's search query: `useXSearchQuery(search.term, { skip: search.skip })`.
 */
export function useSearchTerm(typed: string, always = false): { term: string; skip: boolean } {
  const term = useDebouncedValue(typed.trim(), 350);
  return { term, skip: !always && term.length === 0 };
}
