import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { login, newTraveller, signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { localClock } from './pages/dates';
import { bearer, bookThroughApi, createLosAccFlight, type ApiFlight } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

// #14 item 6: an admin moves a booked flight and gives it a gate; the traveller's booking page and card
// show the new times with the booked ones, offline too; once the airline cancels the flight, the booking
// offers its full refund.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

const HOUR = 3_600_000;
const LAGOS = 'Africa/Lagos';

async function adminPut(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<void> {
  const res = await request.put(url, { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A LOS-ACC flight of its own (no other spec books it), `days` ahead on the hour. */
async function ownFlight(request: APIRequestContext, admin: string, days: number): Promise<ApiFlight> {
  const departure = new Date(Date.now() + days * 24 * HOUR);
  departure.setUTCHours(9, 0, 0, 0);
  return createLosAccFlight(request, bearer(admin), departure);
}

for (const width of [1280, 360]) {
  test(`a changed and then cancelled flight on the traveller's booking at ${width} px`, async ({ browser, request }) => {
    const admin = await login(request, ADMIN);
    const flight = await ownFlight(request, admin, width === 1280 ? 12 : 13);
    const traveller = await newTraveller(request, 'Moved Flyer');
    const created = await bookThroughApi(request, traveller.token, flight, 'bank_transfer', traveller.email);
    await adminPut(request, admin, `/api/payments/${created.payment._id}`, { status: 'successful' });
    const later = (iso: string) => new Date(Date.parse(iso) + 90 * 60_000).toISOString();
    await adminPut(request, admin, `/api/flights/${flight._id}`, {
      departureTime: later(flight.departureTime),
      arrivalTime: later(flight.arrivalTime),
      gate: 'B12',
      status: 'delayed',
    });

    const own = await signedInContext(browser, traveller.token, { viewport: { width, height: 800 } });
    const me = new DashboardPage(await own.newPage());
    // My Bookings first: its code is then loaded, so the app moves between both pages offline.
    await me.page.goto('/dashboard/bookings');
    await me.tab('Upcoming Booking').click();
    const card = me.card(created.booking.bookingId);
    const was = `(was ${localClock(flight.departureTime, LAGOS)})`;
    await expect(card.getByRole('status', { name: `Flight ${flight.flightNumber} update` })).toContainText(was);
    // The card's one way to the details is Manage Booking (a dialog); the booking's own page is where mails lead.
    await me.page.goto(`/dashboard/bookings/${created.booking._id}`);
    const notice = me.main.getByRole('status', { name: `Flight ${flight.flightNumber} update` });
    await expect(notice).toContainText(`Flight ${flight.flightNumber} is delayed.`);
    await expect(notice).toContainText('Schedule changed: departs LOS');
    await expect(notice).toContainText(`${localClock(later(flight.departureTime), LAGOS)} (was ${localClock(flight.departureTime, LAGOS)})`);
    await expect(notice).toContainText('Gate B12.');
    expect(await me.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page: me.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await me.page.screenshot({ path: test.info().outputPath(`booking-changed-${width}.png`), fullPage: true });

    // Offline: the card and the page read the change from the device.
    await own.setOffline(true);
    await me.main.getByRole('link', { name: 'Back to My Bookings' }).click();
    await me.tab('Upcoming Booking').click();
    await expect(card.getByRole('status', { name: `Flight ${flight.flightNumber} update` })).toContainText(was);
    await me.page.screenshot({ path: test.info().outputPath(`card-changed-offline-${width}.png`), fullPage: true });
    await me.page.goBack();
    await expect(notice).toContainText(was);
    await own.setOffline(false);

    // The airline cancels the flight: the page hears of it and offers the whole amount back.
    await adminPut(request, admin, `/api/flights/${flight._id}`, { status: 'cancelled' });
    await expect(notice).toContainText(`Flight ${flight.flightNumber} is cancelled by the airline.`);
    await expect(notice).not.toContainText('Schedule changed');
    await expect(me.main.getByText(/Check-in opens/)).toHaveCount(0);
    await me.main.getByRole('button', { name: 'Cancel for a full refund' }).click();
    const dialog = me.page.getByRole('dialog', { name: 'Cancel booking?' });
    await expect(dialog).toContainText('Refund due: $150.00 (everything you paid: the airline cancelled the flight).');
    await me.page.screenshot({ path: test.info().outputPath(`refund-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    const status = me.main.getByRole('region', { name: /^Status/ });
    await expect(status).toContainText('Cancelled');
    await expect(status).toContainText('flight cancelled by the airline');
    await expect(status).toContainText('$150.00');
    await own.close();
  });
}
