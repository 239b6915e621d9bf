// The answers staff give while previewing (issue 26): kept in this screen's memory only, never
// saved, queued or sent (the learner's player writes through useAnswerOutbox; the preview has no
// attempt to write to). Same shape as the player's (AnswerView), so the same panels show them.
import { useCallback, useState } from 'react';
import type { AnswerView } from './examSlice';

const BLANK: AnswerView = {
  answerId: '',
  selected_answer: null,
  mark_as_important: false,
  revision: 0,
  checked: false,
};

export interface PreviewPatch {
  selected_answer?: string | null;
  mark_as_important?: boolean;
}

export function usePreviewAnswers() {
  const [answers, setAnswers] = useState<Record<string, AnswerView>>({});
  const answerOf = useCallback(
    (questionId: string): AnswerView => answers[questionId] ?? { ...BLANK, answerId: questionId },
    [answers],
  );
  const change = useCallback((questionId: string, patch: PreviewPatch) => {
    setAnswers((all) => {
      const before = all[questionId] ?? { ...BLANK, answerId: questionId };
      const next = { ...before, revision: before.revision + 1 };
      if (patch.selected_answer !== undefined) next.selected_answer = patch.selected_answer;
      if (patch.mark_as_important !== undefined) next.mark_as_important = patch.mark_as_important;
      return { ...all, [questionId]: next };
    });
  }, []);
  const reset = useCallback(() => setAnswers({}), []);
  return { answers, answerOf, change, reset };
}
