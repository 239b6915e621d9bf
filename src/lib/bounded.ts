// Running many calls without opening them all at once (the browser and the server both prefer a
// few at a time).

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Calls `run` for every item, at most `limit` at a time; answers in the items' order. */
export async function mapBounded<I, O>(
  items: readonly I[],
  limit: number,
  run: (item: I, index: number) => Promise<O>,
): Promise<Settled<O>[]> {
  const results: Settled<O>[] = new Array<Settled<O>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as I;
      try {
        results[index] = { ok: true, value: await run(item, index) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Every page of a Strapi list: page 1 first, then the others `limit` at a time. */
export async function fetchAllPages<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; meta: { pagination?: { pageCount: number } } }>,
  limit = 3,
): Promise<T[]> {
  const first = await fetchPage(1);
  const pageCount = first.meta.pagination?.pageCount ?? 1;
  const pages = Array.from({ length: Math.max(0, pageCount - 1) }, (_unused, i) => i + 2);
  const rest = await mapBounded(pages, limit, fetchPage);
  const items = [...first.data];
  for (const answer of rest) {
    if (!answer.ok) throw answer.error;
    items.push(...answer.value.data);
  }
  return items;
}
