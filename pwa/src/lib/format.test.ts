import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAdminDate,
  formatBookingDate,
  formatDuration,
  formatFlightTime,
  formatListingDate,
  formatLongDate,
  formatPrice,
  formatZoneOffset,
} from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('spec formats', () => {
  it('shows the listing date as MMM D', () => {
    expect(formatListingDate('2026-12-01')).toBe('Dec 1');
    expect(formatListingDate('2027-01-15')).toBe('Jan 15');
  });

  it('shows flight times in the airport local time zone', () => {
    expect(formatFlightTime('2026-12-01T07:15:00.000Z', 'Africa/Lagos')).toBe('08:15');
    expect(formatFlightTime('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('08:30');
    expect(formatFlightTime('2026-07-01T07:15:00.000Z', 'Europe/London')).toBe('08:15');
  });

  it('shows durations as Xhr Ymin', () => {
    expect(formatDuration(400)).toBe('6hr 40min');
    expect(formatDuration(60)).toBe('1hr 0min');
    expect(formatDuration(45)).toBe('0hr 45min');
  });

  it('shows money with a dollar sign, thousands separators and 2 decimals', () => {
    expect(formatPrice(1234)).toBe('$1,234.00');
    expect(formatPrice(520.5)).toBe('$520.50');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
  });

  it('shows admin and booking dates in the given zone', () => {
    expect(formatAdminDate('2026-12-01T07:15:00.000Z', 'Africa/Lagos')).toBe('Dec 1, 2026 08:15');
    expect(formatBookingDate('2026-12-01T13:55:00.000Z', 'Europe/London')).toBe('Tue 01 Dec 13:55');
    expect(formatLongDate('2026-12-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('Wed, Dec 2, 2026');
  });

  it('names the zone offset at the instant, daylight saving included', () => {
    expect(formatZoneOffset('2026-12-01T12:00:00.000Z', 'Africa/Lagos')).toBe('GMT+1');
    expect(formatZoneOffset('2026-07-01T12:00:00.000Z', 'Europe/London')).toBe('GMT+1');
    expect(formatZoneOffset('2026-12-01T12:00:00.000Z', 'Europe/London')).toBe('GMT');
  });

  it('formats dates as dayjs did, in any zone and at any hour', () => {
    const zone = fc.constantFrom(undefined, 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Asia/Tokyo');
    const instant = fc.integer({ min: Date.UTC(2024, 0, 1) / 60_000, max: Date.UTC(2028, 11, 31) / 60_000 }).map((m) => new Date(m * 60_000).toISOString());
    fc.assert(
      fc.property(instant, zone, (iso, timeZone) => {
        const at = timeZone ? dayjs(iso).tz(timeZone) : dayjs(iso);
        expect(formatAdminDate(iso, timeZone)).toBe(at.format('MMM D, YYYY HH:mm'));
        expect(formatBookingDate(iso, timeZone)).toBe(at.format('ddd DD MMM HH:mm'));
        if (timeZone) expect(formatLongDate(iso, timeZone)).toBe(at.format('ddd, MMM D, YYYY'));
        expect(formatListingDate(iso.slice(0, 10))).toBe(dayjs(iso.slice(0, 10)).format('MMM D'));
      }),
      { numRuns: 2000 },
    );
    expect(formatAdminDate('not a date')).toBe('Invalid Date');
  });
});
