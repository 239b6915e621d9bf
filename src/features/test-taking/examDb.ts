// The exam outbox (Dexie on IndexedDB, database `portal-exam`): every answer change is written
// here before it is sent, and stays until the server confirms it (design rule 4). A database of
// its own, so sign-out (which clears storage and the diagnostic logs) keeps unsent answers: they
// are sent when the learner signs in again and resumes the attempt. `places` keeps where the
// learner was in each attempt (question shown, questions visited) across reloads and sign-outs.
import { Dexie, type EntityTable } from 'dexie';
import type { QuestionKind } from './answerKinds';

export const EXAM_DB_NAME = 'portal-exam';

export interface PendingAnswer {
  /** The answer's documentId (the key: only the latest value of an answer matters). */
  answerId: string;
  attemptId: string;
  selected_answer: string | null;
  /** The question's type (issue 26): the save's shape; absent in older entries: single. */
  kind?: QuestionKind;
  mark_as_important: boolean;
  revision: number;
  queuedAt: number;
}

/** One integrity-log event waiting to ride with a save or the submit (integrityLog.ts). */
export interface PendingEvent {
  id?: number;
  attemptId: string;
  kind: string;
  at: string;
  detail: string;
}

export interface AttemptPlace {
  attemptId: string;
  index: number;
  visited: number[];
  updatedAt: number;
}

export const examDb = new Dexie(EXAM_DB_NAME) as Dexie & {
  pendingAnswers: EntityTable<PendingAnswer, 'answerId'>;
  places: EntityTable<AttemptPlace, 'attemptId'>;
  pendingEvents: EntityTable<PendingEvent, 'id'>;
};

examDb.version(1).stores({
  pendingAnswers: 'answerId, attemptId',
  places: 'attemptId',
});
// Issue 23: the integrity log's events wait here like answers until a save or the submit takes them.
examDb.version(2).stores({
  pendingAnswers: 'answerId, attemptId',
  places: 'attemptId',
  pendingEvents: '++id, attemptId',
});

export async function pendingOf(attemptId: string): Promise<PendingAnswer[]> {
  return examDb.pendingAnswers.where('attemptId').equals(attemptId).toArray();
}

/** Deletes an answer's entry if it holds this revision or an older one (a newer one stays). */
export async function settleEntry(answerId: string, revision: number): Promise<void> {
  await examDb.transaction('rw', examDb.pendingAnswers, async () => {
    const row = await examDb.pendingAnswers.get(answerId);
    if (row && row.revision <= revision) await examDb.pendingAnswers.delete(answerId);
  });
}

export async function readPlace(attemptId: string): Promise<AttemptPlace | undefined> {
  return examDb.places.get(attemptId);
}

export async function writePlace(place: AttemptPlace): Promise<void> {
  await examDb.places.put(place);
}
