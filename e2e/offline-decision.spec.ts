import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, newTraveller, sendReceipt, signedInContext } from './pages/dashboard-api';
import { receiptPng } from './pages/journey-api';
import { DashboardPage } from './pages/dashboard-page';
import { seriousFindings } from './pages/axe';
import { keepScreenshot } from './pages/screenshot';
import { ADMIN } from './pages/credentials';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

// Issue #48, item 3: a decision made offline shows one calm state, never a failure or the browser's error text.
for (const width of [1280, 390] as const) {
  test(`an admin's offline decision says it waits for the connection, once, and lands when back online (${width} px)`, async ({ browser, request }) => {
    const traveller = await newTraveller(request, 'Bola Offline');
    const created = await bookFlight(request, traveller.token, `offline-decision at ${width}`, 'Offline decision');
    await sendReceipt(request, traveller.token, created, receiptPng());
    const { transactionId } = created.payment;

    const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width, height: 900 } });
    const admin = new DashboardPage(await context.newPage());
    await admin.page.goto(`/dashboard/all-payments?q=${transactionId}`);
    const row = admin.row(transactionId);
    await expect(row.getByRole('combobox', { name: `Set status of ${transactionId}` })).toBeVisible();

    await context.setOffline(true);
    await expect(admin.main.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await admin.choose(row.getByRole('combobox', { name: `Set status of ${transactionId}` }), 'Confirmed');
    await admin.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' }).click();
    await expect(row.getByText('Confirmed: waiting for the connection', { exact: true })).toBeVisible();
    // Whatever the sync engine tried meanwhile, the state stays calm.
    await admin.page.waitForTimeout(1500);
    await expect(row.getByText('Confirmed: waiting for the connection', { exact: true })).toBeVisible();
    await expect(admin.main.getByRole('list', { name: 'Changes waiting to sync' })).toBeHidden();
    const body = admin.page.locator('body');
    await expect(body).not.toContainText(/Failed to fetch|will retry|Failed, /i);
    expect(await seriousFindings(admin.page)).toEqual([]);
    await keepScreenshot(admin.page, `offline-decision-${width}`);

    await context.setOffline(false);
    await expect(row.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText(/waiting for the connection/)).toHaveCount(0);
    await context.close();
  });
}
