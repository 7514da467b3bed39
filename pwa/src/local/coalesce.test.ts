import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('coalesced', () => {
  it('runs once for a lone call', async () => {
    let runs = 0;
    const request = coalesced(() => {
      runs++;
      return Promise.resolve();
    });
    await request();
    expect(runs).toBe(1);
  });

  it('shares one more run among every call made while one runs, and each settles after a run that began after it', async () => {
    const started: number[] = [];
    const gates = [gate(), gate()];
    const request = coalesced(async () => {
      const n = started.length;
      started.push(n);
      await gates[n]?.opened;
    });
    const first = request();
    const second = request();
    const third = request();
    expect(second).toBe(third);
    expect(started).toEqual([0]);
    gates[0]?.open();
    await first;
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(secondDone).toBe(false);
    gates[1]?.open();
    await second;
    expect(started).toEqual([0, 1]);
  });

  it('runs the follow-up even when the run before it failed', async () => {
    let runs = 0;
    const request = coalesced(() => {
      runs++;
      return runs === 1 ? Promise.reject(new Error('offline')) : Promise.resolve();
    });
    const first = request();
    const second = request();
    await expect(first).rejects.toThrow('offline');
    await second;
    expect(runs).toBe(2);
  });
});
