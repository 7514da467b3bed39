import { expect as baseExpect, test } from '@playwright/test';
import { bearer, bookFlight, decide, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN, TRAVELLER } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

type OwnBooking = { _id: string; bookingId: string; status: string; flightId: { flightNumber: string } };
type OwnPayment = { transactionId: string; bookingId: { bookingId: string } };

test('the demo traveller signs in from the dashboard and sees a booking in every tab, its details and the payments', async ({ page, request }) => {
  const token = await login(request, TRAVELLER);
  const bookings = (await (await request.get('/api/bookings/user', { headers: bearer(token) })).json()) as OwnBooking[];
  const payments = (await (await request.get('/api/payments/user', { headers: bearer(token) })).json()) as OwnPayment[];
  const dash = new DashboardPage(page);

  await page.goto('/dashboard/bookings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fbookings$/);
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(TRAVELLER.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(TRAVELLER.password);
  await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/dashboard/bookings');
  await expect(dash.heading('My Bookings')).toBeVisible();

  const tabs: [string, string][] = [
    ['Pending Booking', 'pending'],
    ['Upcoming Booking', 'confirmed'],
    ['Canceled Booking', 'cancelled'],
    ['Completed Booking', 'completed'],
  ];
  for (const [tab, status] of tabs) {
    await dash.tab(tab).click();
    const seeded = bookings.filter((b) => b.status === status);
    expect(seeded.length).toBeGreaterThan(0);
    for (const booking of seeded) await expect(dash.card(booking.bookingId)).toBeVisible();
  }

  const confirmed = bookings.find((b) => b.status === 'confirmed');
  if (!confirmed) throw new Error('no confirmed demo booking');
  await dash.tab('Upcoming Booking').click();
  await dash.card(confirmed.bookingId).getByRole('button', { name: 'Manage Booking' }).click();
  const details = dash.dialog(`Booking ${confirmed.bookingId}`);
  await expect(details).toBeVisible();
  for (const text of [confirmed.flightId.flightNumber, 'Ada', 'Okafor', 'A12345678', '1990-04-12', 'Economy']) {
    await expect(details.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(details.getByText('completed', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await dash.menuLink('Payments').click();
  await expect(dash.heading('Payments')).toBeVisible();
  await expect(dash.main.getByRole('columnheader')).toHaveText(['Transaction ID', 'Booking ID', 'Amount', 'Currency', 'Method', 'Status', 'Date']);
  const one = payments[0];
  if (!one) throw new Error('no demo payment');
  await dash.field('Search by transaction ID').fill(one.transactionId.slice(2).toLowerCase());
  await expect(dash.rows()).toHaveCount(2);
  await expect(dash.row(one.transactionId)).toContainText(one.bookingId.bookingId);
  await dash.field('Search by transaction ID').fill('no such payment');
  await expect(dash.main.getByText('No payments available')).toBeVisible();
});

test('a traveller cancels an unpaid booking and a paid one, seeing the refund first', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Nneka Cancel');
  const unpaid = await bookFlight(request, traveller.token, 'dashboard-traveller unpaid', 'Unpaid');
  const paid = await bookFlight(request, traveller.token, 'dashboard-traveller paid', 'Paid');
  await decide(request, await login(request, ADMIN), paid.payment._id, 'successful');
  const context = await signedInContext(browser, traveller.token);
  const dash = new DashboardPage(await context.newPage());

  await dash.page.goto('/dashboard/bookings');
  const pending = dash.card(unpaid.booking.bookingId);
  await pending.getByRole('button', { name: 'Cancel booking' }).click();
  const ask = dash.dialog('Cancel booking?');
  await expect(ask).toContainText('No payment was received, so nothing is refunded.');
  await ask.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dash.main.getByText('No pending bookings available')).toBeVisible();

  await dash.tab('Upcoming Booking').click();
  await dash.card(paid.booking.bookingId).getByRole('button', { name: 'Cancel booking' }).click();
  const refund = `$${(Math.round(paid.payment.amount * 90) / 100).toFixed(2)}`;
  await expect(ask.getByText(refund)).toBeVisible();
  await expect(ask).toContainText('less the 10% cancellation penalty');
  await ask.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dash.main.getByText('No confirmed bookings available')).toBeVisible();

  await dash.tab('Canceled Booking').click();
  await expect(dash.card(unpaid.booking.bookingId)).toBeVisible();
  await dash.card(paid.booking.bookingId).getByRole('button', { name: 'Manage Booking' }).click();
  await expect(dash.dialog(`Booking ${paid.booking.bookingId}`).getByText('cancelled by the traveller')).toBeVisible();
  await expect(dash.dialog(`Booking ${paid.booking.bookingId}`).getByText(refund)).toBeVisible();
  await context.close();
});

test('a traveller opening a staff page is sent to their bookings with the reason', async ({ browser, request }) => {
  const context = await signedInContext(browser, await login(request, TRAVELLER));
  const dash = new DashboardPage(await context.newPage());
  await dash.page.goto('/dashboard/all-payments');
  await expect(dash.page).toHaveURL('/dashboard/bookings');
  await expect(dash.toast('That page is for SkyWay staff only')).toBeVisible();
  await expect(dash.menuLink('All Payments')).toHaveCount(0);
  await context.close();
});

test('a traveller changes the e-mail with the current password, stays signed in here and is signed out elsewhere', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Casey Mensah');
  const context = await signedInContext(browser, traveller.token);
  const page = await context.newPage();
  await page.goto('/dashboard/profile');
  const personal = page.getByRole('form', { name: 'Personal information' });
  await expect(personal.getByLabel('Email', { exact: true })).toHaveValue(traveller.email);
  await expect(personal.getByLabel('Email', { exact: true })).not.toBeEditable();

  const form = page.getByRole('form', { name: 'Update email' });
  const newEmail = `moved-${traveller.email}`;
  await form.getByLabel('New email', { exact: true }).fill(newEmail);
  await form.getByRole('button', { name: 'Update email' }).click();
  await expect(form.getByText('Current password is required')).toBeVisible();
  await form.getByLabel('Current password', { exact: true }).fill('Not-the-password-1');
  await form.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
  await form.getByLabel('Current password', { exact: true }).fill(traveller.password);
  await form.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
  await expect(personal.getByLabel('Email', { exact: true })).toHaveValue(newEmail);

  // This device keeps a fresh token; the one issued before the change no longer works anywhere.
  const fresh = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
  expect(fresh).not.toBe(traveller.token);
  expect((await request.get('/api/users', { headers: bearer(fresh) })).status()).toBe(200);
  expect((await request.get('/api/users', { headers: bearer(traveller.token) })).status()).toBe(401);
  expect(await login(request, { email: newEmail.toUpperCase(), password: traveller.password })).toBeTruthy();
  await context.close();
});
