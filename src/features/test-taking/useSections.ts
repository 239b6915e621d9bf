// Sections with their own timers (issue 23), the player's side: the current section's countdown
// by the server's clock, the learner's move to another section (answers waiting are sent first),
// and the move the server makes by itself when a section's time ends (the player asks the server
// for the open section; the server has opened the next one at that end). Both answer the open
// section's part only, laid into the attempt held (sectionPart.ts); the whole attempt is read only
// when that cannot be done. A polite announcement says which section is open. The server decides
// everything; this only follows it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorMessage } from '../../lib/strapi';
import { t } from '../../lib/i18n';
import { pendingOf, type PendingAnswer } from './examDb';
import { examEndpoints, readAttemptAfresh } from './examEndpoints';
import { attemptEnded, attemptLoaded, selectPlayer } from './examSlice';
import {
  isEnded,
  type AttemptState,
  type ExamSections,
  type OpenAttempt,
  type SectionPart,
} from './examTypes';
import { withSectionPart } from './sectionPart';
import { useSecondsLeft } from './playerClock';

/** Sending the answers still waiting before a move: the learner's move waits this long. */
const MOVE_FLUSH_MS = 10_000;
/** At a section's end: what can be sent in this long goes first (the server's grace is 5 s). */
const SECTION_END_FLUSH_MS = 4_000;

interface SectionsInput {
  attemptId: string;
  sections: ExamSections | null;
  clockOffsetMs: number;
  /** The attempt is open and loaded (not submitting). */
  active: boolean;
  visited: number[];
  flush: (timeoutMs: number) => Promise<boolean>;
}

/** Whether another section can still open after the current one. */
export function hasNextSection(sections: ExamSections): boolean {
  return sections.fixedOrder
    ? sections.current < sections.list.length - 1
    : sections.list.some((s, i) => i !== sections.current && s.state === 'available');
}

export function useSections({
  attemptId,
  sections,
  clockOffsetMs,
  active,
  visited,
  flush,
}: SectionsInput) {
  const dispatch = useAppDispatch();
  // Read when a part arrives (not a render input): the attempt the player holds now.
  const player = useAppSelector(selectPlayer);
  const held = useRef(player);
  useEffect(() => {
    held.current = player;
  }, [player]);
  const endsAt = sections ? Date.parse(sections.currentEndsAt) : null;
  const sectionSeconds = useSecondsLeft(
    endsAt === null || Number.isNaN(endsAt) ? null : endsAt,
    clockOffsetMs,
  );
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const busy = useRef(false);
  const handledEnd = useRef<string | null>(null);
  const [retry, setRetry] = useState(0);

  /** Lays the server's attempt (and what still waits in the outbox) into the player. */
  const load = useCallback(
    async (data: OpenAttempt, receivedAt: number) => {
      const waiting = await pendingOf(attemptId).catch((): PendingAnswer[] => []);
      dispatch(
        attemptLoaded({
          attemptId,
          data,
          receivedAt,
          pending: waiting,
          // The first question of the section now open, keeping what was visited.
          place: { attemptId, index: -1, visited, updatedAt: Date.now() },
        }),
      );
    },
    [attemptId, dispatch, visited],
  );

  /** The attempt with the open section's `part` laid in, or the whole attempt read again. */
  const withPart = useCallback(
    async (part: SectionPart | null): Promise<AttemptState> =>
      (part && withSectionPart(held.current, part)) ?? readAttemptAfresh(dispatch, attemptId),
    [attemptId, dispatch],
  );

  const opened = (next: ExamSections | null | undefined) => {
    const section = next?.list[next.current];
    return next && section
      ? t('section.opened', { number: next.current + 1, name: section.name })
      : '';
  };

  /** The learner opens section `to` (fixed order: the next one, after a confirmation). */
  const move = useCallback(
    async (to: number) => {
      if (busy.current) return;
      busy.current = true;
      setMoving(true);
      setError(null);
      try {
        if (!(await flush(MOVE_FLUSH_MS))) {
          setError(t('section.notSaved'));
          return;
        }
        const part = await dispatch(
          examEndpoints.endpoints.moveSection.initiate(
            { attemptId, section: to },
            { track: false },
          ),
        ).unwrap();
        const receivedAt = Date.now();
        const data = await withPart(part);
        if (isEnded(data)) {
          dispatch(attemptEnded({ attemptId, resultId: data.resultId }));
          return;
        }
        await load(data, receivedAt);
        setAnnouncement(opened(data.sections));
      } catch (failure) {
        setError(errorMessage(failure, t('section.openError')));
      } finally {
        busy.current = false;
        setMoving(false);
      }
    },
    [attemptId, dispatch, flush, load, withPart],
  );

  // A section's time ended: send what waits, then ask for the open section (the server moved the
  // attempt on by its clock); the whole attempt when that fails (e.g. the attempt has ended).
  const currentEndsAt = sections?.currentEndsAt ?? null;
  const more = sections ? hasNextSection(sections) : false;
  useEffect(() => {
    if (!active || !more || sectionSeconds !== 0 || currentEndsAt === null) return;
    if (handledEnd.current === currentEndsAt || busy.current) return;
    handledEnd.current = currentEndsAt;
    busy.current = true;
    const closedName = sections?.list[sections.current]?.name ?? '';
    const run = async () => {
      try {
        await flush(SECTION_END_FLUSH_MS);
        const part = await dispatch(
          examEndpoints.endpoints.moveSection.initiate({ attemptId }, { track: false }),
        )
          .unwrap()
          .catch(() => null);
        const state = await withPart(part);
        if (isEnded(state)) {
          dispatch(attemptEnded({ attemptId, resultId: state.resultId }));
          return;
        }
        if (state.sections?.currentEndsAt === currentEndsAt) {
          // The server's clock is not there yet: ask again shortly.
          setTimeout(() => {
            handledEnd.current = null;
            setRetry((n) => n + 1);
          }, 1000);
          return;
        }
        await load(state, Date.now());
        setAnnouncement(`${t('section.timeOver', { name: closedName })} ${opened(state.sections)}`);
      } catch {
        handledEnd.current = null;
        setTimeout(() => setRetry((n) => n + 1), 2000);
      } finally {
        busy.current = false;
      }
    };
    void run();
  }, [
    active,
    more,
    sectionSeconds,
    currentEndsAt,
    attemptId,
    dispatch,
    flush,
    load,
    sections,
    retry,
    withPart,
  ]);

  return { sectionSeconds, move, moving, error, clearError: () => setError(null), announcement };
}
