// A learner's own terms of Mains tests (issue 23, accommodations): the extra time and the personal
// window staff set on a test apply to a Mains test as to a multiple-choice one. The exam module's
// rule (`learnerTerms`) computes them; here a Work is rewritten with them, so every Mains rule
// that reads a work's duration and window (the start's window check, the deadline, the list, the
// expiry sweep) follows without knowing accommodations exist. Assignments have none.
import type { Knex } from 'knex';
import { accommodationsOf, learnerTerms } from '../exam';
import type { Work } from './work';

/** The works as this learner sees them (a test with an accommodation: its duration and window). */
export const forLearner = async (knex: Knex, studentId: number, works: Work[]): Promise<Work[]> => {
  const tests = works.filter((w) => w.kind === 'test').map((w) => w.id);
  const found = await accommodationsOf(knex, studentId, tests);
  if (found.size === 0) return works;
  return works.map((work) => {
    const acc = work.kind === 'test' ? found.get(work.id) : undefined;
    if (!acc) return work;
    const terms = learnerTerms(
      {
        TestDuration: work.durationMinutes,
        max_attempts: null,
        ValidFrom: work.opensAt,
        ValidTo: work.closesAt,
        status: work.closed ? 'closed' : null,
      },
      acc,
    );
    return {
      ...work,
      durationMinutes: terms.durationMinutes,
      opensAt: terms.from,
      closesAt: terms.to,
    };
  });
};
