import { launchChromium } from '../browser';
import type { Scenario } from '../types';
import { timings, travellerToken } from './sync-timing';

type Booking = { bookingId: string; status: string };

const TRAVELLER = { email: 'traveller@skyway.test', password: 'Demo-pass-123' };

/**
 * A fresh browser profile signs in as the demo traveller on the bookings page: the time from pressing
 * Log In until a pending booking of theirs is on screen, median of 5; notes the JSON bytes of the sync
 * pull answers: the first, those that had arrived by then, and all of the first sync.
 */
export const firstScreen: Scenario = {
  name: 'first-screen',
  target: { maxP99Ms: 1000, maxErrors: 0 },
  async run(baseUrl) {
    const token = await travellerToken(baseUrl);
    const bookings = (await (await fetch(`${baseUrl}/api/bookings/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as Booking[];
    const pending = bookings.find((b) => b.status === 'pending');
    if (!pending) throw new Error('the demo traveller has no pending booking');
    const browser = await launchChromium();
    const samples: number[] = [];
    const notes: string[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext({ baseURL: baseUrl });
        const page = await context.newPage();
        const pulls: Promise<number>[] = [];
        page.on('response', (response) => {
          if (response.url().endsWith('/api/sync/pull'))
            pulls.push(
              response.body().then(
                (b) => b.length,
                () => 0,
              ),
            );
        });
        await page.goto('/login?redirect=%2Fdashboard%2Fbookings');
        await page.getByRole('main').getByLabel('Email', { exact: true }).fill(TRAVELLER.email);
        await page.getByRole('main').getByLabel('Password', { exact: true }).fill(TRAVELLER.password);
        const start = performance.now();
        await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
        await page.getByText(pending.bookingId).first().waitFor({ timeout: 60_000 });
        samples.push(performance.now() - start);
        const shownAfter = pulls.length;
        await page.waitForLoadState('networkidle');
        const sizes = await Promise.all(pulls);
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
        const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
        if (i === 0) {
          notes.push(
            `first pull answer ${kb(sizes[0] ?? 0)}; ${shownAfter} answer(s), ${kb(sum(sizes.slice(0, shownAfter)))}, had arrived when the booking showed; the first sync in all: ${sizes.length} answers, ${kb(sum(sizes))}`,
          );
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const median = [...samples].sort((a, b) => a - b)[2] ?? 0;
    return { ...timings(samples, [...notes, `median of 5: ${median.toFixed(0)} ms (p99 column shows the median)`]), p99Ms: Math.round(median) };
  },
};
