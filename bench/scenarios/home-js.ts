import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser';
import { landingPages } from '../pages';
import type { Scenario } from '../types';

const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every script a fresh visitor's browser downloads for a page until the network is idle, gzipped. */
async function pageScripts(browser: Browser, url: string): Promise<{ name: string; gzip: number }[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: Promise<{ name: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const name = new URL(response.url()).pathname.replace(/^.*\//, '');
      scripts.push(response.body().then((body) => ({ name, gzip: gzipSync(body).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await Promise.all(scripts);
  } finally {
    await context.close();
  }
}

/** The JavaScript a first visit to the home page, and to a listing, downloads: each page against the 110 KB gzip budget. */
export const homeJs: Scenario = {
  name: 'home-js-gzip',
  target: { maxErrors: 0, maxKb: 110 },
  async run(baseUrl) {
    const browser = await launchChromium();
    try {
      const notes: string[] = [];
      let requests = 0;
      let largest = 0;
      for (const { page, path } of landingPages()) {
        const scripts = await pageScripts(browser, `${baseUrl}${path}`);
        const kb = kilobytes(scripts.reduce((sum, s) => sum + s.gzip, 0));
        const biggest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 3);
        notes.push(`${page}: ${scripts.length} scripts, ${kb} KB gzip (largest: ${biggest.map((s) => `${s.name} ${kilobytes(s.gzip)}`).join(', ')})`);
        requests += scripts.length;
        largest = Math.max(largest, kb);
      }
      return { requests, durationS: 0, rps: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, errors: 0, non2xx: 0, kb: largest, notes };
    } finally {
      await browser.close();
    }
  },
};
