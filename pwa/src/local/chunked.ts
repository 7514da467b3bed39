import { byCodeUnits } from '../lib/order';
import type { Table } from 'dexie';

const CHUNK = 100;

type Row = { _id: string; createdAt: string };

/**
 * Every row of a table, read a chunk of primary keys at a time. Each chunk arrives in a task of its own,
 * so reading thousands of rows (an admin's bookings on a phone) never blocks the page for long.
 */
export async function readInChunks<T extends { _id: string }, TInsert>(table: Table<T, string, TInsert>, size = CHUNK): Promise<T[]> {
  const rows: T[] = [];
  for (let last: string | null = null; ;) {
    const chunk: T[] = await (last === null ? table.toCollection() : table.where(':id').above(last)).limit(size).toArray();
    rows.push(...chunk);
    const end = chunk.at(-1);
    if (chunk.length < size || !end) return rows;
    last = end._id;
  }
}

const descending = (a: string, b: string) => byCodeUnits(b, a);

/**
 * The newest first; rows made in the same instant in descending id order. Compared by code unit, as
 * IndexedDB orders keys, so the order is the one the createdAt index read backwards gave.
 */
export function newestFirst(a: Row, b: Row): number {
  return descending(a.createdAt, b.createdAt) || descending(a._id, b._id);
}
