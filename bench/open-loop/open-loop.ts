import { Worker } from 'node:worker_threads';
import type { OpenLoopJob, OpenLoopResult } from './job';

/** Runs the open-loop generator in a worker thread, so it shares no event loop with the bench or the server. */
export function openLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: job, execArgv: ['--import', 'tsx'] });
    worker.once('message', (result: OpenLoopResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
  });
}
