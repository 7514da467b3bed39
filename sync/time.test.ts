import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOffset, localDate, localDateTime, localTime, minutesBetween, zonedToUtc } from './time';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Santiago',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Tokyo',
  'Africa/Lagos',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];
const zone = fc.constantFrom(...ZONES);
// Minutes over 2024-2028, so daylight-saving changes (skipped and repeated hours) are often hit.
const instant = fc.integer({ min: Date.UTC(2024, 0, 1) / 60_000, max: Date.UTC(2028, 11, 31) / 60_000 }).map((m) => new Date(m * 60_000).toISOString());

describe('airport-local time', () => {
  it('gives the local date and time at the airport, not in UTC', () => {
    expect(localDate('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-12-02');
    expect(localTime('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('08:30');
    expect(localDate('2026-12-02T03:00:00.000Z', 'America/New_York')).toBe('2026-12-01');
  });

  it('gives both from one conversion, as dayjs.tz formats them', () => {
    fc.assert(
      fc.property(instant, zone, (iso, z) => {
        expect(localDateTime(iso, z)).toEqual({ date: dayjs(iso).tz(z).format('YYYY-MM-DD'), time: dayjs(iso).tz(z).format('HH:mm') });
      }),
    );
  });

  it('computes durations from instants across time zones', () => {
    expect(minutesBetween('2026-12-01T10:00:00.000Z', '2026-12-01T17:25:00.000Z')).toBe(445);
  });

  it('marks an arrival on a later local day with +1, on an earlier one with -1', () => {
    expect(dayOffset('2026-12-01T20:00:00.000Z', 'Europe/London', '2026-12-02T06:00:00.000Z', 'Asia/Dubai')).toBe('+1');
    expect(dayOffset('2026-12-01T08:00:00.000Z', 'Europe/London', '2026-12-01T12:00:00.000Z', 'Europe/Paris')).toBe('');
    expect(dayOffset('2026-12-01T21:00:00.000Z', 'Asia/Tokyo', '2026-12-02T06:00:00.000Z', 'America/Los_Angeles')).toBe('-1');
  });

  it('turns a local wall-clock time into the right instant, daylight saving included', () => {
    expect(zonedToUtc('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedToUtc('2026-12-01T09:00', 'Europe/London')).toBe('2026-12-01T09:00:00.000Z');
  });

  it('answers what dayjs.tz answered, in skipped and repeated hours too', () => {
    const wallTime = fc.tuple(instant, zone).map(([iso, z]) => [`${localDate(iso, z)}T${localTime(iso, z)}`, z] as const);
    const skipped = fc.constantFrom(
      ['2026-03-29T01:30', 'Europe/London'],
      ['2026-10-25T01:30', 'Europe/London'],
      ['2026-03-08T02:30', 'America/New_York'],
      ['2026-11-01T01:30', 'America/New_York'],
      ['2026-10-04T02:15', 'Australia/Lord_Howe'],
    );
    fc.assert(
      fc.property(fc.oneof(wallTime, skipped), ([wall, z]) => {
        expect(zonedToUtc(wall, z)).toBe(dayjs.tz(wall, z).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('counts local days as dayjs did', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: 0, max: 72 * 60 }), zone, (departure, from, minutes, to) => {
        const arrival = new Date(Date.parse(departure) + minutes * 60_000).toISOString();
        const days = dayjs(localDate(arrival, to)).diff(dayjs(localDate(departure, from)), 'day');
        expect(dayOffset(departure, from, arrival, to)).toBe(days > 0 ? `+${days}` : days < 0 ? `${days}` : '');
      }),
      { numRuns: 2000 },
    );
  });
});
