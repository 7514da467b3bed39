import { expect, test, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { readDevice } from './pages/device';
import { apiLogin, approvePayment, bookThroughApi } from './pages/journey-api';
import { lastErrorToast } from './pages/toasts';
import { bookingFlight } from './pages/booking-days';

async function track(page: Page, reference: string, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Track a booking' });
  await form.getByLabel('Booking Reference', { exact: true }).fill(reference);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Search Booking' }).click();
}

/** Bookings on the device (Dexie). */
async function deviceBookings(page: Page): Promise<number> {
  const read = await readDevice(page, 'skyway', [{ store: 'bookings', count: true }]);
  return (read?.[0] as number | undefined) ?? 0;
}

test('tracking needs the reference and the right e-mail, and shows a confirmed booking with its icon', async ({ page, request }) => {
  const account = await registerAccount(request, 'Chioma Okafor');
  const token = await apiLogin(request, account.email, account.password);
  const flight = await bookingFlight(request, 'journey-tracking');
  const created = await bookThroughApi(request, token, flight, 'bank_transfer', account.email);
  const reference = created.booking.bookingId;

  await page.goto('/tracking');
  const form = page.getByRole('form', { name: 'Track a booking' });
  await form.getByRole('button', { name: 'Search Booking' }).click();
  await expect(lastErrorToast(page)).toHaveText('Please enter both Booking Reference and Email.');

  await page.route('**/api/bookings/track', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await track(page, reference.toLowerCase(), account.email.toUpperCase());
  await expect(form.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  const result = page.getByRole('article', { name: `Booking ${reference}` });
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('Status: Pending');
  await expect(result).toContainText(flight.flightNumber);
  await expect(result).toContainText(`${flight.origin.city} (LOS)`);
  await expect(result).toContainText('Ms Chioma Okafor');
  await expect(result).toContainText('Payment status pending');
  await expect(result).toContainText(/[A-F][1-4] · Economy · Departing/);

  await track(page, reference, 'someone.else@skyway.test');
  await expect(lastErrorToast(page)).toHaveText('Booking not found!');

  await approvePayment(request, created.payment._id);
  await track(page, reference, account.email);
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(/Status: Confirmed$/);
  await expect(result.getByRole('img', { name: 'Success' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(result.getByRole('listitem', { name: `Departing flight ${flight.flightNumber}` })).toContainText('Economy');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(result).toContainText('Payment status completed');

  // A visitor reaches the booking's own page through sign-in.
  await result.getByRole('link', { name: 'Sign in to manage this booking' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL(`/dashboard/bookings/${created.booking._id}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
});

test("a signed-in traveller's own booking is tracked from the device when offline", async ({ page, context, request }) => {
  const account = await registerAccount(request, 'Emeka Nwosu');
  const token = await apiLogin(request, account.email, account.password);
  const created = await bookThroughApi(request, token, await bookingFlight(request, 'journey-tracking offline'), 'bank_transfer', account.email);

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto('/tracking');
  await expect.poll(() => deviceBookings(page), { timeout: 15_000 }).toBe(1);

  await context.setOffline(true);
  await track(page, created.booking.bookingId, account.email);
  const result = page.getByRole('article', { name: `Booking ${created.booking.bookingId}` });
  await expect(result).toContainText('You are offline: this is the copy saved on this device.');
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('Status: Pending');
  await track(page, created.booking.bookingId, 'wrong@skyway.test');
  await expect(lastErrorToast(page)).toContainText('Could not reach SkyWay');
  await context.setOffline(false);

  // Its owner goes on to the booking's own page.
  await track(page, created.booking.bookingId, account.email);
  await result.getByRole('link', { name: 'Manage this booking' }).click();
  await expect(page.getByRole('main').getByRole('region', { name: /^Status/ })).toContainText('Pending payment');
});
