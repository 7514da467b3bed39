import { expect, request as playwrightRequest, test } from '@playwright/test';
import { ownServer } from './own-server';
import { AuthPage, registerAccount } from './pages/auth-page';
import { apiLogin, bearer, bookThroughApi, getPayment, receiptPng } from './pages/journey-api';
import { ADMIN, TRAVELLER } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

type Booking = { bookingId: string; status: string };

test.describe('the device keeps working when the server is down', () => {
  test('a signed-in traveller sees a booking in a new tab after the server stops', async ({ browser }) => {
    test.setTimeout(180_000);
    const server = await ownServer();
    try {
      const login = await fetch(`${server.url}/api/auths/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(TRAVELLER),
      });
      const { token } = (await login.json()) as { token: string };
      const bookings = (await (await fetch(`${server.url}/api/bookings/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as Booking[];
      const confirmed = bookings.find((b) => b.status === 'confirmed');
      if (!confirmed) throw new Error('the demo traveller has no confirmed booking');

      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await page.goto('/login');
      await new AuthPage(page).login(TRAVELLER.email, TRAVELLER.password);
      await expect(page).toHaveURL('/');
      await page.goto('/dashboard/bookings?tab=confirmed');
      await expect(page.getByText(confirmed.bookingId)).toBeVisible({ timeout: 30_000 });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

      await server.stop();
      const offlineTab = await context.newPage();
      await offlineTab.goto('/dashboard/bookings?tab=confirmed');
      await expect(offlineTab.getByText(confirmed.bookingId)).toBeVisible();
      await expect(offlineTab.getByRole('status').filter({ hasText: /offline|cannot reach/i })).toBeVisible();
      await context.close();
    } finally {
      await server.dispose();
    }
  });

  test('a receipt chosen while the server is down is queued, then attached exactly once when it is back', async ({ browser }) => {
    test.setTimeout(180_000);
    const server = await ownServer();
    const request = await playwrightRequest.newContext({ baseURL: server.url });
    try {
      const account = await registerAccount(request, 'Kofi Mensah');
      const token = await apiLogin(request, account.email, account.password);
      const created = await bookThroughApi(request, token, await bookingFlight(request, 'offline-server-down'), 'bank_transfer', account.email);
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await page.goto('/login');
      await new AuthPage(page).login(account.email, account.password);
      await expect(page).toHaveURL('/');
      await page.goto(created.link);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();

      await server.stop();
      await main.getByLabel('Receipt image').setInputFiles(receiptPng());
      await expect(main.getByText(/Receipt queued|not uploaded yet/i).first()).toBeVisible({ timeout: 15_000 });

      await server.start();
      await expect(main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 60_000 });
      await expect.poll(async () => (await getPayment(request, token, created.payment._id)).image, { timeout: 30_000 }).toMatch(/^\/api\/images\//);

      const admin = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
      const mails = (await (await request.get('/api/mail-outbox?limit=200', { headers: admin })).json()) as { subject: string }[];
      expect(mails.filter((m) => m.subject === `Receipt uploaded: booking ${created.booking.bookingId}`)).toHaveLength(1);
      await context.close();
    } finally {
      await request.dispose();
      await server.dispose();
    }
  });
});
