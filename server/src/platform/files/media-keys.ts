import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { ensureTable } from '../db/own-tables';

/**
 * Keys of the two-step upload already registered as files: a key is registered once, even when
 * two requests race (the primary key decides, on SQLite and PostgreSQL alike).
 */
export const MEDIA_KEYS_TABLE = 'app_media_keys';

type Knex = Core.Strapi['db']['connection'];

export const ensureMediaKeysTable = async (knex: Knex): Promise<void> => {
  await ensureTable(knex, MEDIA_KEYS_TABLE, (table) => {
    table.string('key', 200).notNullable().primary();
    table.string('claim', 32).notNullable();
    table.bigInteger('created_at').notNullable();
  });
};

/** True when this call is the first to claim `key`. */
export const claimKey = async (strapi: Core.Strapi, key: string): Promise<boolean> => {
  const knex = strapi.db.connection;
  const claim = randomBytes(16).toString('hex');
  await knex(MEDIA_KEYS_TABLE)
    .insert({ key, claim, created_at: Date.now() })
    .onConflict('key')
    .ignore();
  const row = (await knex(MEDIA_KEYS_TABLE).where({ key }).first('claim')) as
    { claim: string } | undefined;
  return row?.claim === claim;
};

/** Gives a key back when its file record could not be written. */
export const releaseKey = async (strapi: Core.Strapi, key: string): Promise<void> => {
  await strapi.db.connection(MEDIA_KEYS_TABLE).where({ key }).delete();
};
