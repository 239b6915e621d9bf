// The imports module's door (reading question and people sheets in the import worker, the
// question import, the downloadable templates). Other modules and the API import only this file.
export { importQuestions, type ImportOptions, type ImportTarget } from './import-questions';
export { importDate, listOf, readPeopleSheet, skip, type Skipped } from './people-sheet';
export { ensurePeopleTemplates } from './people-templates';
export { ensureQuestionTemplates } from './question-templates';
export type { PeopleRow } from './people-rows';
export { exportQuestions, type ExportFile } from './question-export';
