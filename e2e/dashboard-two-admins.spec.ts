import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, makeAdmin, newTraveller, sendReceipt, signedInContext } from './pages/dashboard-api';
import { receiptPng } from './pages/journey-api';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('two admins decide the same payment while one is offline: one decision wins, the other is refused with the reason', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Femi Contested');
  const created = await bookFlight(request, traveller.token, 'dashboard-two-admins', 'Contested');
  const { payment } = created;
  await sendReceipt(request, traveller.token, created, receiptPng());
  const second = await newTraveller(request, 'Second Admin');
  await makeAdmin(request, second.id);

  const firstContext = await signedInContext(browser, await login(request, ADMIN));
  const secondContext = await signedInContext(browser, await login(request, second));
  const one = new DashboardPage(await firstContext.newPage());
  const two = new DashboardPage(await secondContext.newPage());
  await one.page.goto('/dashboard/all-payments');
  await one.field(PAYMENT_SEARCH).fill(payment.transactionId);
  // The second admin works through the queue awaiting review, found by the booking reference (in the address).
  await two.page.goto(`/dashboard/all-payments?status=awaiting&q=${created.booking.bookingId}`);
  for (const admin of [one, two]) await expect(admin.row(payment.transactionId).getByRole('combobox')).toBeVisible();

  // The second admin decides on a train with no signal.
  await secondContext.setOffline(true);
  await expect(two.main.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  const row = two.row(payment.transactionId);
  await two.choose(row.getByRole('combobox', { name: `Set status of ${payment.transactionId}` }), 'Failed');
  await two.dialog('Mark payment Failed').getByLabel('Reason').fill('No money arrived');
  await two.dialog('Mark payment Failed').getByRole('button', { name: 'Mark Failed' }).click();
  // One calm state, in the row: offline is not a failure, and the list above is only for refused changes.
  await expect(row.getByText('Failed: waiting for the connection', { exact: true })).toBeVisible();
  await expect(two.main.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden();

  // Meanwhile the first admin, online, confirms it.
  const winner = one.row(payment.transactionId);
  await one.choose(winner.getByRole('combobox', { name: `Set status of ${payment.transactionId}` }), 'Confirmed');
  await one.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' }).click();
  await expect(one.toast('Payment status updated')).toBeVisible();
  await expect(winner.getByText('Confirmed', { exact: true })).toBeVisible();

  // Back online: the queued decision is refused with who decided first, and the list shows the truth: the
  // payment stays in the queue awaiting review it has left, with the other admin's decision.
  await secondContext.setOffline(false);
  const reason = 'Payment was already marked successful by SkyWay Admin';
  await expect(two.toast(reason)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(row.getByText(`Not done: ${reason}`)).toBeVisible();
  await expect(two.main.getByRole('list', { name: 'Changes waiting to sync' })).toContainText(reason);

  await expect(winner.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(winner.getByText(/Not done/)).toHaveCount(0);
  await firstContext.close();
  await secondContext.close();
});
