import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type CompleteSearch } from './search-values';
import { mergeStoredSearch, storedToValues, toStoredSearch } from './stored-search';

const search: CompleteSearch = {
  type: 'round',
  from: 'LOS',
  to: 'LHR',
  date: '2026-12-01',
  returnDate: '2026-12-08',
  travelClass: 'Economy',
  travelers: 2,
};
const ids = { from: 'airport-los', to: 'airport-lhr' };

describe('stored search (localStorage searchForm)', () => {
  it('keeps the fields the booking pages read', () => {
    expect(toStoredSearch(search, ids, { flightId: 'f1', returnFlightId: 'f2' })).toEqual({
      type: 'Round Trip',
      class: 'Economy',
      travelers: 2,
      from: 'airport-los',
      to: 'airport-lhr',
      fromCode: 'LOS',
      toCode: 'LHR',
      date: '2026-12-01',
      returnDate: '2026-12-08',
      flightId: 'f1',
      returnFlightId: 'f2',
    });
    expect(toStoredSearch({ ...search, type: 'one' }, ids).returnDate).toBe('');
  });

  it('keeps booking details while the same flights stay chosen, drops them otherwise', () => {
    const chosen = toStoredSearch(search, ids, { flightId: 'f1', returnFlightId: 'f2' });
    const previous = { ...chosen, seats: ['A1', 'A2'], email: 'a@b.c' };
    expect(mergeStoredSearch(previous, chosen)).toMatchObject({ seats: ['A1', 'A2'], email: 'a@b.c' });
    const other = toStoredSearch(search, ids, { flightId: 'f1', returnFlightId: 'f3' });
    expect(mergeStoredSearch(previous, other)).not.toHaveProperty('seats');
    expect(mergeStoredSearch(previous, toStoredSearch(search, ids))).not.toHaveProperty('seats');
    expect(mergeStoredSearch('garbage', chosen)).toEqual(chosen);
  });

  it('turns a stored search back into panel values, dropping past dates', () => {
    const stored = toStoredSearch(search, ids, { flightId: 'f1' });
    expect(storedToValues(stored, '2026-11-22')).toEqual(search);
    expect(storedToValues(stored, '2026-12-05')).toMatchObject({ date: '', returnDate: '2026-12-08' });
    expect(storedToValues(null, '2026-11-22')).toEqual(EMPTY_SEARCH);
    expect(storedToValues({ type: 'One Way', travelers: 9, class: 'Cargo' }, '2026-11-22')).toEqual(EMPTY_SEARCH);
  });
});
