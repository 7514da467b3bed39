import autocannon from 'autocannon';
import type { Result } from './types';

export type LoadOptions = {
  url: string;
  connections: number;
  durationS: number;
  warmupS?: number;
  /** Paths cycled through by every connection; without them `url` is hit each time. */
  paths?: string[];
  headers?: Record<string, string>;
};

function fire(options: LoadOptions, durationS: number): Promise<autocannon.Result> {
  const requests = options.paths?.map((path): autocannon.Request => ({ method: 'GET', path }));
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    headers: options.headers,
    requests,
  });
}

export function toResult(raw: autocannon.Result): Result {
  return {
    requests: raw.requests.total,
    durationS: raw.duration,
    rps: raw.requests.average,
    p50Ms: raw.latency.p50,
    p99Ms: raw.latency.p99,
    maxMs: raw.latency.max,
    errors: raw.errors,
    non2xx: raw.non2xx,
  };
}

/** A warm-up run whose figures are thrown away, then the measured run. */
export async function load(options: LoadOptions): Promise<Result> {
  const warmupS = options.warmupS ?? 3;
  if (warmupS > 0) await fire(options, warmupS);
  return toResult(await fire(options, options.durationS));
}
