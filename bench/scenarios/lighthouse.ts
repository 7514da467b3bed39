import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { landingPages } from '../pages';
import type { PageAudit, Scenario } from '../types';

const RUNS = 3;
const ATTEMPTS = 3;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Figures = Omit<PageAudit, 'page'>;

/** One Lighthouse run (its default: mobile emulation, simulated throttling) in a fresh Chromium. */
async function audit(url: string): Promise<Figures> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Infinity),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Infinity) * 1000) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

/** A run, tried again when Lighthouse itself fails (now and then it loses the trace: NO_NAVSTART). */
async function auditWithRetry(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Lighthouse 12 mobile on the home page and a listing: the median of each figure over 3 runs per page. */
export const lighthouseMobile: Scenario = {
  name: 'lighthouse-mobile',
  target: { maxErrors: 0, lighthouse: { minPerformance: 95, minAccessibility: 95, maxLcpMs: 2000, maxCls: 0.05 } },
  async run(baseUrl) {
    const results: PageAudit[] = [];
    const notes: string[] = [];
    for (const { page, path } of landingPages()) {
      const [load1 = 0] = loadavg();
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${baseUrl}${path}`));
      const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
      const figures = { page, performance: pick('performance'), accessibility: pick('accessibility'), lcpMs: pick('lcpMs'), cls: pick('cls') };
      results.push(figures);
      const perRun = runs.map((r) => `${r.performance}/${r.accessibility}/${r.lcpMs}ms/${r.cls}`).join(', ');
      notes.push(
        `${page}: performance ${figures.performance}, accessibility ${figures.accessibility}, LCP ${figures.lcpMs} ms, CLS ${figures.cls} ` +
          `(median of ${RUNS}: ${perRun}; load average ${load1.toFixed(2)} before)`,
      );
    }
    return { requests: RUNS * results.length, durationS: 0, rps: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, errors: 0, non2xx: 0, audits: results, notes };
  },
};
