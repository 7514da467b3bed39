import type { Response } from 'express';
import { setImmediate } from 'node:timers/promises';

/**
 * Long work split into parts with a turn of the event loop between them, so one large answer (an admin's
 * first sync) never holds up every other request until it is done. Only for work that reads nothing
 * between turns, or reads one snapshot on a connection of its own (db/client.ts `snapshot`).
 */
export const PART_ROWS = 250;

/** Written to the socket at once when the JSON waiting reaches this many characters. */
const WRITE_CHARS = 64 * 1024;

export const nextTurn = (): Promise<void> => setImmediate();

/** `show` applied to the rows a part at a time, the answers in the rows' order. */
export async function inParts<T, R>(rows: readonly T[], show: (part: readonly T[]) => R[] | Promise<R[]>): Promise<R[]> {
  const shown: R[] = [];
  for (let start = 0; start < rows.length; start += PART_ROWS) {
    if (start > 0) await nextTurn();
    shown.push(...(await show(rows.slice(start, start + PART_ROWS))));
  }
  return shown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const skipped = (member: unknown) => member === undefined || typeof member === 'function' || typeof member === 'symbol';

/** The JSON of `value` as JSON.stringify writes it, in pieces: a long array a part of its items at a time. */
export function* jsonPieces(value: unknown): Generator<string> {
  if (Array.isArray(value) && value.length > PART_ROWS) {
    for (let start = 0; start < value.length; start += PART_ROWS) {
      const items = value.slice(start, start + PART_ROWS).map((item: unknown) => (skipped(item) ? 'null' : JSON.stringify(item)));
      yield `${start === 0 ? '[' : ','}${items.join(',')}`;
    }
    yield ']';
    return;
  }
  if (!isPlainObject(value)) {
    yield JSON.stringify(value);
    return;
  }
  let separator = '{';
  for (const [key, member] of Object.entries(value)) {
    if (skipped(member)) continue;
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    yield* jsonPieces(member);
  }
  yield separator === '{' ? '{}' : '}';
}

/**
 * Sends `value` as JSON written a piece at a time, with a turn of the event loop after every 64 kB, so a
 * large answer is never one long task. What the socket has not taken yet waits in memory, no more than the
 * answer already held. No ETag: Express would hash the whole body for it, and no one revalidates the
 * answers sent this way (POSTs). Answers the bytes of JSON written (the metrics).
 */
export async function sendJsonInParts(res: Response, value: unknown): Promise<number> {
  res.type('json');
  let waiting = '';
  let bytes = 0;
  for (const piece of jsonPieces(value)) {
    waiting += piece;
    if (waiting.length < WRITE_CHARS) continue;
    bytes += Buffer.byteLength(waiting);
    res.write(waiting);
    waiting = '';
    await nextTurn();
    if (res.destroyed) return bytes;
  }
  res.end(waiting);
  return bytes + Buffer.byteLength(waiting);
}
