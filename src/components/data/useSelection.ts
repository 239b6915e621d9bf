// The records ticked in a list (by documentId): tick or untick one, drop some, or set them all.
import { useCallback, useState } from 'react';

export function useSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  /** Ticks the record, or unticks it when it was ticked. */
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  /** Unticks these records (e.g. the ones just deleted). */
  const drop = useCallback(
    (ids: readonly string[]) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );

  return { selected, setSelected, toggle, drop };
}
