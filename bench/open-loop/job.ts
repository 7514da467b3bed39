/** One request the generator can send. */
export type Shot = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/** A kind of request (searches, bookings, ...) and the requests it cycles through. */
export type ShotKind = { name: string; shots: Shot[] };

/** What the generator is asked to do: requests arrive at a fixed rate, whatever the server answers. */
export type OpenLoopJob = {
  baseUrl: string;
  ratePerS: number;
  durationS: number;
  /** Sent at the same rate before the measured run; not counted. */
  warmupS: number;
  kinds: ShotKind[];
  /** The kind (an index of `kinds`) of each slot of a repeating pattern, e.g. eight searches, one booking, one read. */
  pattern: number[];
  /** Connections the generator may open; requests beyond them wait, and the wait counts as latency. */
  connections: number;
  timeoutMs: number;
};

/** Latency percentiles in milliseconds, counted from each request's scheduled send time. */
export type Percentiles = { count: number; p50Ms: number; p90Ms: number; p99Ms: number; p999Ms: number; maxMs: number };

export type OpenLoopResult = {
  offeredRps: number;
  /** Answers per second over the measured run. */
  achievedRps: number;
  overall: Percentiles;
  byKind: Record<string, Percentiles>;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** The status codes other than 2xx, with how often each came. */
  statuses: Record<string, number>;
  /** How late the generator itself sent, at the 99th percentile: a figure near the latencies means it could not keep up. */
  sendLagP99Ms: number;
};
