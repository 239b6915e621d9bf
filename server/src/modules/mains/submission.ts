/**
 * The learner's side of Mains work (issue 8): the list of visible work, start (attempt + one
 * answer per question in bulk, one transaction), answer documents (PDF or images, checked by
 * content), submit (closes the attempt and its answers, creates the result, marks an assignment
 * attempted). Mains attempts have no `expires_at`: the exam's sweep (src/modules/exam/close.ts) never
 * closes or marks them; their deadline is computed from the work (deadlineOf).
 *
 * This file is the door: callers import from here; each part lives in a file of its own.
 */
export { myWork } from './my-work';
export { answerShapes, readAttempt, start } from './learner-attempt';
export {
  MAX_DOCUMENTS,
  MAX_FILE_BYTES,
  addDocuments,
  removeDocument,
  type IncomingFile,
  type StoreFiles,
} from './answer-documents';
export { submit } from './submit-work';
export { unknownWork, type FileShape } from './work';
