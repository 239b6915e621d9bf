// The attempt in progress, the one client state of the learner's exam (lazily added to the store
// with the player): the attempt as it opened (questions), the answers as given with the outbox
// laid over them, where the learner is, the clock offset and what waits to be saved. Server
// calls go through examEndpoints; this slice holds no list or result. Never persisted: the
// server and the outbox (examDb) are the truth, read again on every page load.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import type { LoadStatus } from '../../lib/listState';
import type { AttemptPlace, PendingAnswer } from './examDb';
import type {
  CheckOutcome,
  ExamAttempt,
  ExamQuestion,
  ExamSections,
  ExamTest,
  OpenAttempt,
  StoredAnswer,
} from './examTypes';

export interface AnswerView {
  answerId: string;
  selected_answer: string | null;
  mark_as_important: boolean;
  revision: number;
  checked: boolean;
}

export interface PlayerState {
  attemptId: string | null;
  status: LoadStatus;
  error: string | null;
  test: ExamTest | null;
  attempt: ExamAttempt | null;
  questions: ExamQuestion[];
  /** By question documentId. */
  answers: Record<string, AnswerView>;
  index: number;
  visited: number[];
  /** Server time minus local time when the attempt arrived. */
  clockOffsetMs: number;
  ended: boolean;
  resultId: string | null;
  checks: Record<string, CheckOutcome>;
  pendingCount: number;
  /** Sections with their own timers (issue 23); null: none. */
  sections: ExamSections | null;
}

const initialPlayer: PlayerState = {
  attemptId: null,
  status: 'idle',
  error: null,
  test: null,
  attempt: null,
  questions: [],
  answers: {},
  index: 0,
  visited: [],
  clockOffsetMs: 0,
  ended: false,
  resultId: null,
  checks: {},
  pendingCount: 0,
  sections: null,
};

const initialState = { player: initialPlayer };

export type ExamState = typeof initialState;

function clampIndex(index: number, count: number): number {
  return Math.max(0, Math.min(index, Math.max(0, count - 1)));
}

const examSlice = createSlice({
  name: 'exam',
  initialState,
  reducers: {
    attemptLoadStarted(state, action: PayloadAction<string>) {
      state.player = { ...initialPlayer, attemptId: action.payload, status: 'loading' };
    },
    attemptLoadFailed(state, action: PayloadAction<{ attemptId: string; error: string }>) {
      if (state.player.attemptId !== action.payload.attemptId) return;
      state.player.status = 'failed';
      state.player.error = action.payload.error;
    },
    attemptEnded(state, action: PayloadAction<{ attemptId: string; resultId: string | null }>) {
      if (state.player.attemptId !== action.payload.attemptId) return;
      state.player.status = 'succeeded';
      state.player.ended = true;
      state.player.resultId = action.payload.resultId;
    },
    attemptLoaded(
      state,
      action: PayloadAction<{
        attemptId: string;
        data: OpenAttempt;
        receivedAt: number;
        pending: PendingAnswer[];
        place: AttemptPlace | null;
      }>,
    ) {
      const { attemptId, data, receivedAt, pending, place } = action.payload;
      if (state.player.attemptId !== attemptId) return;
      const answers: Record<string, AnswerView> = {};
      for (const answer of data.answers) {
        if (!answer.question) continue;
        answers[answer.question] = {
          answerId: answer.documentId,
          selected_answer: answer.selected_answer,
          mark_as_important: answer.mark_as_important,
          revision: answer.revision,
          checked: answer.checked === true,
        };
      }
      // What waits in the outbox is newer than the server's copy: lay it over.
      for (const entry of pending) {
        const view = Object.values(answers).find((a) => a.answerId === entry.answerId);
        if (view && entry.revision > view.revision && !view.checked) {
          view.selected_answer = entry.selected_answer;
          view.mark_as_important = entry.mark_as_important;
          view.revision = entry.revision;
        }
      }
      const serverTime = Date.parse(data.serverTime);
      const count = data.questions.length;
      const sections = data.sections ?? null;
      // With sections, the learner is in the current section (the server's word, e.g. after a
      // section's time ended while the page was closed).
      const inSection = (i: number) =>
        !sections || (data.questions[i]?.section ?? 0) === sections.current;
      const first = data.questions.findIndex((_, i) => inSection(i));
      const wanted = clampIndex(place?.index ?? 0, count);
      const index = inSection(wanted) ? wanted : Math.max(0, first);
      state.player = {
        ...initialPlayer,
        attemptId,
        status: 'succeeded',
        test: data.test,
        attempt: data.attempt,
        questions: data.questions,
        answers,
        index,
        visited: [...new Set([...(place?.visited ?? []), index])].filter((i) => i < count),
        clockOffsetMs: Number.isNaN(serverTime) ? 0 : serverTime - receivedAt,
        sections,
      };
    },
    questionShown(state, action: PayloadAction<number>) {
      const index = clampIndex(action.payload, state.player.questions.length);
      state.player.index = index;
      if (!state.player.visited.includes(index)) state.player.visited.push(index);
    },
    answerChanged(state, action: PayloadAction<{ questionId: string; entry: PendingAnswer }>) {
      const view = state.player.answers[action.payload.questionId];
      if (!view) return;
      const { entry } = action.payload;
      view.selected_answer = entry.selected_answer;
      view.mark_as_important = entry.mark_as_important;
      view.revision = Math.max(view.revision, entry.revision);
    },
    /** The server's stored state, when it is newer than what the page shows (another tab). */
    answerSaved(state, action: PayloadAction<StoredAnswer>) {
      const stored = action.payload;
      const view = Object.values(state.player.answers).find(
        (a) => a.answerId === stored.documentId,
      );
      if (!view || stored.revision <= view.revision) return;
      view.selected_answer = stored.selected_answer;
      view.mark_as_important = stored.mark_as_important;
      view.revision = stored.revision;
    },
    answerChecked(state, action: PayloadAction<{ answerId: string; outcome: CheckOutcome }>) {
      const view = Object.values(state.player.answers).find(
        (a) => a.answerId === action.payload.answerId,
      );
      if (view) view.checked = true;
      state.player.checks[action.payload.answerId] = action.payload.outcome;
    },
    pendingCountChanged(state, action: PayloadAction<number>) {
      state.player.pendingCount = action.payload;
    },
  },
  selectors: {
    selectPlayer: (state) => state.player,
  },
});

export const {
  attemptLoadStarted,
  attemptLoadFailed,
  attemptEnded,
  attemptLoaded,
  questionShown,
  answerChanged,
  answerSaved,
  answerChecked,
  pendingCountChanged,
} = examSlice.actions;

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof examSlice> {}
}
const injected = examSlice.injectInto(slices);

export const { selectPlayer } = injected.selectors;
