import { expect, test } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { apiLogin, bearer, bookThroughApi, getPayment, receiptPng } from './pages/journey-api';
import { ADMIN } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

test('a receipt chosen offline waits on the device and is attached exactly once when back online', async ({ page, context, request }) => {
  const account = await registerAccount(request, 'Funmi Ade');
  const token = await apiLogin(request, account.email, account.password);
  const created = await bookThroughApi(request, token, await bookingFlight(request, 'journey-offline-receipt'), 'bank_transfer', account.email);
  const paymentId = created.payment._id;

  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto(created.link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();

  await context.setOffline(true);
  await main.getByLabel('Receipt image').setInputFiles(receiptPng());
  await expect(main.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect((await getPayment(request, token, paymentId)).image).toBeNull();

  await context.setOffline(false);
  await expect(main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden({ timeout: 20_000 });

  const saved = await getPayment(request, token, paymentId);
  expect(saved.image).toMatch(/^\/api\/images\//);
  expect(saved.awaitingReviewAt).not.toBeNull();

  // A reload finds the receipt done on the device and sends nothing again.
  await page.reload();
  await expect(main.getByText('Receipt uploaded.')).toBeVisible();
  await page.waitForTimeout(1_500);

  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const audit = (await (await request.get(`/api/audit?entity=payment&entityId=${paymentId}`, { headers: admin })).json()) as { action: string }[];
  expect(audit.map((row) => row.action)).toEqual(['payment.claimed', 'payment.created']);
  const mails = (await (await request.get('/api/mail-outbox?limit=200', { headers: admin })).json()) as { subject: string }[];
  expect(mails.filter((m) => m.subject === `Receipt uploaded: booking ${created.booking.bookingId}`)).toHaveLength(1);
});
