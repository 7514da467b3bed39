import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { AuthPage, registerAccount } from './pages/auth-page';
import { controlledByWorker, deviceRows } from './pages/device';
import { apiLogin, bearer, bookThroughApi, getPayment } from './pages/journey-api';
import { ADMIN } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

/** A receipt photo of one colour: each colour is another image (another hash on the device). */
async function receipt(r: number, g: number, b: number) {
  const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return { name: `receipt-${r}-${g}-${b}.png`, mimeType: 'image/png', buffer };
}

const waitingFor = async (page: Page, paymentId: string) => (await deviceRows(page, 'uploads')).filter((u) => u.paymentId === paymentId && u.state !== 'done');

test('offline, the payment link, the confirm page and the dashboard open from the device, with a queued receipt to replace or withdraw', async ({
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request, 'Amaka Offline');
  const token = await apiLogin(request, account.email, account.password);
  const created = await bookThroughApi(request, token, await bookingFlight(request, 'offline-own-pages own'), 'bank_transfer', account.email);
  const paymentId = created.payment._id;
  const reference = created.booking.bookingId;

  const page = await context.newPage();
  await page.goto('/login');
  await new AuthPage(page).login(account.email, account.password);
  await expect(page).toHaveURL('/');
  await controlledByWorker(page);
  // The device has synced the payment, with the hash of its link's key.
  await expect.poll(async () => (await deviceRows(page, 'payments')).find((p) => p.key === paymentId)?.linkHash ?? null).toMatch(/^[0-9a-f]{64}$/);

  await context.setOffline(true);
  // A fresh tab, offline: the link opens from the device with the bank details, amount, deadline and reference.
  const tab = await context.newPage();
  await tab.goto(created.link);
  const main = tab.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
  await expect(main.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  const bank = main.getByLabel('Bank details');
  await expect(bank.getByText('Account number', { exact: true })).toBeVisible();
  await expect(bank.getByText('Bank name', { exact: true })).toBeVisible();
  await expect(main.getByText(/^Pay by /)).toBeVisible();
  await expect(main.getByText('Could not reach SkyWay')).toHaveCount(0);

  await main.getByLabel('Receipt image').setInputFiles(await receipt(200, 30, 30));
  await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();
  await expect(main.getByRole('img', { name: 'Your receipt' })).toBeVisible();

  // After a reload (still offline) the queued receipt is there, with its thumbnail; another image replaces it.
  await tab.reload();
  await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();
  await expect(main.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await main.getByLabel('Receipt image').setInputFiles(await receipt(30, 200, 30));
  await expect.poll(async () => (await waitingFor(tab, paymentId)).length).toBe(1);
  const [replacement] = await waitingFor(tab, paymentId);

  // The confirm page and the dashboard's payments show it too.
  await tab.goto(`/confirm?paymentId=${paymentId}`);
  await expect(main.getByRole('heading', { name: 'Confirming payment' })).toBeVisible();
  const onConfirm = main.getByRole('region', { name: 'Your receipt is waiting to be sent' });
  await expect(onConfirm.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(onConfirm.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();

  // A booking's detail opens offline, with the receipt waiting.
  await tab.goto('/dashboard/bookings');
  await main.getByRole('button', { name: 'Manage Booking' }).click();
  const detail = tab.getByRole('dialog', { name: `Booking ${reference}` });
  await expect(detail.getByText('Seats', { exact: true })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Your receipt is waiting to be sent' }).getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await tab.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // So does the booking's own page: its status, deadline and the receipt waiting in its upload section.
  await tab.goto(`/dashboard/bookings/${created.booking._id}`);
  await expect(main.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expect(main.getByRole('region', { name: /^Status/ })).toContainText('Pending payment');
  await expect(main.getByRole('region', { name: /^Status/ })).toContainText('Pay by');
  const onPage = main.getByRole('region', { name: 'Upload receipt' });
  await expect(onPage.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(onPage.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();

  await tab.goto('/dashboard/payments');
  const onDashboard = main.getByRole('region', { name: `Receipt for booking ${reference}, not yet sent` });
  await expect(onDashboard.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await onDashboard.getByRole('button', { name: 'Withdraw receipt' }).click();
  await expect(onDashboard).toHaveCount(0);
  expect(await waitingFor(tab, paymentId)).toEqual([]);
  expect((await deviceRows(tab, 'uploads')).map((u) => u.key)).not.toContain(replacement?.key);

  // A last receipt, chosen offline, is the one the server gets, once, when the connection returns.
  await tab.goto(created.link);
  await main.getByLabel('Receipt image').setInputFiles(await receipt(30, 30, 200));
  await expect(main.getByText('Receipt queued: it uploads when you are back online.')).toBeVisible();
  expect((await getPayment(request, token, paymentId)).image).toBeNull();
  await context.setOffline(false);
  await expect(main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Withdraw receipt' })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await getPayment(request, token, paymentId)).image, { timeout: 20_000 }).toMatch(/^\/api\/images\//);

  const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const mails = (await (await request.get('/api/mail-outbox?limit=200', { headers: admin })).json()) as { subject: string }[];
  expect(mails.filter((m) => m.subject === `Receipt uploaded: booking ${reference}`)).toHaveLength(1);
});

test("offline, another traveller's payment link is not shown from the device", async ({ context, request }) => {
  const owner = await registerAccount(request, 'Link Owner');
  const ownerToken = await apiLogin(request, owner.email, owner.password);
  const theirs = await bookThroughApi(request, ownerToken, await bookingFlight(request, 'offline-own-pages theirs'), 'bank_transfer', owner.email);
  const other = await registerAccount(request, 'Link Finder');

  const page = await context.newPage();
  await page.goto('/login');
  await new AuthPage(page).login(other.email, other.password);
  await expect(page).toHaveURL('/');
  await controlledByWorker(page);
  await context.setOffline(true);
  await page.goto(theirs.link);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main').getByLabel('Bank details')).toHaveCount(0);
});
