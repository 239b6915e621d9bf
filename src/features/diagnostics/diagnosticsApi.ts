// The diagnostics calls: upload this browser's logs, and (administrators) read uploaded ones.
import { apiClient } from '../../lib/apiClient';
import type { StrapiList } from '../../lib/strapi';
import type { LogUpload, UploadedLog } from './diagnosticsTypes';

export const LOGS_PAGE_SIZE = 25;

export const diagnosticsUrls = {
  logs: '/logs',
  /** Newest first, one page, with the sender's email. */
  logsPage: (page: number) =>
    `/logs?sort=createdAt:desc&pagination[page]=${page}&pagination[pageSize]=${LOGS_PAGE_SIZE}` +
    '&populate[users_permissions_user][fields][0]=email',
} as const;

export async function postLogs(upload: LogUpload): Promise<void> {
  await apiClient.post(diagnosticsUrls.logs, { data: upload });
}

export async function getLogsPage(page: number): Promise<StrapiList<UploadedLog>> {
  const { data } = await apiClient.get<StrapiList<UploadedLog>>(diagnosticsUrls.logsPage(page));
  return data;
}
