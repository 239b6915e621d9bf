// Issue 27's answers as the server gives them: the marking progress of a work.
import { economy, polity } from '../mains/mainsFixtures';

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
