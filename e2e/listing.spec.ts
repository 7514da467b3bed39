import { expect, test } from '@playwright/test';
import { datePlus, listingDate, localClock } from './pages/dates';
import { ListingPage } from './pages/listing-page';
import { SearchPanel } from './pages/search-panel';

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

type ApiFlight = {
  _id: string;
  flightNumber: string;
  departureTime: string;
  arrivalTime: string;
  availableSeats: number;
  price: number;
  origin: { code: string; timeZone: string };
  destination: { code: string; timeZone: string };
};

test('a listing URL shows the flights in local airport time and keeps them on reload', async ({ page, request }) => {
  const date = datePlus(7);
  const [flight] = (await (await request.get(`/api/flights?origin=LOS&destination=LHR&departureTime=${date}`)).json()) as ApiFlight[];
  if (!flight) throw new Error('the demo data has no LOS-LHR flight on that day');

  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/flights') || path === '/api/settings') asked.push(request.url());
  });
  await page.goto(`/listing?from=LOS&to=LHR&date=${date}&type=one&class=Business&travelers=3`);
  const listing = new ListingPage(page);
  const check = async () => {
    await expect(listing.heading('1 Flight Available')).toBeVisible();
    await expect(listing.main.getByText(listingDate(date), { exact: true })).toBeVisible();
    const card = listing.card();
    await expect(card).toContainText(localClock(flight.departureTime, flight.origin.timeZone));
    await expect(card).toContainText(localClock(flight.arrivalTime, flight.destination.timeZone));
    await expect(card).not.toContainText('Terminal');
    await expect(card).toContainText('Business');
    await expect(card).toContainText(`Only ${flight.availableSeats} Seats Left`);
    await expect(card).toContainText('Refundable(Penalty applied)');
    // Business is 2.5 times the flight's (Economy) price, for each of the three travellers.
    const business = Math.round(flight.price * 250);
    await expect(card).toContainText(`${money(business)} per traveller`);
    await expect(card).toContainText(`Total ${money(business * 3)} for 3 travelers`);
    await expect(card).toContainText(/\d+hr \d+min/);
  };
  await check();
  expect(asked, 'the first load shows the flights and class fares the page came with').toEqual([]);
  await page.reload();
  await check();

  const search = new SearchPanel(page);
  await expect(search.combobox('From')).toHaveValue('Lagos(LOS)');
  await expect(search.date('Departure date')).toHaveValue(date);
});

test('Update searches again with the changed date', async ({ page }) => {
  const first = datePlus(8);
  const second = datePlus(9);
  await page.goto(`/listing?from=LOS&to=LHR&date=${first}&type=one&class=Economy&travelers=1`);
  const listing = new ListingPage(page);
  await expect(listing.main.getByText(listingDate(first), { exact: true })).toBeVisible();

  const search = new SearchPanel(page);
  await search.date('Departure date').fill(second);
  await search.button('Update').click();
  await expect(page).toHaveURL(new RegExp(`date=${second}`));
  await expect(listing.main.getByText(listingDate(second), { exact: true })).toBeVisible();
  await expect(listing.heading('1 Flight Available')).toBeVisible();
});

test('a route without flights says so', async ({ page }) => {
  await page.goto(`/listing?from=LOS&to=SYD&date=${datePlus(5)}&type=one&class=Economy&travelers=1`);
  const listing = new ListingPage(page);
  await expect(listing.heading('0 Flight Available')).toBeVisible();
  await expect(listing.main.getByText('No flight available')).toBeVisible();
});

test('Flight Details expands the card with the flight number and local dates', async ({ page }) => {
  await page.goto(`/listing?from=LOS&to=LHR&date=${datePlus(5)}&type=one&class=Economy&travelers=1`);
  const card = new ListingPage(page).card();
  const toggle = card.getByRole('button', { name: 'Flight Details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText(/^SW\d+$/).first()).toBeVisible();
  await expect(card).toContainText('Africa/Lagos (GMT+1)');
  await expect(card).toContainText('24 seats in 6 rows of 4');
});

test('Book Now on a one-way flight stores the flight and opens the booking', async ({ page }) => {
  await page.goto(`/listing?from=LOS&to=LHR&date=${datePlus(5)}&type=one&class=Economy&travelers=2`);
  const listing = new ListingPage(page);
  await listing.card().getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking\?id=[\w-]+$/);
  const id = new URL(page.url()).searchParams.get('id');
  expect(await listing.storedSearch()).toMatchObject({ type: 'One Way', travelers: 2, flightId: id });
});

test('a round trip picks the outbound flight, then the return flight', async ({ page }) => {
  const date = datePlus(10);
  const returnDate = datePlus(14);
  await page.goto('/');
  const search = new SearchPanel(page);
  await search.fill({ from: 'Lagos(LOS)', to: 'London(LHR)', date, returnDate, travelClass: 'Premium Economy' });
  await search.button('Find Flight').click();
  await expect(page).toHaveURL(`/listing?from=LOS&to=LHR&date=${date}&type=round&return=${returnDate}&class=Premium+Economy&travelers=1`);

  const listing = new ListingPage(page);
  await expect(listing.heading('1 Flight Available')).toBeVisible();
  await listing.card().getByRole('button', { name: 'Book Now' }).click();

  const returnHeading = listing.heading('Choose your return flight');
  await expect(returnHeading).toBeFocused();
  await expect(page).toHaveURL(/&outbound=[\w-]+$/);
  const outboundId = new URL(page.url()).searchParams.get('outbound');
  await expect(listing.heading('1 Flight Available', 2)).toBeVisible();
  await expect(listing.main.getByText(listingDate(returnDate), { exact: true })).toBeVisible();
  const returnCard = listing.card();
  await expect(returnCard.getByText('LHR', { exact: false }).first()).toBeVisible();

  // The choice survives a reload.
  await page.reload();
  await expect(returnHeading).toBeVisible();

  await listing.card().getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking\\?id=${outboundId}&return=[\\w-]+$`));
  const returnId = new URL(page.url()).searchParams.get('return');
  expect(returnId).not.toBe(outboundId);
  expect(await listing.storedSearch()).toMatchObject({
    type: 'Round Trip',
    class: 'Premium Economy',
    date,
    returnDate,
    flightId: outboundId,
    returnFlightId: returnId,
  });
});

test('on a phone a complete search folds behind Edit search, so the flights come first', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/listing?from=LOS&to=LHR&date=${datePlus(6)}&type=one&class=Economy&travelers=1`);
  const listing = new ListingPage(page);
  await expect(listing.heading(/^\d+ Flight Available$/)).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Edit search' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Update' })).toBeHidden();
  await expect(listing.card()).toBeInViewport();

  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide search' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('combobox', { name: 'Travelers', exact: true }).click();
  await page.getByRole('option', { name: '2 Travelers' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/travelers=2/);
  await expect(page.getByRole('button', { name: 'Update' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
