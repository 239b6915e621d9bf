import { createAction } from '@reduxjs/toolkit';

/** Dispatched on sign-out (explicit or automatic): every slice returns to its initial state. */
export const appStateReset = createAction('app/stateReset');
