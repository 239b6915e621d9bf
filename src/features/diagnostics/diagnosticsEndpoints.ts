// The diagnostics calls: upload this browser's logs, and (administrators) read uploaded ones.
// The logs themselves are kept in the browser (lib/diagnosticLogs.ts, Dexie) until sent.
import { api, type QueryError } from '../../store/api';
import { clearDiagnosticLogs, readDiagnosticLogs } from '../../lib/diagnosticLogs';
import type { StrapiList } from '../../lib/strapi';
import { describeClient } from '../../lib/userAgent';
import type { LogUpload, UploadedLog } from './diagnosticsTypes';

export const LOGS_PAGE_SIZE = 25;
export const USER_INFO_MISSING = 'User information is missing';
export const DIAGNOSTICS_SENT = 'Diagnostics sent. Thank you.';

export const diagnosticsUrls = {
  logs: '/logs',
  /** Newest first, one page, with the sender's email. */
  logsPage: (page: number) =>
    `/logs?sort=createdAt:desc&pagination[page]=${page}&pagination[pageSize]=${LOGS_PAGE_SIZE}` +
    '&populate[users_permissions_user][fields][0]=email',
} as const;

const userMissing: QueryError = { status: null, name: 'Error', message: USER_INFO_MISSING };

export const diagnosticsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    uploadedLogs: build.query<StrapiList<UploadedLog>, number>({
      query: (page) => diagnosticsUrls.logsPage(page),
      providesTags: [{ type: 'Diagnostics', id: 'LIST' }],
    }),
    /**
     * Sends the kept logs with a description of this browser, as the given user; once the server
     * accepts them (Strapi 5 answers a create with 201, older servers with 200) they are forgotten.
     */
    sendDiagnostics: build.mutation<null, number | null>({
      async queryFn(userId, _api, _extra, baseQuery) {
        if (userId === null) return { error: userMissing };
        const logs = await readDiagnosticLogs().catch(() => ({ network: [], console: [] }));
        const upload: LogUpload = {
          ...describeClient(),
          consoleLogs: logs.console,
          apiLogs: logs.network,
          timestamp: new Date().toISOString(),
          users_permissions_user: userId,
        };
        const answer = await baseQuery({
          url: diagnosticsUrls.logs,
          method: 'POST',
          body: { data: upload },
        });
        if (answer.error) return { error: answer.error };
        await clearDiagnosticLogs().catch(() => undefined);
        return { data: null };
      },
      invalidatesTags: [{ type: 'Diagnostics', id: 'LIST' }],
    }),
  }),
});

export const { useUploadedLogsQuery, useSendDiagnosticsMutation } = diagnosticsEndpoints;
