import { expect, test } from '@playwright/test';
import { ownServer } from './own-server';
import { datePlus } from './pages/dates';
import { controlledByWorker, demoTravellerWithFlights } from './pages/device';
import { seriousFindings } from './pages/axe';
import { ListingPage } from './pages/listing-page';
import { keepScreenshot } from './pages/screenshot';

const listingUrl = (date: string, travelers: number) => `/listing?from=LOS&to=LHR&date=${date}&type=one&class=Economy&travelers=${travelers}`;

// Issue #48, item 1: an answer that did not just come from the server always says so.
test('a listing opened online, then in a fresh tab with the server stopped and the browser offline, says its fares are from the last sync (390 and 1280 px)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await ownServer();
  try {
    const date = datePlus(4);
    const flights = (await (await fetch(`${server.url}/api/flights?origin=LOS&destination=LHR&departureTime=${date}`)).json()) as unknown[];
    if (!flights.length) throw new Error('the demo data has no LOS-LHR flight on that day');

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await demoTravellerWithFlights(page);
    await controlledByWorker(page);
    // The online visit: the server's answer, which says nothing about a sync.
    await page.goto(listingUrl(date, 1));
    const online = new ListingPage(page);
    await expect(online.heading(`${flights.length} Flight Available`)).toBeVisible();
    await expect(online.main.getByText(/^Offline: fares and seats as of/)).toHaveCount(0);

    await server.stop();
    await context.setOffline(true);
    for (const width of [390, 1280]) {
      const tab = await context.newPage();
      await tab.setViewportSize({ width, height: 844 });
      await tab.goto(listingUrl(date, 2));
      const listing = new ListingPage(tab);
      await expect(listing.heading(`${flights.length} Flight Available`)).toBeVisible();
      await expect(listing.main.getByRole('status').filter({ hasText: /^Offline: fares and seats as of \d{2}:\d{2}$/ })).toBeVisible();
      expect(await seriousFindings(tab)).toEqual([]);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(tab, `listing-offline-${width}`);
      await tab.close();
    }
    await context.close();
  } finally {
    await server.dispose();
  }
});
