/**
 * Writing an import's accepted questions (issue 26; issue 18's rule that no request of one user
 * slows every other user). On PostgreSQL the rows are written in one transaction: other requests
 * have connections of their own and never wait for it. On SQLite one transaction over 5,000 rows
 * would hold the single connection, and with it every examinee's answer save, for the whole write
 * (bench:import: saves waited 25–35 s while a 5,000-question commit ran), and because SQLite's
 * queries resolve without I/O the server would not even read other requests meanwhile. So on
 * SQLite the rows go in transactions of SQLITE_CHUNK, with a turn of the event loop between
 * them, and all or nothing is kept by removing what this import wrote when a later part fails.
 * A process stopping mid-import leaves the rows written so far; importing the file again adds
 * the rest (the written ones are reported as duplicates and skipped).
 * Images the file carries (issue 26) are stored part by part just before each part is written,
 * and a failure removes the images stored so far with the questions; a process stopping
 * mid-import leaves them unreferenced, and the orphan sweep removes them after its grace period
 * (catalogue/question-image-sweep.ts).
 */
import type { Core } from '@strapi/strapi';
import { asSystem } from '../../access/caller';
import { isPostgres, knexOf } from '../../platform/db/sql';
import { removeQuestionImages } from '../catalogue';
import { storeImages } from './import-images';
import type { AcceptedRow } from './question-rows';

/** Rows per transaction on SQLite (~25 document writes: tens of ms a part on this machine). */
export const SQLITE_CHUNK = 25;

export interface CreatedQuestion {
  id: number;
  documentId: string;
  question: string;
}

type QuestionUid = 'api::question.question' | 'api::question-pool.question-pool';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export const writeQuestions = async (
  strapi: Core.Strapi,
  uid: QuestionUid,
  owner: { field: string; documentId: string } | null,
  rows: AcceptedRow[],
): Promise<CreatedQuestion[]> => {
  const writePart = async (part: AcceptedRow[]): Promise<CreatedQuestion[]> =>
    // The caller's right to import was checked by the route; the rows were checked before.
    await asSystem(() =>
      strapi.db.transaction(async () => {
        const out: CreatedQuestion[] = [];
        for (const row of part) {
          const data: Record<string, unknown> = {
            ...row.values,
            subject: row.subject?.documentId ?? null,
          };
          if (owner) {
            data[owner.field] = owner.documentId;
          } else {
            // Issue 26: difficulty and tags are the pool's (a test's questions have none).
            Object.assign(data, row.organising);
          }
          const doc = (await strapi.documents(uid).create({
            data: data as never,
            fields: ['question'],
          })) as unknown as CreatedQuestion;
          out.push({ id: doc.id, documentId: doc.documentId, question: doc.question });
        }
        return out;
      }),
    );
  const size = isPostgres(knexOf(strapi)) ? Math.max(1, rows.length) : SQLITE_CHUNK;
  const created: CreatedQuestion[] = [];
  const images: string[] = [];
  try {
    for (let i = 0; i < rows.length; i += size) {
      if (i > 0) await turn(); // requests that arrived meanwhile are read and use the database
      const part = rows.slice(i, i + size);
      // Issue 26: the part's images are stored just before it, outside its transaction (a file
      // write must not hold SQLite's one connection); they are removed again if anything fails.
      await storeImages(strapi, part, images);
      created.push(...(await writePart(part)));
    }
  } catch (error) {
    if (images.length > 0) {
      await removeQuestionImages(strapi, images).catch((cleanup: unknown) =>
        strapi.log.warn(`Imported images were not all removed: ${String(cleanup)}`),
      );
    }
    // All or nothing: the parts already committed are removed again.
    if (created.length > 0) {
      await asSystem(() =>
        strapi.db.transaction(async () => {
          for (const question of created) {
            await strapi.documents(uid).delete({ documentId: question.documentId });
          }
        }),
      );
    }
    throw error;
  }
  return created;
};
