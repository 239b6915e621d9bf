/** The address's query with `changes` laid over it: a value sets its key, an empty one removes it. */
export const withParams = (
  previous: URLSearchParams,
  changes: Record<string, string>,
): URLSearchParams => {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
};
