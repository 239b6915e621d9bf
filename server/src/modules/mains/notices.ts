// The Mains events that notify (issue 20), each written on the event's transaction.
import type { Knex } from 'knex';
import {
  administratorUsers,
  alreadyNotified,
  graderUsers,
  learnerUsers,
  notify,
} from '../notifications';
import { mainsStatus } from './status';
import { evaluationRows, resultRows, statusEvaluations } from './result-rows';
import type { Kind, Work } from './work';

const part = (id: string) => encodeURIComponent(id);

/** A learner's published marks: to the learner ('marks-published'), linking to their script. */
export const marksPublished = async (
  trx: Knex.Transaction,
  result: { documentId: string; studentId: number },
  workName: string,
): Promise<number> =>
  notify(trx, await learnerUsers(trx, [result.studentId]), {
    kind: 'marks-published',
    message: `Mains marks for ${workName} are published.`,
    link: `/reports/scripts/${part(result.documentId)}`,
    about: { type: 'result', id: result.documentId },
  });

/**
 * A learner submitted Mains work: its graders (a subject of the work, a batch of the learner)
 * are told, once per submission: a Mains test's script waits for evaluation ('script-waiting');
 * an assignment is work they grade submitted ('work-submitted').
 */
export const workSubmitted = async (
  trx: Knex.Transaction,
  work: Work,
  studentId: number,
  resultDocumentId: string,
): Promise<number> => {
  const learner = (await trx('students').where('id', studentId).first('student_name')) as
    { student_name: string | null } | undefined;
  const who = learner?.student_name ?? 'A learner';
  return notify(trx, await graderUsers(trx, work.kind, work.id, studentId), {
    kind: work.kind === 'test' ? 'script-waiting' : 'work-submitted',
    message:
      work.kind === 'test'
        ? `${who}'s Mains script for ${work.name} is waiting for evaluation.`
        : `${who} submitted ${work.name}: it is waiting for evaluation.`,
    link: `/reports/scripts/${part(resultDocumentId)}`,
    about: { type: 'result', id: resultDocumentId },
  });
};

/**
 * After an evaluation is completed: when every submitted script of the work is Completed (or
 * Published) and some are not yet published, the administrators are told once per work
 * ('evaluation-complete') that it is ready to publish.
 */
export const evaluationCompleted = async (
  trx: Knex.Transaction,
  kind: Kind,
  work: Work,
): Promise<number> => {
  const results = await resultRows(trx, kind, { workIds: [work.id] });
  const waiting = results.filter((r) => !r.is_published);
  if (
    waiting.length === 0 ||
    (await alreadyNotified(trx, 'evaluation-complete', work.documentId))
  ) {
    return 0;
  }
  const evaluations = await evaluationRows(trx, { resultIds: waiting.map((r) => r.id) });
  const done = waiting.every(
    (r) =>
      mainsStatus({
        result: { is_published: false },
        subjects: work.subjects,
        evaluations: statusEvaluations(evaluations.filter((e) => e.resultId === r.id)),
      }).status === 'Completed',
  );
  if (!done) {
    return 0;
  }
  return notify(trx, await administratorUsers(trx), {
    kind: 'evaluation-complete',
    message: `Evaluation of ${work.name} is complete: ${waiting.length} ${waiting.length === 1 ? 'script is' : 'scripts are'} ready to publish.`,
    link: `/reports?kind=${kind}&work=${part(work.documentId)}`,
    about: { type: kind, id: work.documentId },
  });
};
