// A section move answers the open section's part only (issue 23); the player lays it into the
// attempt it holds: the other sections as they are (with the learner's own choices), this
// section's questions and answers from the server, grouped by section in order.
import { describe, expect, it } from 'vitest';
import { withSectionPart } from '../../src/features/test-taking/sectionPart';
import type { ExamSections, ExamTest, SectionPart } from '../../src/features/test-taking/examTypes';
import { examQuestion } from './examFixtures';

const test: ExamTest = {
  documentId: 'test-1',
  TestName: 'Sectioned',
  instructions: null,
  TestDuration: 30,
  MaximumMarks: 4,
  PassMark: 1,
  pass_mark_unit: 'marks',
  enable_practice_test: false,
};
const q = (i: number) => ({ ...examQuestion(i), section: i <= 2 ? 0 : 1 });
const view = (i: number, choice: 'a' | 'b' | null, revision: number) => ({
  answerId: `ans-${i}`,
  selected_answer: choice,
  mark_as_important: false,
  revision,
  checked: false,
});
const sections = (current: number): ExamSections => ({
  fixedOrder: false,
  current,
  currentEndsAt: new Date(Date.now() + 60_000).toISOString(),
  list: [
    {
      name: 'Physics',
      minutes: 10,
      state: current === 0 ? 'current' : 'available',
      leftSeconds: 600,
    },
    {
      name: 'Chemistry',
      minutes: 20,
      state: current === 1 ? 'current' : 'available',
      leftSeconds: 1200,
    },
  ],
});
const part = (current: number, ids: number[]): SectionPart => ({
  attempt: {
    documentId: 'attempt-1',
    start_date_time: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    is_practice_test: false,
  },
  questions: ids.map(q),
  answers: ids.map((i) => ({
    documentId: `ans-${i}`,
    question: `q-${i}`,
    selected_answer: 'b',
    mark_as_important: false,
    revision: 3,
  })),
  sections: sections(current),
  serverTime: new Date().toISOString(),
});

describe('withSectionPart', () => {
  it('replaces the open section and keeps the others with the learner’s choices, in section order', () => {
    const held = {
      test,
      questions: [q(1), q(2), q(3), q(4)],
      answers: {
        'q-1': view(1, 'a', 1),
        'q-2': view(2, null, 0),
        'q-3': view(3, 'a', 5),
        'q-4': view(4, null, 0),
      },
    };
    // Free order: back to section 0, whose questions the server sends again (in its order).
    const laid = withSectionPart(held, part(0, [2, 1]));
    expect(laid?.questions.map((x) => x.documentId)).toEqual(['q-2', 'q-1', 'q-3', 'q-4']);
    expect(laid?.sections?.current).toBe(0);
    const byQuestion = Object.fromEntries((laid?.answers ?? []).map((a) => [a.question, a]));
    expect(byQuestion['q-1']).toMatchObject({
      documentId: 'ans-1',
      selected_answer: 'b',
      revision: 3,
    });
    expect(byQuestion['q-3']).toMatchObject({
      documentId: 'ans-3',
      selected_answer: 'a',
      revision: 5,
    });
    expect(laid?.answers).toHaveLength(4);
    expect(laid?.test).toBe(test);
  });

  it('fixed order: the new section comes after the closed one; nothing held gives null', () => {
    const held = { test, questions: [q(1), q(2)], answers: { 'q-1': view(1, 'a', 1) } };
    const laid = withSectionPart(held, part(1, [4, 3]));
    expect(laid?.questions.map((x) => x.documentId)).toEqual(['q-1', 'q-2', 'q-4', 'q-3']);
    expect(laid?.answers.map((a) => a.question)).toEqual(['q-1', 'q-4', 'q-3']);
    expect(withSectionPart({ test: null, questions: [], answers: {} }, part(1, [3]))).toBeNull();
  });
});
