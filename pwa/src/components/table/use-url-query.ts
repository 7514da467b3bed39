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

/**
 * A list's filters and page kept in the address (parsed by `schema`, so any value falls back to its
 * default): links open the list filtered, a reload keeps it. A change of filter goes back to page 1;
 * typing replaces the history entry rather than adding one per key.
 */
export function useUrlQuery<T extends Record<string, Value> & { page: number }>(schema: z.ZodType<T, Record<string, unknown>>) {
  const [params, setParams] = useSearchParams();
  const values = schema.parse(Object.fromEntries(params));
  const defaults = schema.parse({});
  const write = (next: T) => setParams(queryOf(next, defaults), { replace: true });
  return {
    values,
    filter: (changes: Partial<Omit<T, 'page'>>) => write({ ...values, ...changes, page: 1 }),
    setPage: (page: number) => write({ ...values, page }),
  };
}
