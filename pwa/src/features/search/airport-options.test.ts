import { describe, expect, it } from 'vitest';
import type { Airport } from '../../../../sync/schemas/airport';
import { filterOptions } from '../../components/ui/dropdown-logic';
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
    expect(airportOptions(airports, null).map(({ value, label }) => ({ value, label }))).toEqual([
      { value: 'ABV', label: 'Abuja(ABV)' },
      { value: 'LOS', label: 'Lagos(LOS)' },
      { value: 'LHR', label: 'London(LHR)' },
    ]);
  });

  it('finds an airport by its code first, and by its name and country', () => {
    const options = airportOptions([...airports, airport('LAS', 'Las Vegas')], null);
    expect(filterOptions(options, 'los')[0]?.value).toBe('LOS');
    expect(filterOptions(options, 'london airport').map((o) => o.value)).toEqual(['LHR']);
    expect(filterOptions(options, 'somewhere')).toHaveLength(4);
  });

  it("leaves out the other side's choice", () => {
    expect(airportOptions(airports, 'LOS').map((o) => o.value)).toEqual(['ABV', 'LHR']);
  });
});
