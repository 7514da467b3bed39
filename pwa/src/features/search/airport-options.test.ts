import { describe, expect, it } from 'vitest';
import type { Airport } from '../../../../sync/schemas/airport';
import { airportOptions } from './airport-options';

const airport = (code: string, city: string): Airport => ({
  _id: `id-${code}`,
  name: `${city} Airport`,
  code,
  city,
  country: 'Somewhere',
  timeZone: 'UTC',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('airport options', () => {
  const airports = [airport('LHR', 'London'), airport('LOS', 'Lagos'), airport('ABV', 'Abuja')];

  it("labels airports 'city(code)', sorted by city", () => {
    expect(airportOptions(airports, null)).toEqual([
      { value: 'ABV', label: 'Abuja(ABV)' },
      { value: 'LOS', label: 'Lagos(LOS)' },
      { value: 'LHR', label: 'London(LHR)' },
    ]);
  });

  it("leaves out the other side's choice", () => {
    expect(airportOptions(airports, 'LOS').map((o) => o.value)).toEqual(['ABV', 'LHR']);
  });
});
