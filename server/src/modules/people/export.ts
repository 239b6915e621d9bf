/**
 * GET /api/learners-export: students.xlsx written by exceljs' streaming writer straight into the
 * response. Learners are read in keyset pages of 1,000 (by id), so memory stays bounded whatever
 * the number of learners; the writer waits while the client is slower than the database.
 */
import { PassThrough } from 'node:stream';
import type { Core } from '@strapi/strapi';
import ExcelJS from 'exceljs';
import type { Caller } from '../../access/caller';
import { batchesOf, learnerQuery } from './learners';
import { dateText, knexOf, type Body } from './common';
import { neutralise } from '../../platform/sheets/neutralise';

export const EXPORT_PAGE = 1000;
export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Mobile',
  'Roll Number',
  'Enrollment Date',
  'Batches',
];
const HIGH_WATER = 4 * 1024 * 1024;

interface Row {
  id: number;
  student_name: string | null;
  student_email: string | null;
  student_mobile_number: string | null;
  roll_number: string | null;
  student_enrollment_date: unknown;
}

const drained = (stream: PassThrough): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      if (stream.destroyed || stream.readableLength < HIGH_WATER) resolve();
      else setTimeout(check, 5);
    };
    check();
  });

/** Starts the export; the returned stream is the response body. */
export const exportLearners = async (
  strapi: Core.Strapi,
  caller: Caller,
  query: Body,
): Promise<PassThrough> => {
  const { q: base } = await learnerQuery(strapi, caller, query);
  const knex = knexOf(strapi);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Learners');
  sheet.addRow(EXPORT_COLUMNS).commit();
  void (async () => {
    let after = 0;
    for (;;) {
      const rows = (await base
        .clone()
        .where('s.id', '>', after)
        .orderBy('s.id', 'asc')
        .limit(EXPORT_PAGE)
        .select(
          's.id',
          's.student_name',
          's.student_email',
          's.student_mobile_number',
          's.roll_number',
          's.student_enrollment_date',
        )) as Row[];
      if (rows.length === 0) break;
      const batches = await batchesOf(
        knex,
        rows.map((r) => r.id),
      );
      for (const r of rows) {
        sheet
          .addRow([
            neutralise(r.student_name),
            neutralise(r.student_email),
            neutralise(r.student_mobile_number),
            neutralise(r.roll_number),
            dateText(r.student_enrollment_date) ?? '',
            neutralise((batches.get(r.id) ?? []).map((b) => b.Batch).join(', ')),
          ])
          .commit();
      }
      after = rows[rows.length - 1].id;
      if (out.destroyed) return;
      await drained(out);
      if (rows.length < EXPORT_PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    strapi.log.error(
      `Learners export failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};
