/** What a scenario must achieve; an absent bound is not checked. */
export type Target = {
  /** Mean requests per second over the measured run. */
  minRps?: number;
  /** 99th percentile latency in milliseconds. */
  maxP99Ms?: number;
  /** The rate as a share of bare Express's, measured in the same run (bench/yardstick.ts). */
  minShare?: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  maxErrors: number;
  /** A size budget in kilobytes, for scenarios that weigh rather than time. */
  maxKb?: number;
  /** Lighthouse budgets, checked on every audited page. */
  lighthouse?: LighthouseBudget;
};

export type LighthouseBudget = { minPerformance: number; minAccessibility: number; maxLcpMs: number; maxCls: number };

/** One page's Lighthouse figures: scores 0-100, LCP and total blocking time in milliseconds. */
export type PageAudit = { page: string; performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number };

/** The figures of one measured run. */
export type Result = {
  requests: number;
  durationS: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** `rps` as a share of bare Express's, for scenarios that compare with it. */
  share?: number;
  /** Anything worth printing under the table, e.g. how many rows a search answered. */
  notes?: string[];
  /** The measured size in kilobytes, for scenarios with a size budget. */
  kb?: number;
  /** Lighthouse figures per page, for scenarios with a Lighthouse budget. */
  audits?: PageAudit[];
};

export type Scenario = {
  name: string;
  target: Target;
  run: (baseUrl: string) => Promise<Result>;
};

export type Verdict = Result & { name: string; target: Target; pass: boolean; failures: string[] };
