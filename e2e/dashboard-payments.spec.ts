import { expect as baseExpect, test } from '@playwright/test';
import { bearer, bookFlight, confirmedTraveller, decide, login, makeAdmin, newTraveller, signedInContext } from './pages/dashboard-api';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('an admin approves one payment and rejects another with a reason; the traveller sees both', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Tobi Payer');
  const approve = await bookFlight(request, traveller.token, 'dashboard-payments approve', 'Approve');
  const reject = await bookFlight(request, traveller.token, 'dashboard-payments reject', 'Reject');
  const staff = await signedInContext(browser, await login(request, ADMIN));
  const admin = new DashboardPage(await staff.newPage());

  await admin.page.goto('/dashboard/all-payments');
  await expect(admin.heading('All Payments')).toBeVisible();
  await admin.field(PAYMENT_SEARCH).fill(approve.payment.transactionId);
  const first = admin.row(approve.payment.transactionId);
  await expect(first).toContainText('Tobi Payer');
  await admin.choose(first.getByRole('combobox', { name: `Set status of ${approve.payment.transactionId}` }), 'Confirmed');
  await admin.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' }).click();
  await expect(admin.toast('Payment status updated')).toBeVisible();
  await expect(first.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(first.getByRole('combobox')).toHaveCount(0);

  await first.getByRole('button', { name: `View payment ${approve.payment.transactionId}` }).click();
  const view = admin.dialog(`Payment ${approve.payment.transactionId}`);
  await expect(view.getByText(approve.booking.bookingId).first()).toBeVisible();
  await expect(view.getByText('Approve', { exact: true })).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();

  await admin.field(PAYMENT_SEARCH).fill(reject.payment.transactionId);
  const second = admin.row(reject.payment.transactionId);
  await admin.choose(second.getByRole('combobox', { name: `Set status of ${reject.payment.transactionId}` }), 'Failed');
  const why = admin.dialog('Mark payment Failed');
  await why.getByRole('button', { name: 'Mark Failed' }).click();
  await expect(why.getByText('A reason is required when a payment fails')).toBeVisible();
  await why.getByLabel('Reason').fill('The receipt shows another amount');
  await why.getByRole('button', { name: 'Mark Failed' }).click();
  await expect(second.getByText('failed', { exact: true })).toBeVisible();
  await expect(second).toContainText('The receipt shows another amount');

  const own = await signedInContext(browser, traveller.token);
  const me = new DashboardPage(await own.newPage());
  await me.page.goto('/dashboard/payments');
  await expect(me.row(approve.payment.transactionId)).toContainText('completed');
  await expect(me.row(reject.payment.transactionId)).toContainText('failed');
  await expect(me.row(reject.payment.transactionId)).toContainText('The receipt shows another amount');
  await me.menuLink('My Bookings').click();
  await me.tab('Upcoming Booking').click();
  await expect(me.card(approve.booking.bookingId)).toBeVisible();
  await me.tab('Pending Booking').click();
  await expect(me.card(reject.booking.bookingId)).toBeVisible();
  await staff.close();
  await own.close();
});

test("on a phone an admin marks a refund paid with its method; another admin's list shows it at once and the overview counts it", async ({
  browser,
  request,
}) => {
  const traveller = await confirmedTraveller(request, 'Ada Refunded');
  const { booking, payment } = await bookFlight(request, traveller.token, 'dashboard-payments refunded', 'Refunded');
  const adminToken = await login(request, ADMIN);
  await decide(request, adminToken, payment._id, 'successful');
  const cancelled = await request.put(`/api/bookings/${booking._id}/cancel`, { headers: bearer(traveller.token) });
  expect(cancelled.status()).toBe(200);
  const refundDue = ((await cancelled.json()) as { refundDue: number }).refundDue;
  const colleague = await newTraveller(request, 'Refund Colleague');
  await makeAdmin(request, colleague.id);

  const deskContext = await signedInContext(browser, await login(request, colleague));
  const desk = new DashboardPage(await deskContext.newPage());
  await desk.page.goto('/dashboard/all-bookings');
  await desk.field('Search by flight number or passenger').fill(booking.bookingId);
  await expect(desk.main.getByRole('button', { name: `Mark refund paid for booking ${booking.bookingId}` })).toBeVisible();

  const phoneContext = await signedInContext(browser, adminToken, { viewport: { width: 390, height: 844 } });
  const phone = new DashboardPage(await phoneContext.newPage());
  await phone.page.goto('/dashboard/all-bookings');
  await phone.field('Search by flight number or passenger').fill(booking.bookingId);
  await phone.main.getByRole('button', { name: `Mark refund paid for booking ${booking.bookingId}` }).click();
  const ask = phone.dialog('Mark refund paid?');
  await expect(ask).toContainText(`$${refundDue.toFixed(2)}`);
  await ask.getByRole('button', { name: 'Refund paid' }).click();
  await expect(ask.getByText('Choose how the refund was sent')).toBeVisible();
  await ask.getByRole('radio', { name: 'Cash App' }).check();
  await ask.getByLabel('Note or reference (optional)').fill('CA-20931');
  const box = await ask.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await ask.getByRole('button', { name: 'Refund paid' }).click();
  await expect(phone.toast(`Refund for booking ${booking.bookingId} marked paid`)).toBeVisible();
  await expect(ask).toHaveCount(0);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await expect(desk.main.getByText('Refund paid', { exact: true })).toBeVisible();
  await expect(desk.main.getByRole('button', { name: `Mark refund paid for booking ${booking.bookingId}` })).toHaveCount(0);

  await phone.page.goto('/dashboard/overview');
  const refundsToday = phone.main.locator('.figure').filter({ hasText: 'Refunds today' }).locator('dd');
  await expect.poll(async () => Number((await refundsToday.textContent())?.replace(/[^0-9.]/g, ''))).toBeGreaterThanOrEqual(refundDue);
  await expect(phone.main.getByRole('img', { name: 'Refunds per day, last 30 days' })).toBeVisible();
  await deskContext.close();
  await phoneContext.close();
});
