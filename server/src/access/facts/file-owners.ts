import type { Core } from '@strapi/strapi';
import { currentCaller } from '../caller';
import { ensureTable } from '../../platform/db/own-tables';

/**
 * Who uploaded which file through the content API. Strapi records the uploader only for its admin
 * panel, so without this a learner could attach any file id (another learner's answer sheet) to
 * their own answer and read it back. Learners may attach only files they uploaded themselves.
 */
export const FILE_OWNERS_TABLE = 'app_file_owners';

type Knex = Core.Strapi['db']['connection'];

export const ensureFileOwnersTable = async (knex: Knex): Promise<void> => {
  await ensureTable(knex, FILE_OWNERS_TABLE, (table) => {
    table.integer('file_id').notNullable().primary();
    table.integer('user_id').notNullable();
    table.bigInteger('created_at').notNullable();
    table.index(['user_id'], `${FILE_OWNERS_TABLE}_user_idx`);
  });
};

/** Records the signed-in uploader of every file created during a content-API request. */
export const recordFileOwners = (strapi: Core.Strapi): void => {
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    async afterCreate(event) {
      const caller = await currentCaller(strapi);
      const result = event.result as { id?: unknown } | undefined;
      if (caller.kind !== 'user' || typeof result?.id !== 'number') {
        return;
      }
      const fileId = result.id;
      // Inside the upload's own transaction when there is one (SQLite has a single writer).
      await strapi.db.transaction(async ({ trx }) => {
        await trx(FILE_OWNERS_TABLE)
          .insert({ file_id: fileId, user_id: caller.userId, created_at: Date.now() })
          .onConflict('file_id')
          .ignore();
      });
    },
  });
};

/** True when every file id was uploaded by `userId`. */
export const ownsFiles = async (
  knex: Knex,
  userId: number,
  fileIds: number[],
): Promise<boolean> => {
  const unique = [...new Set(fileIds)];
  if (unique.length === 0) {
    return true;
  }
  const rows = (await knex(FILE_OWNERS_TABLE)
    .whereIn('file_id', unique)
    .andWhere('user_id', userId)
    .select('file_id')) as Array<{ file_id: number }>;
  return rows.length === unique.length;
};
