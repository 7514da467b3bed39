import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTime } from '../../sync/time';
import { airports, flights } from '../db/schema';
import { startTestServer, type TestServer } from './harness';

type Row = { code: string; timeZone: string };

describe('the demo schedule', () => {
  let server: TestServer;
  let airportRows: (Row & { id: string })[];
  let flightRows: (typeof flights.$inferSelect)[];
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    airportRows = await server.ctx.db.select({ id: airports.id, code: airports.code, timeZone: airports.timeZone }).from(airports);
    flightRows = await server.ctx.db.select().from(flights);
  });
  afterAll(() => server.stop());

  it('serves every airport with departures and arrivals', () => {
    const origins = new Set(flightRows.map((f) => f.originId));
    const destinations = new Set(flightRows.map((f) => f.destinationId));
    expect(airportRows.filter((a) => !origins.has(a.id) || !destinations.has(a.id)).map((a) => a.code)).toEqual([]);
  });

  it('gives every airport its current IANA zone', () => {
    const known = (zone: string) => {
      try {
        return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
      } catch {
        return false;
      }
    };
    expect(airportRows.filter((a) => !known(a.timeZone)).map((a) => `${a.code} ${a.timeZone}`)).toEqual([]);
    const zoneOf = (code: string) => airportRows.find((a) => a.code === code)?.timeZone;
    expect([zoneOf('MEL'), zoneOf('DEL'), zoneOf('EZE'), zoneOf('LHR')]).toEqual([
      'Australia/Melbourne',
      'Asia/Kolkata',
      'America/Argentina/Buenos_Aires',
      'Europe/London',
    ]);
  });

  it('spreads local departure times over the day, each service at the same local time daily', () => {
    const zoneById = new Map(airportRows.map((a) => [a.id, a.timeZone]));
    const local = (f: (typeof flightRows)[number]) => localTime(f.departureTime, zoneById.get(f.originId) ?? 'UTC');
    const hours = new Set(flightRows.map((f) => local(f).slice(0, 2)));
    expect(hours.size).toBeGreaterThanOrEqual(14);
    const byService = new Map<string, Set<string>>();
    for (const f of flightRows) byService.set(f.flightNumber, (byService.get(f.flightNumber) ?? new Set()).add(local(f)));
    const drifting = [...byService].filter(([, times]) => times.size > 1).map(([number]) => number);
    expect(drifting).toEqual([]);
  });

  it('is the same schedule on every start', async () => {
    const again = await startTestServer({ seed: 'demo' });
    try {
      const shape = (rows: (typeof flightRows)[number][]) => rows.map((f) => `${f.flightNumber} ${f.departureTime} ${f.arrivalTime} ${f.priceCents}`).sort();
      expect(shape(await again.ctx.db.select().from(flights))).toEqual(shape(flightRows));
    } finally {
      await again.stop();
    }
  });
});
