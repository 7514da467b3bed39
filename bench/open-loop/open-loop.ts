import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OpenLoopJob, OpenLoopResult } from './job';

const GENERATOR = fileURLToPath(new URL('./generator.ts', import.meta.url));

/** Runs the open-loop generator in a process of its own, so it shares no event loop with the bench or the server. */
export function openLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = fork(GENERATOR, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: OpenLoopResult | undefined;
    child.once('message', (message: OpenLoopResult) => {
      result = message;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the load generator exited with ${code} before answering`));
    });
    child.send(job);
  });
}
