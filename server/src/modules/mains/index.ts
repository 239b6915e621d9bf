// The Mains module's door (descriptive work: the learner's uploads and submit, the staff's lists,
// scripts, evaluations and publication). Other modules and the API import only this file.
export { addDocuments, removeDocument } from './answer-documents';
export { createEvaluation, setEvaluationDocument, updateEvaluation } from './evaluation';
export { checkDocuments, incomingFiles, storeWith } from './files';
export { readAttempt, start } from './learner-attempt';
export { myWork } from './my-work';
export { publishResults } from './publish';
export { progress } from './progress';
export { reopenEvaluation } from './reopen';
export { script } from './script';
export { listResults, listWorks } from './staff-lists';
export { submit } from './submit-work';
export { closeExpiredWork, sweepExpiredWork } from './expiry';
// Issue 27: allocation, moderation, the release check and re-check requests (src/api/marking).
export { allocate, allocations } from './allocation';
export { moderate, submitModeration } from './moderation';
export { releaseCheck } from './release';
export { answerRecheck, rechecks, requestRecheck } from './recheck';
// Issue 27: annotating the script in the browser, and the marked copy flattened from it.
export { ensureAnnotationTables, readAnnotations, savePage } from './annotations';
export { ensureMarkedCopyTable, updateEvaluationWithCopy } from './marked-copy/marked-copy';
