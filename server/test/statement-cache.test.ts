import { describe, expect, it } from 'vitest';
import { scratchDatabase } from './fixtures';

describe('the statement cache on a connection', () => {
  const { sqlite } = scratchDatabase('statements');

  it('compiles a SQL text once and hands the statement back in its default mode', () => {
    const first = sqlite.prepare('select 1 as one, 2 as two');
    expect(first.raw(true).get()).toEqual([1, 2]);
    const again = sqlite.prepare('select 1 as one, 2 as two');
    expect(again).toBe(first);
    expect(again.get()).toEqual({ one: 1, two: 2 });
    expect(sqlite.prepare('select 1 as one, 2 as two').pluck(true).get()).toBe(1);
    expect(sqlite.prepare('select 1 as one, 2 as two').get()).toEqual({ one: 1, two: 2 });
  });

  it('keeps the statements in use and lets the least recently used go past its size', () => {
    const kept = sqlite.prepare('select 0 as n');
    const forgotten = sqlite.prepare('select -1 as n');
    for (let n = 1; n <= 1_000; n += 1) {
      sqlite.prepare(`select ${n} as n`);
      if (n % 100 === 0) expect(sqlite.prepare('select 0 as n')).toBe(kept);
    }
    expect(sqlite.prepare('select 0 as n')).toBe(kept);
    expect(sqlite.prepare('select -1 as n')).not.toBe(forgotten);
  });
});
