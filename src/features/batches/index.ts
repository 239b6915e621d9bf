// What other features may use of batches: they import this file, never the files behind it.
export {
  useAddToBatchMutation,
  useBatchChoicesQuery,
  useBatchSearchQuery,
  useMoveLearnersMutation,
  useRemoveLearnersMutation,
} from './batchesEndpoints';
