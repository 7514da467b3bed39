import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bookFlight, login, newTraveller, sayPaid, sendReceipt, signedInContext } from './pages/dashboard-api';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { receiptPng } from './pages/journey-api';
import { ADMIN } from './pages/credentials';
import type { Booking } from './pages/booking-days';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

type Payer = { name: string; email: string; ref: string; tx: string };

/**
 * Three payments awaiting review, in this order: a bank transfer with a receipt to look at, a crypto
 * payment ('I have made payment', no receipt) to approve, a bank transfer with a receipt to reject.
 * Their payers' names share `tag`, so a search finds the three.
 */
async function reviewQueue(request: APIRequestContext, tag: string, booking: Booking): Promise<{ look: Payer; approve: Payer; reject: Payer }> {
  const payer = async (role: string, offset: number, method: 'bank_transfer' | 'crypto'): Promise<Payer> => {
    const name = `${role} ${tag}`;
    const traveller = await newTraveller(request, name);
    const created = await bookFlight(request, traveller.token, booking, role, method, offset);
    if (method === 'crypto') await sayPaid(request, traveller.token, created.payment._id);
    else await sendReceipt(request, traveller.token, created, receiptPng());
    return { name, email: traveller.email, ref: created.booking.bookingId, tx: created.payment.transactionId };
  };
  const look = await payer('Ngozi', 0, 'bank_transfer');
  const approve = await payer('Kwame', 1, 'crypto');
  const reject = await payer('Amara', 2, 'bank_transfer');
  return { look, approve, reject };
}

const uniqueTag = () => `Q${Date.now().toString(36)}`;

/** The page never scrolls sideways: what the issue measured on a phone. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** Whole inside the viewport once scrolled to (up and down only: the page cannot scroll sideways). */
async function reachable(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

test('at 390 px an admin finds a payment by booking reference, opens its receipt, approves another and rejects a third, never scrolling sideways', async ({
  browser,
  request,
}) => {
  const { look, approve, reject } = await reviewQueue(request, uniqueTag(), 'admin-review-queue at 390');
  const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width: 390, height: 844 } });
  const admin = new DashboardPage(await context.newPage());
  await admin.page.goto('/dashboard/all-payments');
  await expect(admin.heading('All Payments')).toBeVisible();
  await noSidewaysScroll(admin.page);

  // Found by its booking reference; the receipt opens with the payment, inside the screen.
  await admin.field(PAYMENT_SEARCH).fill(look.ref.toLowerCase());
  await expect(admin.rows()).toHaveCount(2);
  const found = admin.row(look.tx);
  await expect(found).toContainText('Receipt attached');
  await expect(found).toContainText(/Waiting (under a minute|\d+ min)/);
  await noSidewaysScroll(admin.page);
  const view = found.getByRole('button', { name: `View payment ${look.tx}` });
  await reachable(view);
  await view.click();
  const facts = admin.dialog(`Payment ${look.tx}`);
  await expect(facts.getByRole('img', { name: 'Payment receipt' })).toBeVisible();
  await reachable(facts.getByRole('heading', { name: 'Payment receipt' }));
  const box = await facts.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await noSidewaysScroll(admin.page);
  await facts.getByRole('button', { name: 'Close' }).click();

  // Approved, found by the payer's e-mail: the menu, its options and the dialog's button all on screen.
  await admin.field(PAYMENT_SEARCH).fill(approve.email);
  const approved = admin.row(approve.tx);
  const menu = approved.getByRole('combobox', { name: `Set status of ${approve.tx}` });
  await reachable(menu);
  await menu.click();
  await reachable(admin.page.getByRole('option', { name: 'Failed', exact: true }));
  const confirmed = admin.page.getByRole('option', { name: 'Confirmed', exact: true });
  await reachable(confirmed);
  await noSidewaysScroll(admin.page);
  await confirmed.click();
  const confirm = admin.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' });
  await reachable(confirm);
  await noSidewaysScroll(admin.page);
  await confirm.click();
  await expect(admin.toast('Payment status updated')).toBeVisible();
  await expect(approved.getByText('Confirmed', { exact: true })).toBeVisible();
  await noSidewaysScroll(admin.page);

  // Rejected, found by the payer's name, with a reason.
  await admin.field(PAYMENT_SEARCH).fill(reject.name);
  const rejected = admin.row(reject.tx);
  const rejectMenu = rejected.getByRole('combobox', { name: `Set status of ${reject.tx}` });
  await reachable(rejectMenu);
  await admin.choose(rejectMenu, 'Failed');
  const why = admin.dialog('Mark payment Failed');
  await why.getByLabel('Reason').fill('The receipt shows another amount');
  const fail = why.getByRole('button', { name: 'Mark Failed' });
  await reachable(fail);
  await noSidewaysScroll(admin.page);
  await fail.click();
  await expect(rejected.getByText('failed', { exact: true })).toBeVisible();
  await expect(rejected).toContainText('The receipt shows another amount');
  await noSidewaysScroll(admin.page);
  await context.close();
});

test('at 1366 px the overview opens the queue awaiting review; filters narrow it, survive a reload, and the decided leave it', async ({ browser, request }) => {
  const tag = uniqueTag();
  const { look, approve, reject } = await reviewQueue(request, tag, 'admin-review-queue at 1366');
  const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width: 1366, height: 900 } });
  const admin = new DashboardPage(await context.newPage());
  await admin.page.goto('/dashboard/overview');
  await admin.main.getByRole('link', { name: 'Payments to review' }).click();
  await expect(admin.page).toHaveURL(/\/dashboard\/all-payments\?status=awaiting$/);
  await expect(admin.main.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Awaiting review');

  // The three of this test, the longest waiting first.
  await admin.field(PAYMENT_SEARCH).fill(tag);
  const txs = () => admin.rows().filter({ hasText: tag });
  await expect(txs()).toHaveCount(3);
  await expect(admin.rows().nth(1)).toContainText(look.tx);
  await expect(admin.rows().nth(2)).toContainText(approve.tx);
  await expect(admin.rows().nth(3)).toContainText(reject.tx);

  await admin.choose(admin.main.getByRole('combobox', { name: 'Method', exact: true }), 'Cryptocurrency');
  await expect(txs()).toHaveCount(1);
  await expect(admin.row(approve.tx)).toBeVisible();
  await admin.choose(admin.main.getByRole('combobox', { name: 'Method', exact: true }), 'Bank Transfer');
  await admin.main.getByRole('checkbox', { name: 'Has receipt' }).check();
  await admin.field('Date from').fill(localToday());
  await admin.field('Date until').fill(localToday());
  await expect(txs()).toHaveCount(2);
  await expect(admin.row(approve.tx)).toHaveCount(0);

  // The address holds the filters: a reload (or a shared link) opens the same list.
  await admin.page.reload();
  await expect(admin.main.getByRole('combobox', { name: 'Method', exact: true })).toHaveText('Bank Transfer');
  await expect(admin.main.getByRole('checkbox', { name: 'Has receipt' })).toBeChecked();
  await expect(admin.field('Date from')).toHaveValue(localToday());
  await expect(txs()).toHaveCount(2);
  const box = admin.main.locator('.table-wrap');
  expect(await box.evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
  await noSidewaysScroll(admin.page);

  // Rejected from the filtered list: once the server has it, the payment leaves the queue awaiting review.
  await admin.choose(admin.row(reject.tx).getByRole('combobox', { name: `Set status of ${reject.tx}` }), 'Failed');
  await admin.dialog('Mark payment Failed').getByLabel('Reason').fill('No money arrived');
  await admin.dialog('Mark payment Failed').getByRole('button', { name: 'Mark Failed' }).click();
  await expect(admin.row(reject.tx)).toHaveCount(0);
  await expect(txs()).toHaveCount(1);

  // Approved with every method again.
  await admin.choose(admin.main.getByRole('combobox', { name: 'Method', exact: true }), 'Any method');
  await admin.main.getByRole('checkbox', { name: 'Has receipt' }).uncheck();
  await admin.choose(admin.row(approve.tx).getByRole('combobox', { name: `Set status of ${approve.tx}` }), 'Confirmed');
  await admin.dialog('Mark payment Confirmed').getByRole('button', { name: 'Mark Confirmed' }).click();
  await expect(admin.toast('Payment status updated')).toBeVisible();
  await expect(admin.row(approve.tx)).toHaveCount(0);
  await expect(txs()).toHaveCount(1);

  await admin.choose(admin.main.getByRole('combobox', { name: 'Status', exact: true }), 'Failed');
  await expect(admin.row(reject.tx)).toContainText('No money arrived');
  await admin.choose(admin.main.getByRole('combobox', { name: 'Status', exact: true }), 'Confirmed');
  await expect(admin.row(approve.tx)).toBeVisible();
  await noSidewaysScroll(admin.page);
  await context.close();
});

test('offline, the overview keeps its figures and says from when; a flights question never asked says it loads once back online', async ({
  browser,
  request,
}) => {
  const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width: 390, height: 844 } });
  const admin = new DashboardPage(await context.newPage());
  await admin.page.goto('/dashboard/flights');
  await expect(admin.main.getByText(/^\d+ flights$/)).toBeVisible();
  await admin.page.goto('/dashboard/overview');
  await expect(admin.main.getByRole('link', { name: 'Payments to review' })).toBeVisible();

  await context.setOffline(true);
  await expect(admin.main.getByRole('status').filter({ hasText: /^Offline: showing figures from \d\d:\d\d\.$/ })).toBeVisible();
  await expect(admin.main.getByText('Bookings today', { exact: true })).toBeVisible();
  await expect(admin.main).not.toContainText('Failed to fetch');

  await admin.page.getByRole('button', { name: 'Menu', exact: true }).click();
  await admin.menuLink('Flights').click();
  await admin.field('Search by flight number').fill('SW1');
  await expect(admin.main.getByRole('status').filter({ hasText: 'Offline: flights load once the connection is back.' })).toBeVisible();
  await expect(admin.rows()).toHaveCount(0);
  await expect(admin.main).not.toContainText('Failed to fetch');
  await noSidewaysScroll(admin.page);

  await context.setOffline(false);
  await expect(admin.main.getByRole('status').filter({ hasText: /^Offline/ })).toHaveCount(0);
  await expect(admin.rows().first()).toBeVisible();
  await context.close();
});
