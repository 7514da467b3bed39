import { describe, expect, it } from 'vitest';
import { filterOptions, movedIndex, opensUpward, typeaheadIndex } from './dropdown-logic';

describe('dropdown placement', () => {
  it('opens upward when less than 200 px remain below and there is more room above', () => {
    expect(opensUpward(199, 500)).toBe(true);
    expect(opensUpward(200, 500)).toBe(false);
    expect(opensUpward(600, 100)).toBe(false);
    expect(opensUpward(150, 120)).toBe(false);
  });
});

describe('dropdown keyboard', () => {
  it('moves with the arrows without wrapping', () => {
    expect(movedIndex('ArrowDown', 0, 3)).toBe(1);
    expect(movedIndex('ArrowDown', 2, 3)).toBe(2);
    expect(movedIndex('ArrowUp', 1, 3)).toBe(0);
    expect(movedIndex('ArrowUp', 0, 3)).toBe(0);
  });

  it('starts from the ends when nothing is active', () => {
    expect(movedIndex('ArrowDown', -1, 3)).toBe(0);
    expect(movedIndex('ArrowUp', -1, 3)).toBe(2);
  });

  it('jumps with Home, End and the page keys', () => {
    expect(movedIndex('Home', 5, 20)).toBe(0);
    expect(movedIndex('End', 5, 20)).toBe(19);
    expect(movedIndex('PageDown', 15, 20)).toBe(19);
    expect(movedIndex('PageUp', 15, 20)).toBe(5);
  });

  it('ignores other keys and empty lists', () => {
    expect(movedIndex('a', 0, 3)).toBeNull();
    expect(movedIndex('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('dropdown filtering', () => {
  const airports = [
    { value: 'LAX', label: 'Los Angeles(LAX)' },
    { value: 'LOS', label: 'Lagos(LOS)' },
    { value: 'ZRH', label: 'Zürich(ZRH)' },
  ];

  it('matches anywhere in the label, ignoring case, with prefixes first', () => {
    expect(filterOptions(airports, 'los').map((o) => o.value)).toEqual(['LAX', 'LOS']);
    expect(filterOptions(airports, 'ang').map((o) => o.value)).toEqual(['LAX']);
    expect(filterOptions(airports, '(los').map((o) => o.value)).toEqual(['LOS']);
    expect(filterOptions(airports, 'lag').map((o) => o.value)).toEqual(['LOS']);
  });

  it('puts an exact keyword first, then prefixes of the label or a keyword, then the rest', () => {
    const withKeywords = airports.map((o) => ({ ...o, keywords: [o.value, o.value === 'LOS' ? 'Murtala Muhammed International' : 'Other'] }));
    expect(filterOptions(withKeywords, 'los').map((o) => o.value)).toEqual(['LOS', 'LAX']);
    expect(filterOptions(withKeywords, 'murtala').map((o) => o.value)).toEqual(['LOS']);
    expect(filterOptions(withKeywords, 'muhammed').map((o) => o.value)).toEqual(['LOS']);
  });

  it('ignores accents and keeps everything for an empty query', () => {
    expect(filterOptions(airports, 'zurich').map((o) => o.value)).toEqual(['ZRH']);
    expect(filterOptions(airports, '  ')).toHaveLength(3);
    expect(filterOptions(airports, 'xyz')).toEqual([]);
  });
});

describe('dropdown type-ahead', () => {
  const labels = ['Economy', 'Premium Economy', 'Business', 'First Class'];

  it('finds the option starting with the typed text', () => {
    expect(typeaheadIndex(labels, 'b', 0)).toBe(2);
    expect(typeaheadIndex(labels, 'pr', 0)).toBe(1);
    expect(typeaheadIndex(labels, 'x', 0)).toBe(-1);
  });

  it('cycles through options with the same first letter when the letter repeats', () => {
    const cities = ['London', 'Lagos', 'Lima', 'Paris'];
    expect(typeaheadIndex(cities, 'l', 0)).toBe(1);
    expect(typeaheadIndex(cities, 'll', 1)).toBe(2);
    expect(typeaheadIndex(cities, 'l', 2)).toBe(0);
  });
});
