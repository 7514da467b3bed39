import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POKE_WINDOW_MS, pokeSender } from '../realtime/pokes';
import type { RealtimeServer } from '../realtime/rooms';

describe('pokes', () => {
  const sent: string[][] = [];
  const io = { to: (rooms: string[]) => ({ emit: (event: string) => event === 'poke' && sent.push([...rooms].sort()) }) } as unknown as RealtimeServer;

  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('gathers the changes of one window into one poke per room, admins always included', () => {
    const poke = pokeSender(io);
    poke(['a']);
    poke(['a', 'b']);
    poke([]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(POKE_WINDOW_MS);
    expect(sent).toEqual([['admins', 'user:a', 'user:b']]);
  });

  it('starts a new window after a flush', () => {
    const poke = pokeSender(io);
    poke(['a']);
    vi.advanceTimersByTime(POKE_WINDOW_MS);
    poke([]);
    vi.advanceTimersByTime(POKE_WINDOW_MS);
    expect(sent).toEqual([['admins', 'user:a'], ['admins']]);
  });
});
