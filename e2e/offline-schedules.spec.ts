import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './own-server';
import { datePlus } from './pages/dates';
import { controlledByWorker, demoTravellerWithFlights } from './pages/device';
import { seriousFindings } from './pages/axe';
import { ListingPage } from './pages/listing-page';

type ApiFlight = { _id: string; flightNumber: string };

/** No serious axe finding and no sideways scroll at a laptop's and a phone's width. */
async function checkWidths(page: Page): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    expect.soft(await seriousFindings(page), `axe at ${width} px`).toEqual([]);
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
  }
}

const listingUrl = (date: string) => `/listing?from=LOS&to=LHR&date=${date}&type=one&class=Economy&travelers=1`;

test('with the server stopped, a listing search answers from the synced flights and booking waits for the connection', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await ownServer();
  try {
    const date = datePlus(3);
    const answer = await fetch(`${server.url}/api/flights?origin=LOS&destination=LHR&departureTime=${date}`);
    const flights = (await answer.json()) as ApiFlight[];
    if (!flights.length) throw new Error('the demo data has no LOS-LHR flight on that day');

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await demoTravellerWithFlights(page);
    await controlledByWorker(page);

    await server.stop();
    await page.goto(listingUrl(date));
    const listing = new ListingPage(page);
    await expect(listing.heading(`${flights.length} Flight Available`)).toBeVisible();
    await expect(listing.main.getByRole('status').filter({ hasText: /^Offline: fares and seats as of \d{2}:\d{2}$/ })).toBeVisible();
    await expect(listing.cards).toHaveCount(flights.length);
    for (const [i, flight] of flights.entries()) await expect(listing.card(i)).toContainText(flight.flightNumber);
    await expect(listing.main.getByText('Lagos (LOS) → London (LHR)')).toBeVisible();
    await checkWidths(page);

    await page.goto(listingUrl(datePlus(30)));
    await expect(listing.heading('0 Flight Available')).toBeVisible();
    await expect(listing.main.getByText(/None of the flights kept on this device match this search/)).toBeVisible();

    await page.goto(listingUrl(date));
    await listing.card().getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(`/booking?id=${flights[0]?._id ?? ''}`);
    await expect(
      page.getByRole('status').filter({ hasText: "You're offline. Booking needs a connection; we'll continue when you're back online." }),
    ).toBeVisible();
    await expect(page.getByText(/Failed to fetch|Could not reach SkyWay/)).toHaveCount(0);
    await checkWidths(page);

    await server.start();
    await expect(page.getByRole('heading', { name: 'Important Information' })).toBeVisible({ timeout: 30_000 });
    await context.close();
  } finally {
    await server.dispose();
  }
});

// NOTE: on a server of its own, as the test above: the shared server's demo traveller is every spec's.
test('a server slower than the wait is answered from the device, and an answering one stays the source', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await ownServer();
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await demoTravellerWithFlights(page);
    const listing = new ListingPage(page);
    const offlineNote = listing.main.getByText(/^Offline: fares and seats as of/);

    await page.goto(listingUrl(datePlus(4)));
    await expect(listing.heading(/\d+ Flight Available/)).toBeVisible();
    await expect(offlineNote).toHaveCount(0);

    const strip = page.getByRole('navigation', { name: 'Nearby dates' });
    await expect(strip.locator('[aria-current="date"]')).toContainText('from');

    // The server answers the next search only after 6 s, past the listing's 3.5 s wait.
    await page.route('**/api/flights?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue().catch(() => undefined);
    });
    await strip.getByRole('button').nth(4).click();
    await expect(page).toHaveURL(new RegExp(`date=${datePlus(5)}`));
    await expect(offlineNote).toBeVisible({ timeout: 5_000 });
    await expect(listing.heading(/[1-9]\d* Flight Available/)).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
