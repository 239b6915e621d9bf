// The annotation outbox's browser store (Dexie on IndexedDB, database `portal-annotations`): a
// page's items are written here as soon as they change and stay until the server confirms them,
// so a reload or a dropped connection loses nothing (the exam's no-loss rule, lib/outbox.ts). A
// database of its own: the exam's (`portal-exam`) belongs to learners' attempts.
import { Dexie, type EntityTable } from 'dexie';
import type { OutboxStore } from '../../../lib/outbox';
import type { AnnotationItem } from './annotateTypes';

export const ANNOTATE_DB_NAME = 'portal-annotations';

export interface PendingPage {
  /** pageKey(evaluationId, fileId, page): only the latest items of a page matter. */
  key: string;
  evaluationId: string;
  fileId: number;
  page: number;
  items: AnnotationItem[];
  /** The server's version the change started from (0: a page never saved). */
  baseVersion: number;
  revision: number;
  queuedAt: number;
}

export const annotateDb = new Dexie(ANNOTATE_DB_NAME) as Dexie & {
  pendingPages: EntityTable<PendingPage, 'key'>;
};

annotateDb.version(1).stores({ pendingPages: 'key, evaluationId' });

/** The outbox's store for one evaluation's pages. */
export const pendingPagesStore = (evaluationId: string): OutboxStore<PendingPage> => ({
  load: () => annotateDb.pendingPages.where('evaluationId').equals(evaluationId).toArray(),
  put: async (entry) => {
    await annotateDb.pendingPages.put(entry);
  },
  settle: async (entry, revision) => {
    await annotateDb.transaction('rw', annotateDb.pendingPages, async () => {
      const row = await annotateDb.pendingPages.get(entry.key);
      if (row && row.revision <= revision) await annotateDb.pendingPages.delete(entry.key);
    });
  },
});
