// What other features may use of batches: they import this file, never the files behind it.
export {
  addToBatch,
  getBatchChoices,
  moveLearners,
  removeLearners,
  searchBatches,
} from './batchesApi';
