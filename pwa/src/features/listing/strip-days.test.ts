import { describe, expect, it } from 'vitest';
import { stripDays } from './strip-days';

const fare = (date: string, lowestPrice: number | null) => ({ date, lowestPrice, flights: lowestPrice === null ? 0 : 2 });
const FARES = [
  fare('2030-06-07', 300),
  fare('2030-06-08', null),
  fare('2030-06-09', 410.5),
  fare('2030-06-10', 250),
  fare('2030-06-11', null),
  fare('2030-06-12', 280),
  fare('2030-06-13', 999),
];

describe('the date strip', () => {
  it('names each day and its lowest class fare per traveller, the searched day current', () => {
    const days = stripDays({ date: '2030-06-10', days: 3, fares: FARES, ratio: 2.5, today: '2030-06-01', lastDate: null });
    expect(days.map((d) => `${d.label}: ${d.note}${d.disabled ? ' (disabled)' : ''}${d.current ? ' (current)' : ''}`)).toEqual([
      'Fri, Jun 7: from $750.00',
      'Sat, Jun 8: No flights (disabled)',
      'Sun, Jun 9: from $1,026.25',
      'Mon, Jun 10: from $625.00 (current)',
      'Tue, Jun 11: No flights (disabled)',
      'Wed, Jun 12: from $700.00',
      'Thu, Jun 13: from $2,497.50',
    ]);
  });

  it("cannot go to a past day, or past a round trip's return; the current day stays choosable", () => {
    const days = stripDays({ date: '2030-06-10', days: 3, fares: FARES, ratio: 1, today: '2030-06-10', lastDate: '2030-06-12' });
    expect(days.map((d) => [d.date, d.note, d.disabled])).toEqual([
      ['2030-06-07', 'Past date', true],
      ['2030-06-08', 'Past date', true],
      ['2030-06-09', 'Past date', true],
      ['2030-06-10', 'from $250.00', false],
      ['2030-06-11', 'No flights', true],
      ['2030-06-12', 'from $280.00', false],
      ['2030-06-13', 'After your return', true],
    ]);
  });

  it('leaves the days open, without prices, while they load; crosses months', () => {
    const days = stripDays({ date: '2030-07-01', days: 1, fares: undefined, ratio: undefined, today: '2030-06-01', lastDate: null });
    expect(days.map((d) => [d.date, d.note, d.disabled])).toEqual([
      ['2030-06-30', '', false],
      ['2030-07-01', '', false],
      ['2030-07-02', '', false],
    ]);
  });
});
