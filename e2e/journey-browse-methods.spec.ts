import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { bearer, confirmedTraveller, login, signedInContext } from './pages/dashboard-api';
import { BookingPage } from './pages/booking-page';
import { freeSeats } from './pages/journey-api';
import { PaymentPage } from './pages/payment-page';
import { ADMIN } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

// One checkout, one booking: a traveller who looks at every payment method and then pays with one has
// made one booking, never cancelled one, and caused the mails of one booking only.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

type Mail = { to: string; subject: string; text: string };

/** The outbox's booking mails about this traveller: to them, or to the operator naming them. */
async function mailsAbout(request: APIRequestContext, adminToken: string, who: { email: string; fullName: string }): Promise<string[]> {
  const mails = (await (await request.get('/api/mail-outbox?limit=200', { headers: bearer(adminToken) })).json()) as Mail[];
  return mails
    .filter((m) => m.to === who.email || m.text.includes(who.fullName))
    .map((m) => m.subject)
    .filter((s) => /booking/i.test(s))
    .sort();
}

for (const width of [1280, 360] as const) {
  test(`browse every payment method, then pay with one: one booking and its mails, at ${width} px`, async ({ browser, request }) => {
    const fullName = `Browsing Payer ${width === 1280 ? 'Wide' : 'Narrow'}`;
    const traveller = await confirmedTraveller(request, fullName);
    const flight = await bookingFlight(request, `journey-browse-methods at ${width}`);
    const [seat = 'A1'] = await freeSeats(request, flight._id, 1);
    const price = `$${flight.price.toFixed(2)}`;
    const context = await signedInContext(browser, traveller.token, { viewport: { width, height: 800 } });
    const page = await context.newPage();

    await page.goto(`/booking?id=${flight._id}`);
    await new BookingPage(page).bookOne(seat);
    await expect(page).toHaveURL('/payment');
    const payment = new PaymentPage(page);

    const bank = await payment.open('Bank Transfer');
    await expect(bank.getByRole('link', { name: 'Make Payment' })).toBeVisible();
    await payment.close('Bank Transfer');
    const mobile = await payment.open('Mobile Transfer');
    await expect(mobile.getByRole('alert')).toBeVisible();
    await payment.close('Mobile Transfer');
    const crypto = await payment.open('Cryptocurrency');
    await expect(crypto.getByRole('timer')).toHaveText(/^15:5\d$/);
    await payment.close('Cryptocurrency');
    const card = await payment.open('Credit / Debit Card');
    await expect(card.getByRole('alert')).toBeVisible({ timeout: 4_000 });
    await payment.close('Credit / Debit Card');
    const again = await payment.open('Bank Transfer');
    await expect(again.getByRole('link', { name: 'Make Payment' })).toBeVisible();
    await payment.close('Bank Transfer');

    const cashApp = await payment.open('Cash App');
    await expect(cashApp.getByRole('timer')).toHaveText(/^15:5\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await cashApp.getByRole('button', { name: `I have made payment (${price})` }).click();
    await expect(page).toHaveURL(/\/confirm\?bookingId=.+&paymentId=.+/);
    await expect(page.getByRole('main')).toContainText('Cash App');

    const own = bearer(traveller.token);
    const bookings = (await (await request.get('/api/bookings/user', { headers: own })).json()) as { bookingId: string; status: string }[];
    expect(bookings.map((b) => b.status)).toEqual(['pending']);
    const payments = (await (await request.get('/api/payments/user', { headers: own })).json()) as { paymentMethod: string; awaitingReviewAt: string | null }[];
    expect(payments.map((p) => p.paymentMethod)).toEqual(['cashApp']);
    expect(payments[0]?.awaitingReviewAt).toBeTruthy();

    const ref = bookings[0]?.bookingId ?? '';
    const admin = await login(request, ADMIN);
    await expect
      .poll(() => mailsAbout(request, admin, { email: traveller.email, fullName }))
      .toEqual([`Confirm Payment: booking ${ref}`, `Payment requested: booking ${ref}`]);
    await context.close();
  });
}
