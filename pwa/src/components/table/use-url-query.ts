import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/** Values written to the address, and the addresses they pass through until the router has them. */
type Written<T> = { values: T; addresses: string[] };

/**
 * A list's filters and page kept in the address (parsed by `schema`, so any value falls back to its
 * default): links open the list filtered, a reload keeps it. A change of filter goes back to page 1;
 * typing replaces the history entry rather than adding one per key.
 * NOTE: the router takes a new address in a transition, a moment later; until it has the last one
 * written, the written values are shown, so a controlled input never snaps back between two keys.
 */
export function useUrlQuery<T extends Record<string, Value> & { page: number }>(schema: z.ZodType<T, Record<string, unknown>>) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const [written, setWritten] = useState<Written<T> | null>(null);
  const values = written?.addresses.includes(address) ? written.values : schema.parse(Object.fromEntries(params));

  // The router has the last address written, or went elsewhere (a link): the address speaks again.
  useEffect(() => {
    if (written && (address === written.addresses[written.addresses.length - 1] || !written.addresses.includes(address))) setWritten(null);
  }, [address, written]);

  const write = (next: T) => {
    const query = queryOf(next, schema.parse({}));
    const passed = written?.addresses.includes(address) ? written.addresses : [address];
    setWritten({ values: next, addresses: [...passed, query.toString()] });
    setParams(query, { replace: true });
  };
  return {
    values,
    filter: (changes: Partial<Omit<T, 'page'>>) => write({ ...values, ...changes, page: 1 }),
    setPage: (page: number) => write({ ...values, page }),
  };
}
