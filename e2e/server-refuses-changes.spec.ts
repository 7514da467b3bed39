import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { ownServer } from './own-server';
import { bearer, bookFlight, login, newTraveller } from './pages/dashboard-api';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

const REFUSED = 'SkyWay cannot take new changes right now; yours are kept on this device and will be sent';

test('while another program holds the database, a cancellation waits on the device, is said kindly, and lands by itself', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await ownServer();
  const request = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const traveller = await newTraveller(request, 'Ama Patient');
    const { booking } = await bookFlight(request, traveller.token, 'server-refuses-changes', 'Ama');
    const signedIn = async (token: string) => {
      const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
      await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      return new DashboardPage(await context.newPage());
    };
    // Signing in counts the attempt (a write), so the admin signs in before the lock is taken.
    const adminToken = await login(request, ADMIN);
    const dash = await signedIn(traveller.token);
    await dash.page.goto('/dashboard/bookings');
    await expect(dash.card(booking.bookingId)).toBeVisible({ timeout: 30_000 });

    // An operator's sqlite3 session (or a backup tool) takes the write lock.
    const other = new Database(path.join(server.dataDir, 'airline.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const refused = dash.page.waitForResponse((res) => res.url().endsWith('/api/sync/push') && res.status() === 503);
      await dash.card(booking.bookingId).getByRole('button', { name: 'Cancel booking' }).click();
      await dash.dialog('Cancel booking?').getByRole('button', { name: 'Cancel booking' }).click();
      expect((await refused).headers()['retry-after']).toBe('2');
      await expect(dash.page.getByRole('status').filter({ hasText: REFUSED })).toBeVisible();

      const admin = await signedIn(adminToken);
      await admin.page.goto('/dashboard/overview');
      await expect(admin.main.getByRole('region', { name: 'Server' })).toContainText('Changes are paused: another program holds the database');
      await admin.page.context().close();
    } finally {
      other.exec('COMMIT');
      other.close();
    }

    await expect
      .poll(
        async () => {
          const mine = (await (await request.get('/api/bookings/user', { headers: bearer(traveller.token) })).json()) as { _id: string; status: string }[];
          return mine.find((b) => b._id === booking._id)?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('cancelled');
    await expect(dash.page.getByRole('status').filter({ hasText: REFUSED })).toBeHidden({ timeout: 15_000 });
    await dash.page.context().close();
  } finally {
    await request.dispose();
    await server.dispose();
  }
});
