// GET /api/reports/tests/:documentId/results/export (issue 22): every row of the results list's
// filter as an .xlsx file, read in pages of 1,000 through the list itself (same scope, sort,
// search and attempt filter); texts neutralised against formulas.
import type { Core } from '@strapi/strapi';
import ExcelJS from 'exceljs';
import type { Caller } from '../../access/caller';
import { knexOf } from '../../platform/db/sql';
import { neutralise, sheetFileName } from '../../platform/sheets/neutralise';
import { testResults } from './results';
import { reportTarget } from './scope';

const PAGE = 1000;

export const RESULT_COLUMNS = [
  'Name',
  'Roll Number',
  'Batch',
  'Score',
  'Correct',
  'Wrong',
  'Skipped',
  'Time taken (s)',
  'Attempt',
  'Rank',
  'Percentile',
  'Passed',
  'Status',
  'Integrity events',
];

interface Row {
  learner: { name: string; rollNumber: string | null };
  batch: { name: string } | null;
  score: number;
  correct: number | null;
  wrong: number | null;
  skipped: number | null;
  timeTakenSeconds: number | null;
  attemptNumber: number;
  rank: number;
  percentile: number;
  passed: boolean | null;
  status: string;
  integrityEvents: number;
}

export const exportResults = async (
  strapi: Core.Strapi,
  caller: Caller,
  testIdInput: unknown,
  query: Record<string, unknown>,
): Promise<{ fileName: string; body: Buffer }> => {
  const { test } = await reportTarget(knexOf(strapi), caller, testIdInput, query.batchId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRow(RESULT_COLUMNS);
  for (let page = 1; ; page += 1) {
    const { data } = await testResults(
      strapi,
      caller,
      testIdInput,
      { ...query, page: String(page), pageSize: String(PAGE) },
      PAGE,
    );
    for (const r of data as unknown as Row[]) {
      sheet.addRow([
        neutralise(r.learner.name),
        neutralise(r.learner.rollNumber),
        neutralise(r.batch?.name),
        r.score,
        r.correct,
        r.wrong,
        r.skipped,
        r.timeTakenSeconds,
        r.attemptNumber,
        r.rank,
        r.percentile,
        r.passed === null ? '' : r.passed ? 'Yes' : 'No',
        r.status,
        r.integrityEvents,
      ]);
    }
    if (data.length < PAGE) break;
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return { fileName: sheetFileName('results', test.name, 'test'), body: Buffer.from(buffer) };
};
