import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { scrapeMetrics } from '../scripts/read-metrics';
import { SYNC_SCHEMA_VERSION, type PullResponse } from '../sync/protocol';
import { launchChromium } from './browser';
import { adminToken } from './pages';
import { firstScreen } from './scenarios/first-screen';
import { launchServer } from './server';

/**
 * `npm run bench:year -- <DATA_DIR>`: the figures of issue #47 on a year of history made by
 * `npm run seed:volume` in that folder: the restart, the server's memory, a fresh admin device in
 * Chromium (sign-in to the review queue listed; on desktop, and with 4x CPU throttling and on
 * slower links), what its first sync pulled, an admin's empty pull, the traveller's first screen, the lifecycle
 * sweep and `npm run backup`. It reads the folder's data and leaves it as it was, but for the sweep's work.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@skyway.test', password: 'Admin-pass-123' };
/** Links the admin's phone is tried on, with 4x CPU throttling: the issue's fast-3G-like one, and DevTools' Slow 3G preset. */
const LINKS = [
  { label: 'a fast-3G-like link (150 ms, 1.6 Mbit/s)', latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
  { label: "DevTools' Slow 3G (2 s, 400 kbit/s)", latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
] as const;
type Link = (typeof LINKS)[number];

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function rss(baseUrl: string, token: string): Promise<string> {
  const scrape = await scrapeMetrics(`${baseUrl}/metrics`, token);
  return mb(scrape.value('process_resident_memory_bytes'));
}

/** One pull answer: its JSON, and what crossed the link (compressed body and headers). */
type Answer = { json: number; wire: number };

/** A fresh profile signs in as the admin; ms from Log In until the queue awaiting review lists its first payment, and the pull answers' sizes. */
async function adminFirstVisit(browser: Browser, baseUrl: string, link: Link | null): Promise<{ ms: number; answers: Answer[] }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page: Page = await context.newPage();
  if (link) {
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    const { latency, downloadThroughput, uploadThroughput } = link;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput, uploadThroughput });
  }
  const answers: Promise<Answer>[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith('/api/sync/pull')) return;
    answers.push(
      (async () => {
        const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
        const body = (await response?.body()) ?? Buffer.alloc(0);
        return { json: body.length, wire: sizes.responseBodySize + sizes.responseHeadersSize };
      })().catch(() => ({ json: 0, wire: 0 })),
    );
  });
  await page.goto('/login?redirect=%2Fdashboard%2Fall-payments%3Fstatus%3Dawaiting');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const start = performance.now();
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  await page
    .getByRole('main')
    .getByRole('combobox', { name: /^Set status of / })
    .first()
    .waitFor({ timeout: 300_000 });
  const ms = performance.now() - start;
  await page.waitForLoadState('networkidle', { timeout: 600_000 });
  await page.waitForTimeout(2_000);
  const sizes = await Promise.all(answers);
  await context.close();
  return { ms, answers: sizes };
}

/** An admin's pull with nothing new since its cursor: the median of 10, in ms. */
async function emptyPull(baseUrl: string, token: string): Promise<number> {
  const request = { clientId: crypto.randomUUID(), cursor: null as string | null, schemaVersion: SYNC_SCHEMA_VERSION };
  const pull = async () => {
    const res = await fetch(`${baseUrl}/api/sync/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await res.json()) as PullResponse;
    request.cursor = body.cursor;
    return body.hasMore;
  };
  while (await pull());
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await pull();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[5] ?? 0;
}

/** Runs `command` to its end: how long it took, and what it printed last. */
function timed(command: string[], env: Record<string, string>): { took: string; said: string } {
  const start = performance.now();
  const run = spawnSync(command[0] ?? '', command.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command.join(' ')} failed: ${run.stderr}`);
  return { took: `${((performance.now() - start) / 1000).toFixed(1)} s`, said: run.stdout.trim().split('\n').at(-1) ?? '' };
}

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: npm run bench:year -- <DATA_DIR made by npm run seed:volume>');
  const started = performance.now();
  const server = await launchServer({ DATA_DIR: path.resolve(dataDir) });
  await server.ready;
  const say = (line: string) => console.log(line);
  say(`restart to healthy: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const metrics = server.metricsToken ?? '';
  say(`server RSS after start: ${await rss(server.baseUrl, metrics)}`);
  try {
    const browser = await launchChromium();
    try {
      for (const link of [null, ...LINKS]) {
        const visit = await adminFirstVisit(browser, server.baseUrl, link);
        const label = link ? `with 4x CPU throttling and ${link.label}` : 'on desktop';
        const sum = (key: keyof Answer) => mb(visit.answers.reduce((total, answer) => total + answer[key], 0));
        const largest = mb(Math.max(...visit.answers.map((answer) => answer.json)));
        say(
          `fresh admin device, sign-in to the review queue listed ${label}: ${Math.round(visit.ms)} ms; its first sync: ${visit.answers.length} answers, ${sum('json')} of JSON (${sum('wire')} on the link), the largest ${largest} of JSON`,
        );
      }
    } finally {
      await browser.close();
    }
    say(`an admin's pull with nothing new (median of 10): ${Math.round(await emptyPull(server.baseUrl, await adminToken(server.baseUrl)))} ms`);
    const traveller = await firstScreen.run(server.baseUrl);
    say(`fresh traveller device, first screen: ${traveller.p99Ms} ms (${traveller.notes?.join('; ') ?? ''})`);
    say(`server RSS after: ${await rss(server.baseUrl, metrics)}`);
  } finally {
    await server.stop();
  }
  const env = { DATA_DIR: path.resolve(dataDir), LOG_LEVEL: 'warn', ADMIN_PASSWORD: ADMIN.password };
  say(`npm run backup: ${timed(['npm', 'run', 'backup'], env).took}`);
  say(`one lifecycle sweep: ${timed(['node_modules/.bin/tsx', 'bench/year-sweep.ts'], env).said}`);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
