import { gzipSync } from 'node:zlib';
import { launchChromium } from '../browser';
import type { Scenario } from '../types';

/** The JavaScript a first visit to the home page downloads, gzipped, against the 110 KB budget. */
export const homeJs: Scenario = {
  name: 'home-js-gzip',
  target: { maxErrors: 0, maxKb: 110 },
  async run(baseUrl) {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body).length));
      });
      await page.goto(baseUrl, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(scripts);
      const kb = Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
      return { requests: sizes.length, durationS: 0, rps: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, errors: 0, non2xx: 0, kb, notes: [`${sizes.length} scripts, ${kb} KB gzip`] };
    } finally {
      await browser.close();
    }
  },
};
