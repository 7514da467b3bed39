import { fork } from 'node:child_process';

/**
 * Runs `entry` (a bench module that answers one job given by IPC) in a process of its own and resolves
 * with its answer: load is made and timed there, on an event loop and a heap that nothing else of the
 * bench shares (the bench's own process holds what every earlier scenario loaded and left).
 */
export function inOwnProcess<Job, Answer>(entry: URL, job: Job): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: { ok: Answer } | undefined;
    child.once('message', (message: Answer) => {
      answer = { ok: message };
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer) resolve(answer.ok);
      else reject(new Error(`${entry.pathname} exited with ${code} before answering`));
    });
    child.send(job as object);
  });
}

/** In the child: answers the one job it is sent with what `work` makes of it. */
export function answerJob<Job, Answer>(work: (job: Job) => Promise<Answer>): void {
  process.once('message', (job: Job) => {
    void work(job).then(
      (answer) => process.send?.(answer),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
