import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { newestFirst, readInChunks } from './chunked';

type Row = { _id: string; createdAt: string };

describe('reading a whole table in chunks', () => {
  it('reads every row once, in primary-key order, whatever the chunk size', async () => {
    const db = new Dexie('chunked-test');
    db.version(1).stores({ rows: '_id' });
    const table = db.table<Row, string>('rows');
    const rows = Array.from({ length: 7 }, (_, i) => ({ _id: `r${i}`, createdAt: `2026-01-0${(i % 3) + 1}` }));
    await table.bulkAdd([...rows].reverse());
    for (const size of [1, 3, 7, 8]) expect(await readInChunks(table, size)).toEqual(rows);
    await table.clear();
    expect(await readInChunks(table, 3)).toEqual([]);
  });

  it('orders the newest first, and rows of the same instant by descending id', () => {
    const rows = [
      { _id: 'a', createdAt: '2026-01-02' },
      { _id: 'c', createdAt: '2026-01-01' },
      { _id: 'b', createdAt: '2026-01-02' },
    ];
    expect(rows.sort(newestFirst).map((r) => r._id)).toEqual(['b', 'a', 'c']);
  });

  it('compares ids by code unit, as IndexedDB orders keys, not by the locale', () => {
    const sameInstant = ['B', 'a'].map((_id) => ({ _id, createdAt: '2026-01-01' }));
    expect(sameInstant.sort(newestFirst).map((r) => r._id)).toEqual(['a', 'B']);
  });
});
