// The one spreadsheet import through the one API (store/api.ts): the file is posted to a bulk-import
// endpoint (form field `file`) with its upload progress, and the answer
// `{data, skippedRecords: {[reason]: [{row, name, email}]}, message}` is read. Templates are files
// of the site itself (/uploads/templates/…), downloaded through store/downloads.ts.
import { api, type ApiRequest } from '../../store/api';
import { filesRequest } from '../../store/uploads';

export interface SkippedRecord {
  row?: number | null;
  name?: string | null;
  email?: string | null;
  username?: string | null;
}

export interface SpreadsheetImportResult {
  message: string;
  skippedRecords: Record<string, SkippedRecord[]>;
}

export type ImportProgress = (percent: number) => void;

export interface SpreadsheetUpload {
  /** Where the file is posted. */
  url: string;
  file: File;
  onProgress?: ImportProgress;
  /** The message when the answer has none, from the number of created records. */
  fallbackMessage: (created: number) => string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function skippedRecordsOf(value: unknown): Record<string, SkippedRecord[]> {
  if (!isRecord(value) || !isRecord(value.skippedRecords)) return {};
  const out: Record<string, SkippedRecord[]> = {};
  for (const [reason, list] of Object.entries(value.skippedRecords)) {
    if (Array.isArray(list)) out[reason] = list.filter(isRecord) as SkippedRecord[];
  }
  return out;
}

function resultOf(
  answer: unknown,
  fallbackMessage: SpreadsheetUpload['fallbackMessage'],
): SpreadsheetImportResult {
  const created = isRecord(answer) && Array.isArray(answer.data) ? answer.data.length : 0;
  const message =
    isRecord(answer) && typeof answer.message === 'string' && answer.message
      ? answer.message
      : fallbackMessage(created);
  return { message, skippedRecords: skippedRecordsOf(answer) };
}

/**
 * The call that answers a template: a public file of the site, outside the API's base URL, so
 * the address is made absolute and no credentials go with it (as with a plain link).
 */
export function templateRequest(templateUrl: string): ApiRequest {
  return { url: new URL(templateUrl, window.location.href).href, skipAuth: true };
}

/** The name a template is saved under: the last part of its address. */
export function templateFileName(templateUrl: string): string {
  return templateUrl.split('/').pop() || 'template.xlsx';
}

export const spreadsheetImportEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    importSpreadsheet: build.mutation<SpreadsheetImportResult, SpreadsheetUpload>({
      query: ({ url, file, onProgress }) =>
        filesRequest({ url, field: 'file', files: [file], onProgress }),
      transformResponse: (answer: unknown, _meta, { fallbackMessage }) =>
        resultOf(answer, fallbackMessage),
    }),
  }),
});

export const { useImportSpreadsheetMutation } = spreadsheetImportEndpoints;
