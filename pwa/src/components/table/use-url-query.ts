import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';

type Value = string | number | boolean;

/** The address's query for `values`: only what differs from the defaults, a true flag as '1'. */
export function queryOf<T extends Record<string, Value>>(values: T, defaults: T): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === defaults[key] || value === false || value === '') continue;
    query.set(key, value === true ? '1' : String(value));
  }
  return query;
}

/** The values this list wrote, and the marks (in the history entry's state) of the addresses it wrote them to. */
type Own<T> = { values: T; marks: readonly string[]; from: string };

let lastMark = 0;

function markOf(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'listQuery' in state && typeof state.listQuery === 'string' ? state.listQuery : undefined;
}

/**
 * A list's filters and page kept in the address (parsed by `schema`, so any value falls back to its
 * default): links open the list filtered, a reload keeps it. A change of filter goes back to page 1;
 * typing replaces the history entry rather than adding one per key.
 * The list owns its values and the address follows them, never the other way round except on a navigation
 * (a link, back, a reload): an address this list wrote carries a mark in its history state, so while the router
 * takes a new address (in a transition, a moment later, maybe after other renders: a sync, a decision) the box
 * keeps what was typed, and only an address the list did not write speaks again.
 */
export function useUrlQuery<T extends Record<string, Value> & { page: number }>(schema: z.ZodType<T, Record<string, unknown>>) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [own, setOwn] = useState<Own<T> | null>(null);
  const mark = markOf(location.state);
  const mine = own !== null && (own.from === location.key || (mark !== undefined && own.marks.includes(mark)));
  const values = mine ? own.values : schema.parse(Object.fromEntries(params));

  const write = (next: T) => {
    lastMark += 1;
    const written = `${Date.now().toString(36)}-${lastMark}`;
    setOwn({ values: next, marks: [...(mine ? own.marks : []), written].slice(-50), from: location.key });
    setParams(queryOf(next, schema.parse({})), { replace: true, state: { listQuery: written } });
  };
  return {
    values,
    filter: (changes: Partial<Omit<T, 'page'>>) => write({ ...values, ...changes, page: 1 }),
    setPage: (page: number) => write({ ...values, page }),
  };
}
