import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { ownServer } from './own-server';
import { seriousFindings } from './pages/axe';
import { DashboardPage } from './pages/dashboard-page';
import { keepScreenshot } from './pages/screenshot';
import { adminToken, seedVolumeInto } from './pages/volume';

const DAY = 86_400_000;
const ON_DEVICE = 'Showing what is on this device (last 7 days and everything awaiting review)';

/** A booking of about 30 days ago that left every admin device's working set: not awaiting review, unchanged for a week. */
function oldReference(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'airline.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        `select b.reference from bookings b join payments p on p.booking_id = b.id
         where b.created_at between ? and ? and b.updated_at < ? and p.updated_at < ?
           and not (p.status = 'pending' and p.awaiting_review_at is not null)
         limit 1`,
      )
      .get(
        new Date(Date.now() - 32 * DAY).toISOString(),
        new Date(Date.now() - 28 * DAY).toISOString(),
        new Date(Date.now() - 8 * DAY).toISOString(),
        new Date(Date.now() - 8 * DAY).toISOString(),
      ) as { reference: string } | undefined;
    if (!row) throw new Error('no booking of 30 days ago');
    return row.reference;
  } finally {
    db.close();
  }
}

// Issue #47: the device holds a working set; the history is searched through the server, and what the admin opens stays.
test('an admin finds a 30-day-old booking online, opens it, and still sees it offline', async ({ browser }) => {
  test.setTimeout(300_000);
  const server = await ownServer();
  try {
    await server.stop();
    seedVolumeInto(server.dataDir, 2000);
    const reference = oldReference(server.dataDir);
    await server.start();
    const token = await adminToken(server.url);

    for (const width of [1280, 390]) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, serviceWorkers: 'block' });
      await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      const admin = new DashboardPage(await context.newPage());
      await admin.page.goto(`/dashboard/all-bookings?q=${reference}`);
      const view = admin.main.getByRole('button', { name: `View booking ${reference}` });
      await expect(view).toBeVisible({ timeout: 60_000 });
      await expect(admin.main.getByText(ON_DEVICE)).toHaveCount(0);

      // Offline before it was opened: the device never held it, and the list says what it searches.
      await context.setOffline(true);
      await expect(admin.main.getByText(ON_DEVICE)).toBeVisible();
      await expect(admin.main.getByText('No bookings available')).toBeVisible();
      await context.setOffline(false);

      await view.click();
      const details = admin.dialog(`Booking ${reference}`);
      await expect(details).toBeVisible();
      await details.getByRole('button', { name: 'Close' }).first().click();

      await context.setOffline(true);
      await expect(admin.main.getByText(ON_DEVICE)).toBeVisible();
      await expect(view).toBeVisible();
      expect(await seriousFindings(admin.page)).toEqual([]);
      await keepScreenshot(admin.page, `history-search-offline-${width}`);
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await view.click();
      await expect(admin.dialog(`Booking ${reference}`)).toBeVisible();
      await context.close();
    }
  } finally {
    await server.dispose();
  }
});
