import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { datePlus } from './pages/dates';
import { apiLogin, bearer } from './pages/journey-api';
import { ListingPage } from './pages/listing-page';
import { ADMIN } from './pages/credentials';

// Accra keeps UTC all year, so these UTC times are the local departure times at the origin. The dates are
// past the demo schedule, so the route has only these flights.
const DAY = datePlus(80);
const TWO_BEFORE = datePlus(78);
const FLIGHTS = [
  { date: DAY, time: '02:10', minutes: 400, price: 450 },
  { date: DAY, time: '06:30', minutes: 420, price: 500 },
  { date: DAY, time: '13:00', minutes: 360, price: 350 },
  { date: DAY, time: '19:45', minutes: 480, price: 610 },
  { date: TWO_BEFORE, time: '10:00', minutes: 400, price: 300 },
];
const LISTING = `/listing?from=ACC&to=NBO&date=${DAY}&type=one&class=Business&travelers=2`;

async function createFlights(request: APIRequestContext): Promise<void> {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  const existing = (await (await request.get(`/api/flights?origin=ACC&destination=NBO&departureTime=${DAY}`)).json()) as unknown[];
  if (existing.length > 0) return;
  for (const flight of FLIGHTS) {
    const departure = new Date(`${flight.date}T${flight.time}:00Z`);
    const data = {
      origin: 'ACC',
      destination: 'NBO',
      departureTime: departure.toISOString(),
      arrivalTime: new Date(departure.getTime() + flight.minutes * 60_000).toISOString(),
      price: flight.price,
    };
    expect((await request.post('/api/flights', { data, headers: bearer(token) })).status()).toBe(201);
  }
}

const departures = (listing: ListingPage) => listing.cards.locator('.flight-route .flight-end:first-child time').allTextContents();

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** No serious or critical WCAG 2.1 AA finding on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ') ?? ''}`)).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  await createFlights(request);
});

test('the listing sorts by departure, price and duration and filters by time of day and price', async ({ page }) => {
  await page.goto(LISTING);
  const listing = new ListingPage(page);
  await expect(listing.heading('4 Flight Available')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'flights' })).toHaveText('4 flights');
  expect(await departures(listing)).toEqual(['02:10', '06:30', '13:00', '19:45']);

  const sort = listing.main.getByLabel('Sort by');
  await sort.selectOption({ label: 'Lowest price' });
  expect(await departures(listing)).toEqual(['13:00', '02:10', '06:30', '19:45']);
  // Business is 2.5 times the Economy price: 350 -> 875.
  await expect(listing.card()).toContainText('$875.00 per traveller');
  await sort.selectOption({ label: 'Shortest duration' });
  expect(await departures(listing)).toEqual(['13:00', '02:10', '06:30', '19:45']);
  await sort.selectOption({ label: 'Earliest departure' });

  const times = listing.main.getByRole('group', { name: 'Departure time' });
  await times.getByRole('checkbox', { name: /Morning/ }).check();
  await expect(listing.heading('1 Flight Available')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'flights' })).toHaveText('1 of 4 flights match the filters');
  await times.getByRole('checkbox', { name: /Evening/ }).check();
  expect(await departures(listing)).toEqual(['06:30', '19:45']);
  await listing.main.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(listing.heading('4 Flight Available')).toBeVisible();

  const price = listing.main.getByRole('slider', { name: 'Max price per traveller' });
  await price.fill('1125');
  await expect(listing.main.getByText('Up to $1,125.00')).toBeVisible();
  expect(await departures(listing)).toEqual(['02:10', '13:00']);
  await price.fill('875');
  expect(await departures(listing)).toEqual(['13:00']);
  await times.getByRole('checkbox', { name: /Morning/ }).check();
  await expect(listing.heading('0 Flight Available')).toBeVisible();
  await expect(listing.main.getByText('No flight matches the filters.')).toBeVisible();
  await expectAccessible(page);
  await listing.main.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(listing.heading('4 Flight Available')).toBeVisible();
});

test('the date strip shows the lowest fare of three days either side and changes the date', async ({ page }) => {
  await page.goto(LISTING);
  const listing = new ListingPage(page);
  const strip = page.getByRole('navigation', { name: 'Nearby dates' });
  const days = strip.getByRole('button');
  await expect(days).toHaveCount(7);
  await expect(strip.locator('[aria-current="date"]')).toContainText('from $875.00');
  // The day after has no flight on this route.
  const after = days.nth(4);
  await expect(after).toBeDisabled();
  await expect(after).toContainText('No flights');
  const earlier = days.nth(1);
  await expect(earlier).toHaveAccessibleName(/from \$750\.00 per traveller/);
  await earlier.click();
  await expect(page).toHaveURL(new RegExp(`date=${TWO_BEFORE}`));
  await expect(listing.heading('1 Flight Available')).toBeVisible();
  await expect(strip.locator('[aria-current="date"]')).toContainText('from $750.00');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('sort and filter fold behind one button, the strip scrolls on its own, the page never sideways', async ({ page }) => {
    await page.goto(LISTING);
    const listing = new ListingPage(page);
    await expect(listing.heading('4 Flight Available')).toBeVisible();
    const toggle = listing.main.getByRole('button', { name: 'Sort and filter' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(listing.main.getByLabel('Sort by')).toBeHidden();
    await noSidewaysScroll(page, 360);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await listing.main.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
    expect(await departures(listing)).toEqual(['13:00', '02:10', '06:30', '19:45']);
    await listing.main.getByRole('group', { name: 'Departure time' }).getByRole('checkbox', { name: /Night/ }).check();
    await expect(listing.heading('1 Flight Available')).toBeVisible();
    await expect(listing.main.getByRole('button', { name: 'Sort and filter (on)' })).toBeVisible();
    await noSidewaysScroll(page, 360);
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Nearby dates' }).getByRole('button').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`date=${TWO_BEFORE}`));
    await noSidewaysScroll(page, 360);
  });
});
