// Sections with their own timers (issue 23): a section move (or the question the player asks at
// a section's end) answers only the open section's part, not the whole attempt, so that a
// section's end, which comes for every learner of an exam at once, costs the server little
// (bench/exam-load). The player lays that part into the attempt it holds: the other sections'
// questions and answers stay as they are (with what the learner changed), this section's are the
// server's, and the whole goes through attemptLoaded as a read would.
import type { PlayerState } from './examSlice';
import type { ExamAnswer, OpenAttempt, SectionPart } from './examTypes';

type Held = Pick<PlayerState, 'test' | 'questions' | 'answers'>;

/** The attempt with `part` laid in, or null when the player holds no attempt to lay it into. */
export function withSectionPart(held: Held, part: SectionPart): OpenAttempt | null {
  if (!held.test) return null;
  const section = part.sections.current;
  const others = held.questions.filter((q) => (q.section ?? 0) !== section);
  const kept: ExamAnswer[] = others.flatMap((q) => {
    const view = held.answers[q.documentId];
    return view
      ? [
          {
            documentId: view.answerId,
            question: q.documentId,
            selected_answer: view.selected_answer,
            mark_as_important: view.mark_as_important,
            revision: view.revision,
            checked: view.checked,
          },
        ]
      : [];
  });
  return {
    test: held.test,
    attempt: part.attempt,
    // Grouped by section as the server sends them (a stable sort keeps the order within each).
    questions: [...others, ...part.questions].sort((a, b) => (a.section ?? 0) - (b.section ?? 0)),
    answers: [...kept, ...part.answers],
    sections: part.sections,
    serverTime: part.serverTime,
    resumed: true,
  };
}
