import { launchChromium } from '../browser';
import type { Scenario } from '../types';
import { timings, travellerToken } from './sync-timing';

type Booking = { bookingId: string; status: string };

/** A new tab opened offline, from navigation to the traveller's booking on screen; median of 5. */
export const offlineStart: Scenario = {
  name: 'offline-cold-start',
  target: { maxP99Ms: 1000, maxErrors: 0 },
  async run(baseUrl) {
    const token = await travellerToken(baseUrl);
    const bookings = (await (await fetch(`${baseUrl}/api/bookings/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as Booking[];
    const confirmed = bookings.find((b) => b.status === 'confirmed');
    if (!confirmed) throw new Error('the demo traveller has no confirmed booking');
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ baseURL: baseUrl });
      await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      const first = await context.newPage();
      await first.goto('/dashboard/bookings?tab=confirmed');
      await first.getByText(confirmed.bookingId).waitFor({ timeout: 60_000 });
      await first.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const page = await context.newPage();
        const start = performance.now();
        await page.goto('/dashboard/bookings?tab=confirmed');
        await page.getByText(confirmed.bookingId).waitFor({ timeout: 10_000 });
        samples.push(performance.now() - start);
        await page.close();
      }
      const sorted = [...samples].sort((a, b) => a - b);
      const median = sorted[2] ?? 0;
      return { ...timings(samples, [`median of 5: ${median.toFixed(0)} ms (p99 column shows the median)`]), p99Ms: Math.round(median) };
    } finally {
      await browser.close();
    }
  },
};
