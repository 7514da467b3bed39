import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { ADA, BookingPage } from './pages/booking-page';
import { datePlus } from './pages/dates';
import { freeSeats } from './pages/journey-api';
import { SearchPanel } from './pages/search-panel';
import { bookingDay, bookingFlight } from './pages/booking-days';

for (const width of [1280, 360] as const) {
  test(`three travellers chosen in the search get three forms and three seats (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerAccount(request, 'Kemi Bello');
    const key = `journey-three-travellers at ${width}` as const;
    const date = datePlus(bookingDay(key));
    const flight = await bookingFlight(request, key);
    const seats = await freeSeats(request, flight._id, 3);

    await page.goto('/login');
    await new AuthPage(page).login(account.email, account.password);
    await expect(page).toHaveURL('/');
    const search = new SearchPanel(page);
    await search.fill({ from: `${flight.origin.city}(LOS)`, to: `${flight.destination.city}(ACC)`, date, travelClass: 'Economy', travelers: '3 Travelers' });
    await search.button('Find Flight').click();
    const main = page.getByRole('main');
    await expect(main.getByRole('article').first()).toContainText('for 3 travelers');
    await main.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(`/booking?id=${flight._id}`);

    const booking = new BookingPage(page);
    await expect(booking.adult(3)).toBeVisible();
    await expect(booking.adult(4)).toHaveCount(0);
    await booking.fillTraveller(1, ADA);
    await booking.fillTraveller(2, { ...ADA, firstName: 'Tunde', passport: 'B11223344' });
    await booking.fillTraveller(3, { ...ADA, firstName: 'Zainab', passport: 'C55667788' });
    await booking.field('Mobile number').fill('+234 805 000 2222');
    await expect(booking.fareRow('Travellers')).toHaveText('x 3');
    await booking.button('Continue').click();
    await expect(booking.picker).toContainText('choose 3 seats, one per traveller');
    for (const seat of seats) await booking.seat(seat).click();
    await booking.proceed().click();
    await expect(page).toHaveURL('/payment');
    await expect(main.getByRole('complementary', { name: 'Your Booking' })).toContainText('Economy · 3 travellers');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(width);
  });
}

for (const width of [1280, 390] as const) {
  test(`a new search's traveller count wins over the draft of the same flight; typed names stay (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerAccount(request, 'Musa Okon');
    const key = `journey-three-travellers new search at ${width}` as const;
    const date = datePlus(bookingDay(key));
    const flight = await bookingFlight(request, key);
    const from = `${flight.origin.city}(LOS)`;
    const to = `${flight.destination.city}(ACC)`;

    await page.goto('/login');
    await new AuthPage(page).login(account.email, account.password);
    await expect(page).toHaveURL('/');
    const main = page.getByRole('main');
    const booking = new BookingPage(page);
    const search = new SearchPanel(page);
    // The home search keeps the last search: later searches change only the count.
    const bookFor = async (travelers: string, first = false) => {
      await page.goto('/');
      if (first) await search.fill({ from, to, date, travelClass: 'Economy', travelers });
      else await search.choose('Travelers', travelers);
      await search.button('Find Flight').click();
      const card = main.getByRole('article').filter({ hasText: flight.flightNumber }).first();
      await card.getByRole('button', { name: 'Book Now' }).click();
      await expect(page).toHaveURL(`/booking?id=${flight._id}`);
    };

    await bookFor('3 Travelers', true);
    await expect(booking.adult(3)).toBeVisible();
    await booking.adult(1).getByLabel('First name', { exact: true }).fill('Musa');
    await booking.adult(2).getByLabel('First name', { exact: true }).fill('Aisha');
    await expect(booking.fareRow('Travellers')).toHaveText('x 3');

    await bookFor('1 Traveler');
    await expect(booking.adult(1)).toBeVisible();
    await expect(booking.adult(2)).toHaveCount(0);
    await expect(booking.fareRow('Travellers')).toHaveText('x 1');
    await expect(booking.adult(1).getByLabel('First name', { exact: true })).toHaveValue('Musa');

    await bookFor('2 Travelers');
    await expect(booking.adult(2)).toBeVisible();
    await expect(booking.adult(3)).toHaveCount(0);
    await expect(booking.fareRow('Travellers')).toHaveText('x 2');
    await expect(booking.adult(1).getByLabel('First name', { exact: true })).toHaveValue('Musa');
    await expect(booking.adult(2).getByLabel('First name', { exact: true })).toHaveValue('');
  });
}
