// Diagnostics: sending this browser's logs, and the administrators' list of uploaded logs.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { slices } from '../../store/store';
import { clearDiagnosticLogs, readDiagnosticLogs } from '../../lib/diagnosticLogs';
import { createListAdapter, listReducers, type ListState } from '../../lib/listState';
import { errorMessage, type Pagination } from '../../lib/strapi';
import { describeClient } from '../../lib/userAgent';
import type { SessionState } from '../../session/sessionSlice';
import { getLogsPage, postLogs } from './diagnosticsApi';
import type { UploadedLog } from './diagnosticsTypes';

export const USER_INFO_MISSING = 'User information is missing';
export const DIAGNOSTICS_SENT = 'Diagnostics sent. Thank you.';

const { adapter, initialState: listInitialState } = createListAdapter<UploadedLog>();

export interface DiagnosticsState {
  uploads: ListState<UploadedLog>;
  send: { status: 'idle' | 'loading' | 'succeeded' | 'failed'; error: string | null };
}

const initialState: DiagnosticsState = {
  uploads: listInitialState,
  send: { status: 'idle', error: null },
};

/** Sends the kept logs with a description of this browser; on success the local logs are cleared. */
export const sendDiagnostics = createAsyncThunk<
  undefined,
  undefined,
  { state: { session: SessionState }; rejectValue: string }
>('diagnostics/send', async (_arg, { getState, rejectWithValue }) => {
  const user = getState().session.userInfo;
  if (!user) return rejectWithValue(USER_INFO_MISSING);
  let logs;
  try {
    logs = await readDiagnosticLogs();
  } catch {
    logs = { network: [], console: [] };
  }
  try {
    await postLogs({
      ...describeClient(),
      consoleLogs: logs.console,
      apiLogs: logs.network,
      timestamp: new Date().toISOString(),
      users_permissions_user: user.id,
    });
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
  // Accepted (Strapi 5 answers a create with 201, older servers with 200): forget what was sent.
  await clearDiagnosticLogs().catch(() => undefined);
});

export const fetchUploadedLogs = createAsyncThunk<
  { items: UploadedLog[]; pagination: Pagination | null },
  number,
  { rejectValue: string }
>('diagnostics/fetchUploads', async (page, { rejectWithValue }) => {
  try {
    const answer = await getLogsPage(page);
    return { items: answer.data, pagination: answer.meta.pagination ?? null };
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

const list = listReducers(adapter);

const diagnosticsSlice = createSlice({
  name: 'diagnostics',
  initialState,
  selectors: {
    selectUploadsState: (state) => state.uploads,
    selectSendDiagnostics: (state) => state.send,
  },
  reducers: {
    sendReset(state) {
      state.send = { status: 'idle', error: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sendDiagnostics.pending, (state) => {
        state.send = { status: 'loading', error: null };
      })
      .addCase(sendDiagnostics.fulfilled, (state) => {
        state.send = { status: 'succeeded', error: null };
      })
      .addCase(sendDiagnostics.rejected, (state, action) => {
        state.send = { status: 'failed', error: action.payload ?? errorMessage(null) };
      })
      .addCase(fetchUploadedLogs.pending, (state) => {
        list.loadStarted(state.uploads);
      })
      .addCase(fetchUploadedLogs.fulfilled, (state, action) => {
        list.pageReceived(state.uploads, action);
      })
      .addCase(fetchUploadedLogs.rejected, (state, action) => {
        list.loadFailed(state.uploads, { payload: action.payload ?? errorMessage(null) });
      });
  },
});

// Loaded with the screens that use it, not with the first download (see LazyLoadedSlices).
declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof diagnosticsSlice> {}
}
const injected = diagnosticsSlice.injectInto(slices);

export const { sendReset: diagnosticsSendReset } = diagnosticsSlice.actions;
export const { selectUploadsState, selectSendDiagnostics } = injected.selectors;
const uploadSelectors = adapter.getSelectors(selectUploadsState);
export const selectUploadedLogs = uploadSelectors.selectAll;
