import { describe, expect, it } from 'vitest';
import { dayOffset, localDate, localTime, minutesBetween, zonedToUtc } from './time';

describe('airport-local time', () => {
  it('gives the local date and time at the airport, not in UTC', () => {
    expect(localDate('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-12-02');
    expect(localTime('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('08:30');
    expect(localDate('2026-12-02T03:00:00.000Z', 'America/New_York')).toBe('2026-12-01');
  });

  it('computes durations from instants across time zones', () => {
    expect(minutesBetween('2026-12-01T10:00:00.000Z', '2026-12-01T17:25:00.000Z')).toBe(445);
  });

  it('marks an arrival on a later local day with +1', () => {
    expect(dayOffset('2026-12-01T20:00:00.000Z', 'Europe/London', '2026-12-02T06:00:00.000Z', 'Asia/Dubai')).toBe('+1');
    expect(dayOffset('2026-12-01T08:00:00.000Z', 'Europe/London', '2026-12-01T12:00:00.000Z', 'Europe/Paris')).toBe('');
  });

  it('turns a local wall-clock time into the right instant, daylight saving included', () => {
    expect(zonedToUtc('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedToUtc('2026-12-01T09:00', 'Europe/London')).toBe('2026-12-01T09:00:00.000Z');
  });
});
