// The accounts module's door (sign-in sessions, registration, password flows and their mail).
// Other modules and the API import only this file.
export { describeMinutes, portalName, publicBaseUrl, resetCodeTtlMinutes } from './accounts-config';
export {
  createResetCodeStamp,
  guardAuthController,
  settlePendingEmails,
  type AuthController,
} from './password-flows';
export { createTakenEmailNotifier } from './registration-mail';
export { createSessionStamp, isTokenCurrent, withSessionCheck } from './sessions';
export { endOtherSessions } from './end-sessions';
