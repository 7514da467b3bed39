import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, newTraveller, signedInContext, ADMIN_LOGIN } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';

// NOTE: pages render from the device once the first sync lands (the 60-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('an admin approves one payment and rejects another with a reason; the traveller sees both', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Tobi Payer');
  const approve = await bookFlight(request, traveller.token, 24, 'Approve');
  const reject = await bookFlight(request, traveller.token, 25, 'Reject');
  const staff = await signedInContext(browser, await login(request, ADMIN_LOGIN));
  const admin = new DashboardPage(await staff.newPage());

  await admin.page.goto('/dashboard/all-payments');
  await expect(admin.heading('All Payments')).toBeVisible();
  await admin.field('Search by transaction ID').fill(approve.payment.transactionId);
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

  await admin.field('Search by transaction ID').fill(reject.payment.transactionId);
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
