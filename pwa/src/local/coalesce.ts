/**
 * Wraps `run` so that one runs at a time: a call made while it runs answers one more run after it, which
 * every call made meanwhile shares. Each caller's answer settles after a run that began after its call.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let followUp: Promise<void> | null = null;
  const request = (): Promise<void> => {
    if (running) {
      const next = () => {
        followUp = null;
        return request();
      };
      followUp ??= running.then(next, next);
      return followUp;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return request;
}
