// Sign out of every other device (issue 24): the server ends the account's other sessions and
// answers this device's new token.
import { api } from '../../store/api';

export const sessionsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    endOtherSessions: build.mutation<{ jwt: string; signedOutAt: string }, void>({
      query: () => ({ url: '/sessions/end-others', method: 'POST' }),
    }),
  }),
});

export const { useEndOtherSessionsMutation } = sessionsEndpoints;
