/**
 * The app's own tables (rate limits, quotas, file owners, media keys) live beside Strapi's and
 * are created at boot when missing. Several processes may boot at once: a create that fails
 * because another process just made the table is not an error (issue 19: written once here).
 */
import type { Core } from '@strapi/strapi';

type Knex = Core.Strapi['db']['connection'];
type TableBuilder = Parameters<Knex['schema']['createTable']>[1];

export const ensureTable = async (knex: Knex, name: string, build: TableBuilder): Promise<void> => {
  if (await knex.schema.hasTable(name)) {
    return;
  }
  try {
    await knex.schema.createTable(name, build);
  } catch (error) {
    if (!(await knex.schema.hasTable(name))) {
      throw error;
    }
  }
};
