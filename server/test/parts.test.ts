import { describe, expect, test } from 'vitest';
import { inParts, jsonPieces, PART_ROWS } from '../parts';

const joined = (value: unknown) => [...jsonPieces(value)].join('');

describe('work in parts', () => {
  test('the pieces of a value join to what JSON.stringify writes, long arrays and what JSON leaves out included', () => {
    const long = Array.from({ length: PART_ROWS * 2 + 7 }, (_, i) => ({
      i,
      at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      gone: undefined,
      nested: [i, null, 'x'],
    }));
    const values: unknown[] = [
      { changes: { bookings: long, payments: [], settings: [{ _id: 'settings' }] }, hasMore: false, cursor: 'c"1', skipped: undefined, fn: () => 1 },
      long,
      [undefined, () => 1, 1],
      Array.from({ length: PART_ROWS + 1 }, (_, i) => (i % 2 ? undefined : i)),
      Object.assign(Object.create(null) as object, { a: 1 }),
      {},
      [],
      'text',
      42,
      null,
    ];
    for (const value of values) expect(joined(value)).toBe(JSON.stringify(value));
  });

  test('a long array comes in one piece per part of its items', () => {
    const pieces = [...jsonPieces(Array.from({ length: PART_ROWS * 3 }, (_, i) => i))];
    expect(pieces).toHaveLength(4);
  });

  test('rows are shown a part at a time, in order, with a turn of the event loop between parts', async () => {
    const rows = Array.from({ length: PART_ROWS * 2 + 1 }, (_, i) => i);
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const parts: number[] = [];
    const shown = await inParts(rows, (part) => {
      parts.push(part.length);
      return part.map((n) => n * 2);
    });
    done = true;
    expect(shown).toEqual(rows.map((n) => n * 2));
    expect(parts).toEqual([PART_ROWS, PART_ROWS, 1]);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
