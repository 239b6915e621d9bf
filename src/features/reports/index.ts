// What other features may use of reports: they import this file, never the files behind it.
export { MyMcqResultsSection } from './MyMcqResults';
export { IntegrityTimeline } from './IntegrityTimeline';
