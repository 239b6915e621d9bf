import type { Core } from '@strapi/strapi';
import ExcelJS from 'exceljs';
import type { Caller } from '../../access/caller';
import { classAttendance } from './attendance';
import { neutralise, sheetFileName } from '../../platform/sheets/neutralise';

/**
 * GET /api/live-classes/:documentId/attendance/export: the class's attendance as an .xlsx file
 * (exceljs). A text a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading
 * apostrophe, like the people export.
 */
export const ATTENDANCE_COLUMNS = [
  'Name',
  'Email',
  'Roll Number',
  'Present',
  'First joined (UTC)',
  'Joins',
];

export const attendanceFileName = (name: string): string =>
  sheetFileName('attendance', name, 'class');

export const exportAttendance = async (
  strapi: Core.Strapi,
  caller: Caller,
  documentId: unknown,
): Promise<{ fileName: string; body: Buffer }> => {
  const { data } = await classAttendance(strapi, caller, documentId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Attendance');
  sheet.addRow(ATTENDANCE_COLUMNS);
  for (const row of data.rows) {
    sheet.addRow([
      neutralise(row.name),
      neutralise(row.email),
      neutralise(row.rollNumber),
      row.present ? 'Present' : 'Absent',
      row.firstJoinedAt ? row.firstJoinedAt.replace('T', ' ').slice(0, 19) : '',
      row.joins,
    ]);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return { fileName: attendanceFileName(data.class.name), body: Buffer.from(buffer) };
};
