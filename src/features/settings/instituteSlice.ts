// The institute's settings as the whole app shows them (name, colour, logo, time zone, idle
// minutes, registration): read once at start with a plain call (lib/plainCall.ts), because the
// sign-in page shows them before the query layer is loaded (issue 25). The Settings screen still
// reads and changes them through RTK Query (instituteEndpoints.ts); each of its answers is handed
// here, so the look follows an edit at once.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { plainCall } from '../../lib/plainCall';
import { slices, type AppDispatch } from '../../store/store';
import { instituteUrls, type Institute } from './instituteTypes';

export interface InstituteState {
  settings: Institute | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState: InstituteState = { settings: null, status: 'idle' };

const instituteSlice = createSlice({
  name: 'institute',
  initialState,
  reducers: {
    instituteLoading(state) {
      state.status = 'loading';
    },
    instituteLoaded(state, action: PayloadAction<Institute>) {
      state.settings = action.payload;
      state.status = 'loaded';
    },
    instituteFailed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectInstituteSettings: (state) => state.settings,
    selectInstituteStatus: (state) => state.status,
  },
});

declare module '../../store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof instituteSlice> {}
}
const injected = instituteSlice.injectInto(slices);

export const { selectInstituteSettings, selectInstituteStatus } = injected.selectors;
export const { instituteLoaded } = instituteSlice.actions;
const { instituteLoading, instituteFailed } = instituteSlice.actions;

/** Reads the settings (with the default token for visitors). A failure keeps the portal's own. */
export const loadInstitute = () => async (dispatch: AppDispatch) => {
  dispatch(instituteLoading());
  try {
    const answer = await plainCall<{ data: Institute }>({ url: instituteUrls.settings });
    dispatch(instituteLoaded(answer.data));
  } catch {
    dispatch(instituteFailed());
  }
};
