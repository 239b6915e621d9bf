/**
 * Removing question images no question uses (issue 26, "orphan image cleanup"). An image is
 * uploaded before its question is saved (a new question has no id yet), an author may remove it
 * from the text or never save, and an import that stops mid-way leaves what it stored; nothing
 * else ever deletes those files. This sweep (the cron task QUESTION_IMAGE_SWEEP_RULE, hourly by
 * default: config/server.ts) removes each stored question image (file and upload row) that is
 * older than the grace period (QUESTION_IMAGE_GRACE_HOURS, 24 by default) and that no row of
 * `questions` (a test's or an assignment's questions and the draws' snapshot copies) or
 * `question_pools` shows in its text, options or explanation.
 *
 * Cost: one pass over the question rows that mention `qimg_` (pages of 1,000 by id) collects the
 * names in use into a set; one pass over the image uploads older than the grace (pages of 1,000)
 * compares against it. So a run is a few queries per thousand rows, never one per image per
 * question. Safety under concurrency: the grace period keeps an image being added to a question
 * right now (an upload is younger than the editor's session); an older image picked up again
 * after the first pass (a question saved meanwhile with its URL) is found by a second check of
 * each batch of orphans, by name, right before they are removed. The window left is the time
 * between that check and the delete (milliseconds) for an image unused for a whole grace period.
 */
import { basename } from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { QUESTION_IMAGE_SRC } from '../../platform/files/question-images';
import { knexOf } from '../../platform/db/sql';
import { removeQuestionImages } from './question-images';

const TABLES = ['questions', 'question_pools'] as const;
const TEXT_COLUMNS = [
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'explanation',
] as const;
const NAME = /qimg_[0-9a-f]{32}_[0-9a-f]{10}\.(?:png|jpg|gif|webp)/g;
const PAGE = 1_000;
/** Orphans re-checked together (one query per table with a LIKE per name and column). */
const RECHECK_BATCH = 50;
/** Most images one run removes; the next run goes on. */
const REMOVALS_PER_RUN = 2_000;

/** The grace period in ms (QUESTION_IMAGE_GRACE_HOURS, default 24; fractions allowed). */
export const questionImageGraceMs = (): number => {
  const hours = Number(process.env.QUESTION_IMAGE_GRACE_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : 24) * 3_600_000;
};

type Row = Record<string, unknown>;

const namesIn = (rows: readonly Row[], into: Set<string>): void => {
  for (const row of rows) {
    for (const column of TEXT_COLUMNS) {
      const text = row[column];
      if (typeof text === 'string') for (const m of text.matchAll(NAME)) into.add(m[0]);
    }
  }
};

/** Every question image name some question row shows (one pass, pages by id). */
const namesInUse = async (db: Knex): Promise<Set<string>> => {
  const names = new Set<string>();
  for (const table of TABLES) {
    let after = 0;
    for (;;) {
      const rows = (await db(table)
        .select('id', ...TEXT_COLUMNS)
        .where('id', '>', after)
        .andWhere((q) => {
          for (const column of TEXT_COLUMNS) void q.orWhere(column, 'like', '%qimg%');
        })
        .orderBy('id')
        .limit(PAGE)) as Row[];
      namesIn(rows, names);
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1].id);
    }
  }
  return names;
};

/** Of these names, the ones some question row shows now (one query per table). */
const stillUsed = async (db: Knex, names: readonly string[]): Promise<Set<string>> => {
  const found = new Set<string>();
  for (const table of TABLES) {
    const rows = (await db(table)
      .select(...TEXT_COLUMNS)
      .where((q) => {
        for (const name of names) {
          for (const column of TEXT_COLUMNS) void q.orWhere(column, 'like', `%${name}%`);
        }
      })) as Row[];
    namesIn(rows, found);
  }
  return found;
};

/** Stored question images older than `cutoff` that no question uses (at most `limit`). */
const orphansBefore = async (
  db: Knex,
  cutoff: Date,
  inUse: ReadonlySet<string>,
  limit: number,
): Promise<string[]> => {
  const orphans: string[] = [];
  let after = 0;
  while (orphans.length < limit) {
    const files = (await db('files')
      .select('id', 'url')
      .where('url', 'like', '/uploads/qimg%')
      .andWhere('created_at', '<', cutoff)
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(PAGE)) as Array<{ id: number | string; url: string }>;
    for (const file of files) {
      if (QUESTION_IMAGE_SRC.test(file.url) && !inUse.has(basename(file.url))) {
        orphans.push(file.url);
      }
    }
    if (files.length < PAGE) break;
    after = Number(files[files.length - 1].id);
  }
  return orphans.slice(0, limit);
};

/** One sweep: removes the orphans older than the grace period; answers how many went. */
export const sweepQuestionImages = async (
  strapi: Core.Strapi,
  now = new Date(),
): Promise<number> => {
  const db = knexOf(strapi);
  const cutoff = new Date(now.getTime() - questionImageGraceMs());
  let removed = 0;
  try {
    const orphans = await orphansBefore(db, cutoff, await namesInUse(db), REMOVALS_PER_RUN);
    for (let i = 0; i < orphans.length; i += RECHECK_BATCH) {
      const batch = orphans.slice(i, i + RECHECK_BATCH);
      // A question saved since the first pass may show one of them now: those stay.
      const used = await stillUsed(
        db,
        batch.map((src) => basename(src)),
      );
      removed += await removeQuestionImages(
        strapi,
        batch.filter((src) => !used.has(basename(src))),
      );
    }
  } catch (error) {
    strapi.log.error(
      `Question image sweep failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (removed > 0) strapi.log.info(`Question image sweep removed ${removed} unused image(s).`);
  return removed;
};
