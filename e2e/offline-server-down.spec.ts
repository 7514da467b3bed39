import { expect, test } from '@playwright/test';
import { ownServer } from './own-server';

type Booking = { bookingId: string; status: string };

test.describe('the device keeps working when the server is down', () => {
  test('a signed-in traveller sees a booking in a new tab after the server stops', async ({ browser }) => {
    test.setTimeout(180_000);
    const server = await ownServer();
    try {
      const login = await fetch(`${server.url}/api/auths/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'traveller@skyway.test', password: 'Demo-pass-123' }),
      });
      const { token } = (await login.json()) as { token: string };
      const bookings = (await (await fetch(`${server.url}/api/bookings/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as Booking[];
      const confirmed = bookings.find((b) => b.status === 'confirmed');
      if (!confirmed) throw new Error('the demo traveller has no confirmed booking');

      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill('traveller@skyway.test');
      await page.getByLabel('Password', { exact: true }).fill('Demo-pass-123');
      await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
      await page.goto('/dashboard/bookings?tab=confirmed');
      await expect(page.getByText(confirmed.bookingId)).toBeVisible();
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
});
