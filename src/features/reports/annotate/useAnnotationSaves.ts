// The annotations of one evaluation as the faculty member works (issue 27, the no-loss rule):
// every change of a page is written to IndexedDB at once (annotateDb) and sent after a short pause
// (debounced per page: a stroke or a few ticks travel as one small save of that page only), through
// the shared outbox (lib/outbox.ts: retries, back-off, `online`). A reload shows the kept pages over
// the server's and sends them. A save carries the page's version; when another tab saved first
// (409 with the current page) the two are merged (the server's items plus this tab's, this tab's
// winning for the same item) and saved again, so neither tab's work is lost.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { Outbox } from '../../../lib/outbox';
import { annotateEndpoints } from './annotateEndpoints';
import { pendingPagesStore, type PendingPage } from './annotateDb';
import {
  pageKey,
  type AnnotationItem,
  type AnnotationPage,
  type EvaluationAnnotations,
  type SaveStatus,
} from './annotateTypes';

export const SAVE_DEBOUNCE_MS = 800;

/** The server's page of a stale save's 409 (error.details.current), if the answer has one. */
export function conflictPage(error: unknown): AnnotationPage | null {
  const details = (error as { details?: { current?: AnnotationPage } } | null)?.details;
  const current = details?.current;
  return current && Array.isArray(current.items) && typeof current.version === 'number'
    ? current
    : null;
}

/** The server's items with this tab's added (this tab's win for the same id). */
export function mergeItems(server: AnnotationItem[], local: AnnotationItem[]): AnnotationItem[] {
  const mine = new Set(local.map((item) => item.id));
  return [...server.filter((item) => !mine.has(item.id)), ...local];
}

export interface AnnotationSaves {
  /** Items per pageKey (the server's, with this device's unsaved changes over them). */
  pages: Record<string, AnnotationItem[]>;
  change: (fileId: number, page: number, items: AnnotationItem[]) => void;
  status: SaveStatus;
  /** Why the last save was refused (completed, published, bad input). */
  refusal: string | null;
  /** Sends every waiting change now; true when the server has them all. */
  flush: (timeoutMs: number) => Promise<boolean>;
}

export function useAnnotationSaves(
  evaluationId: string,
  loaded: EvaluationAnnotations | undefined,
): AnnotationSaves {
  const dispatch = useAppDispatch();
  const [local, setPages] = useState<Record<string, AnnotationItem[]>>({});
  const [pending, setPending] = useState(0);
  const [waiting, setWaiting] = useState(0);
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const [refusal, setRefusal] = useState<string | null>(null);
  const versions = useRef(new Map<string, number>());
  /** The newest revision the server confirmed per page (a kept draft may go before its pause ends). */
  const confirmed = useRef(new Map<string, number>());
  const outboxRef = useRef<Outbox<PendingPage, AnnotationPage> | null>(null);
  const revision = useRef(0);
  const timers = useRef(
    new Map<string, { timer: ReturnType<typeof setTimeout>; entry: PendingPage }>(),
  );
  const store = useMemo(() => pendingPagesStore(evaluationId), [evaluationId]);

  const nextRevision = () => {
    revision.current = Math.max(Date.now(), revision.current + 1);
    return revision.current;
  };

  // The server's pages; this device's changes (`local`) are shown over them.
  const server = useMemo(() => {
    const shown: Record<string, AnnotationItem[]> = {};
    for (const page of loaded?.pages ?? []) {
      shown[pageKey(evaluationId, page.fileId, page.page)] = page.items;
    }
    return shown;
  }, [loaded, evaluationId]);
  const pages = useMemo(() => ({ ...server, ...local }), [server, local]);

  useEffect(() => {
    if (!loaded) return undefined;
    for (const page of loaded.pages) {
      versions.current.set(pageKey(evaluationId, page.fileId, page.page), page.version);
    }
    const outbox: Outbox<PendingPage, AnnotationPage> = new Outbox<PendingPage, AnnotationPage>(
      {
        send: (entry) =>
          dispatch(
            annotateEndpoints.endpoints.saveAnnotationPage.initiate(
              {
                evaluationId,
                fileId: entry.fileId,
                page: entry.page,
                baseVersion: versions.current.get(entry.key) ?? entry.baseVersion,
                items: entry.items,
              },
              { track: false },
            ),
          ).unwrap(),
        onSaved: (saved, entry) => {
          versions.current.set(entry.key, saved.version);
          confirmed.current.set(
            entry.key,
            Math.max(confirmed.current.get(entry.key) ?? 0, entry.revision),
          );
          setRefusal(null);
        },
        onConflict: (entry, message, error) => {
          const current = conflictPage(error);
          if (!current) {
            setRefusal(message);
            return;
          }
          // Another tab saved this page first: keep both, then save the union on its version.
          const items = mergeItems(current.items, entry.items);
          versions.current.set(entry.key, current.version);
          setPages((before) => ({ ...before, [entry.key]: items }));
          void outbox.enqueue({
            ...entry,
            items,
            baseVersion: current.version,
            revision: nextRevision(),
          });
        },
        onRejected: (_entry, message) => setRefusal(message),
        onPendingChange: setPending,
        onOffline: setOffline,
      },
      { keyOf: (entry) => entry.key, confirmed: (_saved, entry) => entry.revision, store },
    );
    outboxRef.current = outbox;
    let live = true;
    void (async () => {
      let kept: PendingPage[] = [];
      try {
        kept = await store.load();
      } catch {
        // No IndexedDB: nothing was kept.
      }
      if (!live) return;
      if (kept.length > 0) {
        // What this device has not sent yet is newer than the server's copy.
        setPages((before) => {
          const next = { ...before };
          for (const row of kept) next[row.key] = row.items;
          return next;
        });
        revision.current = Math.max(revision.current, ...kept.map((row) => row.revision));
      }
      await outbox.start();
    })();
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    const waitingTimers = timers.current;
    return () => {
      live = false;
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      // Changes still in their pause are in IndexedDB already: the next visit sends them.
      for (const { timer } of waitingTimers.values()) clearTimeout(timer);
      waitingTimers.clear();
      outbox.stop();
      if (outboxRef.current === outbox) outboxRef.current = null;
    };
  }, [evaluationId, loaded, dispatch, store]);

  const change = useCallback(
    (fileId: number, page: number, items: AnnotationItem[]) => {
      const key = pageKey(evaluationId, fileId, page);
      setPages((before) => ({ ...before, [key]: items }));
      setRefusal(null);
      const entry: PendingPage = {
        key,
        evaluationId,
        fileId,
        page,
        items,
        baseVersion: versions.current.get(key) ?? 0,
        revision: nextRevision(),
        queuedAt: Date.now(),
      };
      // Kept on this device at once; sent after the pause.
      void store.put(entry).catch(() => undefined);
      const known = timers.current.get(key);
      if (known) clearTimeout(known.timer);
      const timer = setTimeout(() => {
        timers.current.delete(key);
        setWaiting(timers.current.size);
        if ((confirmed.current.get(key) ?? 0) >= entry.revision) return;
        void outboxRef.current?.enqueue(entry);
      }, SAVE_DEBOUNCE_MS);
      timers.current.set(key, { timer, entry });
      setWaiting(timers.current.size);
    },
    [evaluationId, store],
  );

  const flush = useCallback(async (timeoutMs: number) => {
    for (const [key, { timer, entry }] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(key);
      await outboxRef.current?.enqueue(entry);
    }
    setWaiting(0);
    return outboxRef.current ? outboxRef.current.flush(timeoutMs) : true;
  }, []);

  const busy = pending + waiting > 0;
  const status: SaveStatus = refusal
    ? 'refused'
    : busy && offline
      ? 'offline'
      : busy
        ? 'saving'
        : 'saved';
  return { pages, change, status, refusal, flush };
}
