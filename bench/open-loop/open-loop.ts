import { inOwnProcess } from '../own-process';
import type { OpenLoopJob, OpenLoopResult } from './job';

/** Runs the open-loop generator in a process of its own, so it shares no event loop with the bench or the server. */
export function openLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  return inOwnProcess(new URL('./generator.ts', import.meta.url), job);
}
