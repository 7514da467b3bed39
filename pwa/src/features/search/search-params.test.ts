import { describe, expect, it } from 'vitest';
import { parseSearch, searchQuery } from './search-params';
import type { SearchValues } from '../../lib/trip/search-values';

const roundTrip: SearchValues = {
  type: 'round',
  from: 'LOS',
  to: 'LHR',
  date: '2026-12-01',
  returnDate: '2026-12-08',
  travelClass: 'Economy',
  travelers: 2,
};

describe('listing URL', () => {
  it('writes the search with IATA codes in the documented order', () => {
    expect(searchQuery(roundTrip)).toBe('from=LOS&to=LHR&date=2026-12-01&type=round&return=2026-12-08&class=Economy&travelers=2');
    expect(searchQuery({ ...roundTrip, type: 'one' })).toBe('from=LOS&to=LHR&date=2026-12-01&type=one&class=Economy&travelers=2');
  });

  it('reads back what it wrote, classes with spaces included', () => {
    for (const values of [roundTrip, { ...roundTrip, type: 'one' as const, returnDate: '', travelClass: 'Premium Economy' as const }]) {
      expect(parseSearch(new URLSearchParams(searchQuery(values)))).toEqual(values);
    }
  });

  it('leaves malformed parts empty and defaults travellers to 1 only when absent', () => {
    const parsed = parseSearch(new URLSearchParams('from=lagos&to=lhr&date=2026-02-30&class=Cargo&travelers=9&type=round'));
    expect(parsed).toEqual({ type: 'round', from: null, to: 'LHR', date: '', returnDate: '', travelClass: null, travelers: null });
    expect(parseSearch(new URLSearchParams('')).travelers).toBe(1);
    expect(parseSearch(new URLSearchParams('')).type).toBe('one');
  });

  it('ignores a return date on a one-way search', () => {
    expect(parseSearch(new URLSearchParams('type=one&return=2026-12-08')).returnDate).toBe('');
  });
});
