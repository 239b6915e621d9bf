// The reports' summary module's door (issue 22): the tables, the writes' hooks (queue one
// learner, rebuild a test), the fold and its worker, and the reads. Other modules import only
// this file. It imports only platform code, so exam (the writer) and reports (the reader) can
// both use it.
export { chosenCte, PICKS, type Pick, type ReportScope } from './chosen';
export { ensureSummaryTables, SUMMARY_PICKS_TABLE } from './tables';
export { enqueueLearner, enqueueResult, rebuildTest } from './queue';
export { backfillMissing, drainPending, FOLD_BATCH, foldPending } from './fold';
export {
  pickedCount,
  pickedCte,
  pickedResultsCte,
  questionSumsSql,
  summaryItemRows,
  summaryUsable,
  type ItemRow,
} from './read';
export { createSummaryEvents } from './events';
export { kickSummaryWorker, startSummaryWorker, stopSummaryWorker } from './worker';
