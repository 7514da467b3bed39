import { expect as baseExpect, test } from '@playwright/test';
import { registerAccount } from './pages/auth-page';
import { signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { apiLogin, bearer, bookThroughApi, createLosAccFlight } from './pages/journey-api';
import { seriousFindings } from './pages/axe';
import { keepScreenshot } from './pages/screenshot';
import { ADMIN } from './pages/credentials';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const HOUR = 3_600_000;

// Issue #48, item 4: one action per intent; the boarding pass one tap from the home screen and on the card.
for (const width of [1280, 390]) {
  test(`a checked-in trip leaving within 24 h: Boarding pass on the home screen and on its card, one way to the details, cancelling explained (${width} px)`, async ({
    browser,
    request,
  }) => {
    const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
    const departure = new Date(Date.now() + (width === 390 ? 19 : 20) * HOUR);
    departure.setUTCMinutes(width === 390 ? 15 : 45, 0, 0);
    const flight = await createLosAccFlight(request, admin, departure);
    const account = await registerAccount(request, 'Zara Gate');
    const token = await apiLogin(request, account.email, account.password);
    const booked = await bookThroughApi(request, token, flight, 'bank_transfer', account.email, 'B3');
    expect((await request.put(`/api/payments/${booked.payment._id}`, { headers: admin, data: { status: 'successful' } })).status()).toBe(200);
    expect((await request.put(`/api/bookings/${booked.booking._id}/check-in`, { headers: bearer(token) })).status()).toBe(200);

    const context = await signedInContext(browser, token, { viewport: { width, height: 844 } });
    const me = new DashboardPage(await context.newPage());

    // The home screen (the installed app opens on it): the pass is one tap away, first on the screen.
    await me.page.goto('/');
    const soon = me.page.getByRole('region', { name: /^Your flight to Accra leaves/ });
    await expect(soon).toBeVisible({ timeout: 30_000 });
    await expect(soon).toContainText(booked.booking.bookingId);
    const passLink = soon.getByRole('link', { name: 'Boarding pass', exact: true });
    await expect(passLink).toBeInViewport();
    expect(await seriousFindings(me.page)).toEqual([]);
    await keepScreenshot(me.page, `home-boarding-pass-${width}`);
    await passLink.click();
    await expect(me.page).toHaveURL(`/dashboard/bookings/${booked.booking._id}/boarding-pass`);
    await expect(me.page.getByRole('img', { name: 'Boarding pass QR code for Chioma Okafor' })).toBeVisible();

    // My Bookings: the card of the checked-in trip.
    await me.page.goto('/dashboard/bookings?tab=confirmed');
    const card = me.card(booked.booking.bookingId);
    await expect(card.getByRole('link', { name: 'Boarding pass', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Manage Booking' })).toHaveCount(1);
    await expect(card.getByRole('link', { name: 'Booking page' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await expect(card).toContainText('You are checked in: cancelling now cancels your boarding pass and gives up your seat.');
    expect(await seriousFindings(me.page)).toEqual([]);
    expect(await me.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(me.page, `booking-card-checked-in-${width}`);
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const ask = me.dialog('Cancel booking?');
    await expect(ask).toContainText('You are checked in: your boarding pass will no longer be valid.');
    await ask.getByRole('button', { name: 'Keep booking' }).click();
    await card.getByRole('link', { name: 'Boarding pass', exact: true }).click();
    await expect(me.page).toHaveURL(`/dashboard/bookings/${booked.booking._id}/boarding-pass`);
    await context.close();
  });
}
