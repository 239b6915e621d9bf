/** Notifications (issue 20): the one door that writes them, the inbox, the stream, the crons. */
export { KINDS, kindsFor, type Kind } from './kinds';
export { notify, type Notice } from './notify';
export { settingsOf, saveSettings } from './preferences';
export { topNotifications, readAll, countsOf, ownUser, TOP_COUNT } from './inbox';
export { openStream, closeStreams, openStreamCount } from './stream';
export { sendPendingEmails } from './emails';
export { pruneOldNotifications, retentionDays } from './retention';
export { sweepNotifications } from './sweeps';
export { sendMessage } from './messages';
export {
  administratorUsers,
  alreadyNotified,
  classAudience,
  graderUsers,
  learnerUsers,
  workFacultyUsers,
  workLearnerUsers,
} from './audiences';
export {
  classLink,
  classTime,
  createNotificationEvents,
  notifyAddedToBatch,
} from './document-events';
export { notifyImportFinished, type ImportOutcome } from './imports';
