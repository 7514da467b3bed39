import { describe, expect, it } from 'vitest';
import { formatClock, secondsLeft } from './clock';

describe('countdown clock', () => {
  it('formats the spec countdowns', () => {
    expect(formatClock(956)).toBe('15:56');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(5)).toBe('00:05');
    expect(formatClock(-3)).toBe('00:00');
  });

  it('counts down from a deadline, so a slow tab does not drift', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
