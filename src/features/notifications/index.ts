// What other features (and the app's layout) may use of notifications: the top bar's bell and
// the Settings card. The page is a lazy screen (app/screens.tsx), never exported here.
export { NotificationBell } from './NotificationBell';
export { NotificationPreferencesCard } from './NotificationPreferencesCard';
