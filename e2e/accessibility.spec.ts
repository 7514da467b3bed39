import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AuthPage, registerAccount } from './pages/auth-page';
import { seriousFindings } from './pages/axe';
import { datePlus } from './pages/dates';
import { bookFlight, newTraveller, sendReceipt } from './pages/dashboard-api';
import { apiLogin, bearer, bookThroughApi, findFlight, receiptPng, type Created } from './pages/journey-api';
import { ADMIN, TRAVELLER } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

// Every screen at a laptop's and a phone's width: no serious axe finding, and nothing scrolls sideways.

const WIDTHS = [1280, 360] as const;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await new AuthPage(page).login(email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(await seriousFindings(page), `axe on ${path} at ${width} px`).toEqual([]);
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** A bank transfer and a crypto payment of a new traveller, made once for both widths (each booking counts against the address's hourly limit). */
let payments: Promise<{ email: string; password: string; bank: Created; wallet: Created }> | undefined;

function paymentsOnce(request: APIRequestContext): Promise<{ email: string; password: string; bank: Created; wallet: Created }> {
  payments ??= (async () => {
    const account = await registerAccount(request, 'Chioma Okafor');
    const token = await apiLogin(request, account.email, account.password);
    const flight = await bookingFlight(request, 'accessibility own bookings');
    const bank = await bookThroughApi(request, token, flight, 'bank_transfer', account.email);
    const wallet = await bookThroughApi(request, token, flight, 'crypto', account.email);
    return { ...account, bank, wallet };
  })();
  return payments;
}

/** Runs `body` while the airline's account number is `accountNumber`, then puts the old one back. */
async function withAccountNumber(request: APIRequestContext, accountNumber: string, body: () => Promise<void>): Promise<void> {
  const headers = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
  const settings = (await (await request.get('/api/settings', { headers })).json()) as { bankingInfo: { accountNumber: string } };
  const put = async (number: string) => {
    const response = await request.put('/api/settings', { headers, data: { ...settings, bankingInfo: { ...settings.bankingInfo, accountNumber: number } } });
    expect(response.status()).toBe(200);
  };
  await put(accountNumber);
  try {
    await body();
  } finally {
    await put(settings.bankingInfo.accountNumber);
  }
}

/** A payment awaiting review with its receipt, made once for both widths: the admin's queue opens it. */
let review: Promise<{ ref: string; tx: string }> | undefined;

function reviewOnce(request: APIRequestContext): Promise<{ ref: string; tx: string }> {
  review ??= (async () => {
    const traveller = await newTraveller(request, 'Ifeoma Reviewed');
    const created = await bookFlight(request, traveller.token, 'accessibility traveller', 'Ifeoma');
    await sendReceipt(request, traveller.token, created, receiptPng());
    return { ref: created.booking.bookingId, tx: created.payment.transactionId };
  })();
  return review;
}

const mainHeading = async (page: Page) => {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
};

for (const width of WIDTHS) {
  test.describe(`no serious WCAG 2.1 AA finding at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('public pages', async ({ page, request }) => {
      // A dozen pages, each analysed by axe: near the default 30 s on a loaded machine.
      test.setTimeout(60_000);
      const date = datePlus(6);
      const flight = await findFlight(request, 'LOS', 'LHR', date);
      const paths = [
        '/',
        '/contact',
        '/login',
        '/signup',
        '/forgot-password',
        '/tracking',
        '/about',
        '/policy',
        '/terms',
        '/articles/baggage',
        `/reset-password?token=${'x'.repeat(43)}`,
        '/no-such-page',
        '/booking?id=no-such-flight',
      ];
      for (const path of paths) await check(page, path, mainHeading);
      await check(page, `/listing?from=LOS&to=LHR&date=${date}&type=one&class=Economy&travelers=2`, async (p) => {
        await expect(p.getByRole('heading', { name: /Flight Available$/ })).toBeVisible();
      });
      await check(page, `/booking?id=${flight._id}`, async (p) => {
        await expect(p.getByRole('heading', { name: 'Traveler Details' })).toBeVisible();
      });
    });

    test("a traveller's pages", async ({ page, request }) => {
      await signIn(page, TRAVELLER.email, TRAVELLER.password);
      for (const path of ['/dashboard/profile', '/dashboard/bookings', '/dashboard/payments']) await check(page, path, mainHeading);
      const token = await apiLogin(request, TRAVELLER.email, TRAVELLER.password);
      const own = (await (await request.get('/api/bookings/user', { headers: bearer(token) })).json()) as { _id: string; status: string }[];
      for (const status of ['pending', 'confirmed', 'cancelled']) {
        const booking = own.find((b) => b.status === status);
        if (!booking) throw new Error(`the demo traveller has no ${status} booking`);
        await check(page, `/dashboard/bookings/${booking._id}`, async (p) => {
          await expect(p.getByRole('heading', { name: 'What you can do' })).toBeVisible();
        });
      }
    });

    test('the payment link page, by bank transfer with an IBAN-long account number and by crypto', async ({ page, request }) => {
      const { email, password, bank, wallet } = await paymentsOnce(request);
      await signIn(page, email, password);
      const iban = 'GB29NWBK60161331926819';
      await withAccountNumber(request, iban, () =>
        check(page, bank.link, async (p) => {
          await expect(p.getByRole('main').getByLabel('Bank details')).toContainText(iban);
        }),
      );
      await check(page, wallet.link, async (p) => {
        await expect(p.getByRole('main').getByRole('button', { name: 'Copy address' })).toBeVisible();
      });
      await check(page, `/confirm?bookingId=${bank.booking._id}&paymentId=${bank.payment._id}`, mainHeading);
    });

    test("an unconfirmed traveller's notice and the confirmation page", async ({ page, request }) => {
      const account = await registerAccount(request, 'Kofi Mensah');
      await check(page, `/verify-email?token=${'x'.repeat(43)}`, async (p) => {
        await expect(p.getByRole('alert')).toContainText('This confirmation link is invalid or has expired');
      });
      await signIn(page, account.email, account.password);
      await check(page, '/dashboard/profile', async (p) => {
        await expect(p.getByRole('button', { name: 'Resend link' })).toBeVisible();
      });
    });

    test("an admin's pages", async ({ page, request }) => {
      // A dozen pages, each analysed by axe.
      test.setTimeout(90_000);
      await signIn(page, ADMIN.email, ADMIN.password);
      const paths = ['overview', 'airports', 'all-bookings', 'all-payments', 'settings', 'support', 'users', 'outbox'];
      for (const path of paths) await check(page, `/dashboard/${path}`, mainHeading);
      // The audit's export button turns from disabled to enabled when the page's rows arrive: axe reads it after.
      await check(page, '/dashboard/audit', async (p) => {
        await expect(p.getByRole('main').getByRole('table', { name: 'Audit log' })).toBeVisible();
      });
      await check(page, '/dashboard/flights', async (p) => {
        await expect(p.getByRole('main').getByRole('button', { name: 'Add', exact: true })).toBeEnabled();
      });
      const headers = bearer(await apiLogin(request, ADMIN.email, ADMIN.password));
      const [traveller] = (await (await request.get('/api/admin/users?search=traveller@skyway.test', { headers })).json()) as { _id: string }[];
      await check(page, `/dashboard/users/${traveller?._id ?? 'missing'}`, async (p) => {
        await expect(p.getByRole('main').getByRole('table', { name: 'Bookings of this account' })).toBeVisible();
      });
      await check(page, '/dashboard/audit?action=booking.cancelled', async (p) => {
        await expect(p.getByRole('main').getByRole('table', { name: 'Audit log' })).toBeVisible();
      });
    });

    test("the admin's review queue: filtered, a payment's receipt and its status menu open", async ({ page, request }) => {
      const { ref, tx } = await reviewOnce(request);
      await signIn(page, ADMIN.email, ADMIN.password);
      const queue = `/dashboard/all-payments?status=awaiting&method=bank_transfer&receipt=1&q=${ref}`;
      await check(page, queue, async (p) => {
        await expect(p.getByRole('main').getByRole('row').filter({ hasText: tx })).toContainText('Receipt attached');
      });
      await check(page, queue, async (p) => {
        await p
          .getByRole('main')
          .getByRole('button', { name: `View payment ${tx}` })
          .click();
        await expect(p.getByRole('dialog', { name: `Payment ${tx}` }).getByRole('img', { name: 'Payment receipt' })).toBeVisible();
      });
      await check(page, queue, async (p) => {
        await p
          .getByRole('main')
          .getByRole('combobox', { name: `Set status of ${tx}` })
          .click();
        await expect(p.getByRole('option', { name: 'Failed', exact: true })).toBeVisible();
      });
      await check(page, `/dashboard/all-bookings?from=2031-01-01&to=2031-01-31`, async (p) => {
        await expect(p.getByRole('main').getByText('No bookings available')).toBeVisible();
      });
    });
  });
}
