// Issue 27's answers as the server gives them: the marking progress of a work.
import { economy, polity, workQuestion } from '../mains/mainsFixtures';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

export function progressBoard(extra: Record<string, unknown> = {}) {
  return {
    work: {
      kind: 'assignment',
      documentId: 'asg-1',
      name: 'Essay Practice 1',
      subjects: [polity, economy],
    },
    totals: { scripts: 4, complete: 1, percent: 25 },
    subjects: [
      {
        subject: polity,
        waiting: 1,
        oldestWaitingAt: hoursAgo(5),
        faculty: [
          {
            faculty: { documentId: 'fac-7', name: 'Priya Raman' },
            inProgress: 1,
            done: 2,
            oldestInProgressAt: hoursAgo(30),
          },
        ],
      },
      { subject: economy, waiting: 3, oldestWaitingAt: hoursAgo(72), faculty: [] },
    ],
    missing: [
      {
        resultId: 'result-4',
        student: { documentId: 'stu-4', name: 'Ravi Kumar' },
        status: 'Pending',
        pendingSubjects: ['Indian Economy'],
      },
    ],
    queue: [],
    queueTotal: 0,
    ...extra,
  };
}

/** A faculty member's queue of two: Meena Joshi in progress (2 h), Chitra Das waiting (9 h). */
export const queueOfTwo = () => ({
  queue: [
    {
      resultId: 'result-9',
      student: { documentId: 'stu-9', name: 'Meena Joshi' },
      subject: polity,
      state: 'in-progress',
      submittedAt: hoursAgo(2),
    },
    {
      resultId: 'result-3',
      student: { documentId: 'stu-3', name: 'Chitra Das' },
      subject: polity,
      state: 'waiting',
      submittedAt: hoursAgo(9),
    },
  ],
  queueTotal: 2,
});

/** Meena Joshi's script of the work, one Polity question, nothing marked yet. */
export const queuedScript = (work: Record<string, unknown>, canEvaluate: string[]) => ({
  work,
  student: { documentId: 'stu-9', name: 'Meena Joshi' },
  submittedAt: '2026-11-21T10:00:00.000Z',
  status: 'In Progress',
  pendingSubjects: [],
  questions: [workQuestion(1, polity)],
  answers: [],
  evaluations: [],
  canEvaluate,
});
