import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { AUTH_TOKEN_KEY } from '../../pwa/src/lib/auth-token';
import { chromiumPath } from '../browser';
import { adminToken, dashboardPages, landingPages } from '../pages';
import type { PageAudit, Result, Scenario } from '../types';

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

const SYNC_TIMEOUT_MS = 120_000;
/** After its first sync, the page's last writes (the pull's end, pruning) have this long to land. */
const SETTLE_MS = 2_000;

/** How many bookings and payments the server holds (the admin's lists answer their totals). */
async function serverTotals(url: string, token: string): Promise<{ bookings: number; payments: number }> {
  const total = async (path: string) => {
    const res = await fetch(new URL(`${path}?limit=1`, url), { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return Number(res.headers.get('x-total-count'));
  };
  return { bookings: await total('/api/bookings'), payments: await total('/api/payments') };
}

/** Waits until the device's IndexedDB holds every booking and payment the server has: its first sync has ended. */
async function waitForFirstSync(page: Page, want: { bookings: number; payments: number }): Promise<void> {
  const held = () =>
    page.evaluate(
      () =>
        new Promise<{ bookings: number; payments: number }>((resolve) => {
          const none = { bookings: 0, payments: 0 };
          const open = indexedDB.open('skyway');
          // NOTE: before the app has made its database, opening it would make an empty one: that open is abandoned.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve(none);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('bookings') || !db.objectStoreNames.contains('payments')) {
              db.close();
              resolve(none);
              return;
            }
            const tx = db.transaction(['bookings', 'payments']);
            const bookings = tx.objectStore('bookings').count();
            const payments = tx.objectStore('payments').count();
            tx.oncomplete = () => {
              db.close();
              resolve({ bookings: bookings.result, payments: payments.result });
            };
          };
        }),
    );
  const until = Date.now() + SYNC_TIMEOUT_MS;
  for (let now = await held(); now.bookings < want.bookings || now.payments < want.payments; now = await held()) {
    if (Date.now() > until) throw new Error(`the device synced ${now.bookings} of ${want.bookings} bookings, ${now.payments} of ${want.payments} payments`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A signed-in device as its owner has it: the token stored and the page opened once, so the service
 * worker is installed and the device has synced every booking and payment. Lighthouse then keeps that storage.
 */
async function signedIn(port: number, url: string, token: string): Promise<Page> {
  const want = await serverTotals(url, token);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(new URL('/', url).href);
  await page.evaluate((key, value) => localStorage.setItem(key, value), AUTH_TOKEN_KEY, token);
  await page.goto(url);
  await waitForFirstSync(page, want);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return page;
}

/** One Lighthouse run (its default: mobile emulation, simulated throttling) in a fresh Chromium, signed in with `token` if given. */
async function audit(url: string, token?: string): Promise<Figures> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const page = token ? await signedIn(chrome.port, url, token) : undefined;
    const flags = { port: chrome.port, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(token) };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Infinity),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Infinity) * 1000) / 1000,
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Infinity),
    };
  } finally {
    chrome.kill();
  }
}

/** A run, tried again when Lighthouse itself fails (now and then it loses the trace: NO_NAVSTART). */
async function auditWithRetry(url: string, token?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, token);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Lighthouse on each page, the median of each figure over 3 runs, with a note per page. */
async function auditPages(baseUrl: string, pages: { page: string; path: string }[], token?: string): Promise<Result> {
  const results: PageAudit[] = [];
  const notes: string[] = [];
  for (const { page, path } of pages) {
    const [load1 = 0] = loadavg();
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${baseUrl}${path}`, token));
    const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
    const figures = {
      page,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcpMs: pick('lcpMs'),
      cls: pick('cls'),
      tbtMs: pick('tbtMs'),
    };
    results.push(figures);
    const perRun = runs.map((r) => `${r.performance}/${r.accessibility}/${r.lcpMs}ms/${r.cls}/${r.tbtMs}ms`).join(', ');
    notes.push(
      `${page}: performance ${figures.performance}, accessibility ${figures.accessibility}, LCP ${figures.lcpMs} ms, CLS ${figures.cls}, TBT ${figures.tbtMs} ms ` +
        `(median of ${RUNS}, each performance/accessibility/LCP/CLS/TBT: ${perRun}; load average ${load1.toFixed(2)} before)`,
    );
  }
  return { requests: RUNS * results.length, durationS: 0, rps: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, errors: 0, non2xx: 0, audits: results, notes };
}

/** Lighthouse 12 mobile on the home page and a listing, as a first-time visitor opens them. */
export const lighthouseMobile: Scenario = {
  name: 'lighthouse-mobile',
  target: { maxErrors: 0, lighthouse: { minPerformance: 95, minAccessibility: 95, maxLcpMs: 2000, maxCls: 0.05 } },
  run: (baseUrl) => auditPages(baseUrl, landingPages()),
};

/**
 * Lighthouse 12 mobile on the back office's busiest pages (bookings, all payments, support), where admins
 * work on phones: the admin's own phone, signed in and synced. INP needs a person's input; TBT, its lab
 * stand-in, is reported.
 */
export const lighthouseDashboard: Scenario = {
  name: 'lighthouse-dashboard',
  target: { maxErrors: 0, lighthouse: { minPerformance: 95, minAccessibility: 100, maxLcpMs: 2000, maxCls: 0.05 } },
  run: async (baseUrl) => auditPages(baseUrl, dashboardPages(), await adminToken(baseUrl)),
};
