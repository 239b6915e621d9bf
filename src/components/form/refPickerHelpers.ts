// Small helpers shared by the forms that pick related records (tests, courses, assignments):
// relation ids for a payload, chosen items kept listed while a server search shows others,
// number fields as text and back, and the debounced loader of a server-searched picker.
import { useCallback } from 'react';
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
 * The loader of a picker fed by a server search: it changes once typing settles (350 ms), and is
 * enabled once something is typed (or always, to show the first page before any typing).
 * Pass both to the feature's options hook: `useOptions(load, enabled)`.
 */
export function useSearchLoader<T>(
  search: (text: string) => Promise<T[]>,
  typed: string,
  always = false,
): { load: () => Promise<T[]>; enabled: boolean } {
  const query = useDebouncedValue(typed.trim(), 350);
  const load = useCallback(() => search(query), [search, query]);
  return { load, enabled: always || query.length > 0 };
}
