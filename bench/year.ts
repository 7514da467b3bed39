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
 * Chromium (sign-in to the review queue listed; on desktop, and with 4x CPU throttling on a fast-3G-like
 * link), what its first sync pulled, an admin's empty pull, the traveller's first screen, the lifecycle
 * sweep and `npm run backup`. It reads the folder's data and leaves it as it was, but for the sweep's work.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@skyway.test', password: 'Admin-pass-123' };
/** A fast-3G-like link, as the issue measured it: 150 ms, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function rss(baseUrl: string, token: string): Promise<string> {
  const scrape = await scrapeMetrics(`${baseUrl}/metrics`, token);
  return mb(scrape.value('process_resident_memory_bytes'));
}

/** A fresh profile signs in as the admin; ms from Log In until the queue awaiting review lists its first payment, and the pull answers' sizes. */
async function adminFirstVisit(browser: Browser, baseUrl: string, slow: boolean): Promise<{ ms: number; answers: number[] }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page: Page = await context.newPage();
  if (slow) {
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  }
  const answers: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/sync/pull'))
      answers.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
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
  await page.waitForLoadState('networkidle');
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
  const lines = [`restart to healthy: ${((performance.now() - started) / 1000).toFixed(1)} s`];
  const metrics = server.metricsToken ?? '';
  lines.push(`server RSS after start: ${await rss(server.baseUrl, metrics)}`);
  try {
    const browser = await launchChromium();
    try {
      for (const slow of [false, true]) {
        const visit = await adminFirstVisit(browser, server.baseUrl, slow);
        const label = slow ? 'with 4x CPU throttling and a fast-3G-like link' : 'on desktop';
        lines.push(
          `fresh admin device, sign-in to the review queue listed ${label}: ${Math.round(visit.ms)} ms; its first sync: ${visit.answers.length} answers, ${mb(visit.answers.reduce((a, b) => a + b, 0))}, the largest ${mb(Math.max(...visit.answers))}`,
        );
      }
    } finally {
      await browser.close();
    }
    lines.push(`an admin's pull with nothing new (median of 10): ${Math.round(await emptyPull(server.baseUrl, await adminToken(server.baseUrl)))} ms`);
    const traveller = await firstScreen.run(server.baseUrl);
    lines.push(`fresh traveller device, first screen: ${traveller.p99Ms} ms (${traveller.notes?.join('; ') ?? ''})`);
    lines.push(`server RSS after: ${await rss(server.baseUrl, metrics)}`);
  } finally {
    await server.stop();
  }
  const env = { DATA_DIR: path.resolve(dataDir), LOG_LEVEL: 'warn', ADMIN_PASSWORD: ADMIN.password };
  lines.push(`npm run backup: ${timed(['npm', 'run', 'backup'], env).took}`);
  lines.push(`one lifecycle sweep: ${timed(['node_modules/.bin/tsx', 'bench/year-sweep.ts'], env).said}`);
  console.log(lines.join('\n'));
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
