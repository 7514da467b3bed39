import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type SearchValues } from '../../lib/trip/search-values';
import { checkSearch } from './validate-search';

const today = '2026-11-22';
const problem = (values: SearchValues) => {
  const result = checkSearch(values, today);
  return result.ok ? null : result.problem;
};

describe('search validation order (product rules §10.12)', () => {
  it('reports the five checks in the spec order, one at a time', () => {
    const empty: SearchValues = { ...EMPTY_SEARCH, travelers: null };
    const steps: [Partial<SearchValues>, string | null][] = [
      [{}, 'Please select a departure location.'],
      [{ from: 'LOS' }, 'Please select a destination.'],
      [{ to: 'LHR' }, 'Please select a departure date.'],
      [{ date: '2026-12-01' }, 'Please select a travel class.'],
      [{ travelClass: 'Economy' }, 'Please select the number of travelers.'],
      [{ travelers: 2 }, null],
    ];
    let values = empty;
    for (const [change, expected] of steps) {
      values = { ...values, ...change };
      expect(problem(values)).toBe(expected);
    }
  });

  it('reports the first failing check even when later ones fail too', () => {
    expect(problem({ ...EMPTY_SEARCH, to: 'LHR', date: '2026-12-01', travelClass: 'Economy' })).toBe('Please select a departure location.');
    expect(problem({ ...EMPTY_SEARCH, from: 'LOS', to: 'LHR', travelClass: null, travelers: null })).toBe('Please select a departure date.');
  });

  const valid: SearchValues = { ...EMPTY_SEARCH, from: 'LOS', to: 'LHR', date: '2026-12-01', travelClass: 'Business' };

  it('refuses the same airport twice and a past date', () => {
    expect(problem({ ...valid, to: 'LOS' })).toBe('Origin and destination cannot be the same.');
    expect(problem({ ...valid, date: '2026-11-21' })).toBe('The departure date cannot be in the past.');
    expect(problem({ ...valid, date: today })).toBeNull();
  });

  it('needs a return date on or after departure for a round trip', () => {
    expect(problem({ ...valid, type: 'round' })).toBe('Please select a return date.');
    expect(problem({ ...valid, type: 'round', returnDate: '2026-11-30' })).toBe('The return date cannot be before the departure date.');
    expect(problem({ ...valid, type: 'round', returnDate: '2026-12-01' })).toBeNull();
    expect(problem({ ...valid, type: 'one', returnDate: '2026-11-30' })).toBeNull();
  });

  it('answers the narrowed search when valid', () => {
    const result = checkSearch(valid, today);
    expect(result).toEqual({ ok: true, search: valid });
  });
});
