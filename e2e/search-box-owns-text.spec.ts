import { expect as baseExpect, test } from '@playwright/test';
import { bookFlight, login, newTraveller, sendReceipt, signedInContext } from './pages/dashboard-api';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { receiptPng } from './pages/journey-api';
import { ADMIN } from './pages/credentials';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** The search in the page's address. */
const addressQ = (url: string) => new URL(url).searchParams.get('q') ?? '';

// Issue #48, item 6: the box owns its text; the address follows it, and speaks again only on a navigation.
for (const width of [1280, 390] as const) {
  test(`All payments: a search typed right after opening and right after a decision keeps its text (${width} px)`, async ({ browser, request }) => {
    const tag = `S${Date.now().toString(36)}`;
    const traveller = await newTraveller(request, `Ifeoma ${tag}`);
    const created = await bookFlight(request, traveller.token, `search-box-owns-text at ${width}`, 'Search box');
    await sendReceipt(request, traveller.token, created, receiptPng());
    const { transactionId } = created.payment;

    const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width, height: 900 } });
    const admin = new DashboardPage(await context.newPage());
    await admin.page.goto('/dashboard/all-payments');
    const box = admin.field(PAYMENT_SEARCH);

    // A first search typed as soon as the box is there, while the first sync still lands.
    await box.pressSequentially(transactionId, { delay: 15 });
    await expect(box).toHaveValue(transactionId);
    await expect.poll(() => addressQ(admin.page.url())).toBe(transactionId);
    const row = admin.row(transactionId);
    await expect(row.getByRole('combobox', { name: `Set status of ${transactionId}` })).toBeVisible();

    // A decision, then at once a second search: the sync and the outbox re-render the list meanwhile.
    await admin.choose(row.getByRole('combobox', { name: `Set status of ${transactionId}` }), 'Confirmed');
    await admin.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' }).click();
    await expect(admin.dialog('Mark payment Confirmed')).toBeHidden();
    await box.fill('');
    await box.pressSequentially(`Ifeoma ${tag}`, { delay: 15 });
    for (let i = 0; i < 10; i += 1) {
      await expect(box).toHaveValue(`Ifeoma ${tag}`);
      await admin.page.waitForTimeout(150);
    }
    await expect.poll(() => addressQ(admin.page.url())).toBe(`Ifeoma ${tag}`);
    await expect(admin.main.getByText('1 payment')).toBeVisible();

    // A navigation speaks: a reload of another address fills the box with its search.
    await admin.page.goto(`/dashboard/all-payments?q=${created.booking.bookingId}`);
    await expect(admin.field(PAYMENT_SEARCH)).toHaveValue(created.booking.bookingId);
    await admin.page.goBack();
    await expect(admin.field(PAYMENT_SEARCH)).toHaveValue(`Ifeoma ${tag}`);
    await context.close();
  });
}
