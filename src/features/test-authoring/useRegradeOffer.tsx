// The regrade's two doors on a test's staff page (issue 23): the "Regrade" button, and the offer
// after a question's key or marks were edited (the dialog opens only when results change).
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { Question, QuestionPayload } from '../question-bank';

const RegradeDialog = lazy(() =>
  import('./RegradeDialog').then((module) => ({ default: module.RegradeDialog })),
);

/** Whether an edit changed what marking reads: the key or either points value. */
export function keyOrMarksChanged(before: Question | null | undefined, after: QuestionPayload) {
  if (!before?.documentId) return false;
  return (
    (before.correct_answer ?? null) !== (after.correct_answer ?? null) ||
    // Issue 26: the type and a numeric key's tolerance or range are what marking reads too.
    (before.question_type ?? 'MCQ') !== after.question_type ||
    (['answer_tolerance', 'answer_min', 'answer_max'] as const).some(
      (field) => (before[field] ?? null) !== (after[field] ?? null) && field in after,
    ) ||
    Number(before.points_correct_answer ?? 0) !== Number(after.points_correct_answer ?? 0) ||
    Number(before.points_incorrect_answer ?? 0) !== Number(after.points_incorrect_answer ?? 0)
  );
}

export function useRegradeOffer(testId: string, testName: string) {
  const [mode, setMode] = useState<'button' | 'offer' | null>(null);
  const close = useCallback(() => setMode(null), []);
  const dialog: ReactNode = mode ? (
    <Suspense fallback={null}>
      <RegradeDialog testId={testId} testName={testName} offer={mode === 'offer'} onClose={close} />
    </Suspense>
  ) : null;
  return {
    open: useCallback(() => setMode('button'), []),
    offer: useCallback(() => setMode((current) => current ?? 'offer'), []),
    dialog,
  };
}
