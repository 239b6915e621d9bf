// Posting a spreadsheet to a bulk-import endpoint (form field `file`) and reading its answer:
// `{data, skippedRecords: {[reason]: [{row, name, email}]}, message}`.
import { apiClient } from '../../lib/apiClient';
import type {
  ImportProgress,
  SkippedRecord,
  SpreadsheetImportResult,
} from './SpreadsheetImportDialog';

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

export async function postSpreadsheet(
  url: string,
  file: File,
  onProgress: ImportProgress,
  fallbackMessage: (created: number) => string,
): Promise<SpreadsheetImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiClient.post<unknown>(url, form, {
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total) onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  onProgress(100);
  const created = isRecord(data) && Array.isArray(data.data) ? data.data.length : 0;
  const message =
    isRecord(data) && typeof data.message === 'string' && data.message
      ? data.message
      : fallbackMessage(created);
  return { message, skippedRecords: skippedRecordsOf(data) };
}
