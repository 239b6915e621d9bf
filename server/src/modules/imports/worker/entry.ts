/**
 * The import worker thread (started by pool.ts from the compiled dist/, next to this file): it
 * answers its one job with one message and then has nothing left to do, so it exits. An error
 * that is not the client's (a bug) is left uncaught: the pool sees it as the worker's 'error'.
 */
import { parentPort } from 'node:worker_threads';
import { runImportJob, type ImportJob } from './jobs';

parentPort?.once('message', (job: ImportJob) => {
  void runImportJob(job).then((reply) => parentPort?.postMessage(reply));
});
