import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { bearer, bookFlight, confirmedTraveller, decide, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { icsEvents } from '../sync/test-ical';
import { DashboardPage, PAYMENT_SEARCH } from './pages/dashboard-page';
import { localClock } from './pages/dates';
import { bookThroughApi, receiptPng } from './pages/journey-api';
import { ADMIN } from './pages/credentials';
import { bookingFlight } from './pages/booking-days';

// A booking's own page: left pending and paid later from My Bookings; a rejected receipt replaced from the
// rejection mail's link and the card's button. At a laptop's and a phone's width, in the traveller's zone.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

const ZONE = 'America/New_York';

/** 'GMT-5' for the zone at that instant, as the page names it. */
const offsetOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'shortOffset' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')
    ?.value ?? '';

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The admin's outbox copy of a mail (no SMTP in the e2e server), once it is there. */
async function mailText(request: APIRequestContext, adminToken: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/mail-outbox?limit=200', { headers: bearer(adminToken) })).json()) as { subject: string; text: string }[];
      text = mails.find((m) => m.subject === subject)?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

/** A receipt other than receiptPng(), as a second photo of the transfer would be. */
async function secondReceipt() {
  const buffer = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return { name: 'receipt-2.png', mimeType: 'image/png', buffer };
}

for (const width of [1280, 360] as const) {
  test.describe(`manage a booking at ${width} px`, () => {
    const view = { viewport: { width, height: 800 }, timezoneId: ZONE };

    test('pay later from My Bookings', async ({ browser, request }) => {
      const traveller = await confirmedTraveller(request, 'Later Payer');
      const created = await bookFlight(request, traveller.token, `journey-manage-booking later at ${width}`, 'Later');
      const deadline = (
        (await (await request.get(`/api/payments/${created.payment._id}`, { headers: bearer(traveller.token) })).json()) as { deadlineAt: string }
      ).deadlineAt;
      const own = await signedInContext(browser, traveller.token, view);
      const me = new DashboardPage(await own.newPage());

      await me.page.goto('/dashboard/bookings');
      const card = me.card(created.booking.bookingId);
      const payBy = `${localClock(deadline, ZONE)} (${ZONE}, ${offsetOf(deadline)})`;
      await expect(card).toContainText(payBy);
      await me.page.goto(`/dashboard/bookings/${created.booking._id}`);
      await expect(me.page).toHaveURL(`/dashboard/bookings/${created.booking._id}`);
      await expect(me.heading(`Booking ${created.booking.bookingId}`)).toBeVisible();
      const status = me.main.getByRole('region', { name: /^Status/ });
      await expect(status).toContainText('Pending payment');
      await expect(status).toContainText(payBy);
      await expect(me.main.getByRole('region', { name: 'Flights' })).toContainText(`${created.flight.origin.city} (${created.flight.origin.code})`);
      await expect(me.main.getByRole('region', { name: 'Travellers and seats' })).toContainText('Ms Later Okafor');
      await noSidewaysScroll(me.page, width);

      // The calendar file is written on the device: offline at the airport too.
      await own.setOffline(true);
      const [download] = await Promise.all([me.page.waitForEvent('download'), me.main.getByRole('button', { name: 'Add to calendar' }).click()]);
      await own.setOffline(false);
      expect(download.suggestedFilename()).toBe(`skyway-${created.booking.bookingId}.ics`);
      const [leg] = icsEvents(await readFile(await download.path(), 'utf8')).map(({ event }) => event);
      expect(leg?.summary).toBe(
        `${created.flight.flightNumber} ${created.flight.origin.city} (${created.flight.origin.code}) to ${created.flight.destination.city} (${created.flight.destination.code})`,
      );
      expect(leg?.startDate.toJSDate().toISOString()).toBe(created.flight.departureTime.replace(/\.\d{3}Z$/, '.000Z'));
      expect(leg?.location).toBe(`${created.flight.origin.name} (${created.flight.origin.code}), ${created.flight.origin.city}`);

      await me.main.getByRole('button', { name: 'Pay now' }).click();
      await expect(me.page).toHaveURL(/\/payment\/[^/]+$/);
      await expect(me.main.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
      await me.main.getByLabel('Receipt image').setInputFiles(receiptPng());
      await expect(me.main.getByText('Receipt uploaded.')).toBeVisible({ timeout: 30_000 });
      await me.main.getByRole('button', { name: 'Confirm' }).click();
      await expect(me.page).toHaveURL(/\/confirm\?paymentId=/);
      await me.main.getByRole('link', { name: 'Manage this booking' }).click();
      await expect(status).toContainText('Awaiting review');
      await expect(status).toContainText('Decision by');
      await expect(status).toContainText(`(${ZONE}, `);
      await expect(me.main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);

      await decide(request, await login(request, ADMIN), created.payment._id, 'successful');
      await expect(status).toContainText('Confirmed');
      await expect(me.main.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
      await own.close();
    });

    test('a crypto booking left pending is paid later from its page', async ({ browser, request }) => {
      const traveller = await newTraveller(request, 'Coin Payer');
      const flight = await bookingFlight(request, `journey-manage-booking crypto at ${width}`);
      const created = await bookThroughApi(request, traveller.token, flight, 'crypto', traveller.email);
      const own = await signedInContext(browser, traveller.token, view);
      const me = new DashboardPage(await own.newPage());

      await me.page.goto(`/dashboard/bookings/${created.booking._id}`);
      await expect(me.main.getByRole('region', { name: /^Status/ })).toContainText('Pending payment');
      await expect(me.main.getByRole('heading', { name: 'Upload receipt' })).toHaveCount(0);
      await me.main.getByRole('button', { name: 'Pay now' }).click();
      await expect(me.heading('Pay by cryptocurrency')).toBeVisible();
      await expect(me.main.getByRole('timer')).toBeVisible();
      await noSidewaysScroll(me.page, width);
      await me.main.getByRole('button', { name: /^I have made payment/ }).click();
      await expect(me.page).toHaveURL(/\/confirm\?bookingId=/);
      await me.main.getByRole('link', { name: 'Manage this booking' }).click();
      await expect(me.main.getByRole('region', { name: /^Status/ })).toContainText('Awaiting review');
      await own.close();
    });

    test('re-upload after a rejection', async ({ browser, request }) => {
      const traveller = await confirmedTraveller(request, 'Second Try');
      const created = await bookFlight(request, traveller.token, `journey-manage-booking re-upload at ${width}`, 'Second');
      const own = await signedInContext(browser, traveller.token, view);
      const me = new DashboardPage(await own.newPage());
      const page = `/dashboard/bookings/${created.booking._id}`;

      await me.page.goto(page);
      const status = me.main.getByRole('region', { name: /^Status/ });
      await expect(status).toContainText('Pending payment');
      await me.main.getByLabel('Receipt image').setInputFiles(receiptPng());
      await expect(status).toContainText('Awaiting review', { timeout: 30_000 });

      const adminToken = await login(request, ADMIN);
      const staff = await signedInContext(browser, adminToken, view);
      const admin = new DashboardPage(await staff.newPage());
      const tx = created.payment.transactionId;
      await admin.page.goto('/dashboard/all-payments');
      await admin.field(PAYMENT_SEARCH).fill(tx);
      const row = admin.main.getByRole('row').filter({ hasText: tx });
      await admin.choose(row.getByRole('combobox', { name: `Set status of ${tx}` }), 'Failed');
      const why = admin.dialog('Mark payment Failed');
      await why.getByLabel('Reason').fill('The receipt is cut off');
      await why.getByRole('button', { name: 'Mark Failed' }).click();
      await expect(row.getByRole('combobox')).toHaveCount(0);

      const mail = await mailText(request, adminToken, `Payment for booking ${created.booking.bookingId} was not accepted`);
      const link = /^Upload a new receipt: (\S+)$/m.exec(mail)?.[1] ?? '';
      expect(new URL(link).pathname).toBe(page);

      await me.page.goto('/dashboard/bookings');
      const card = me.card(created.booking.bookingId);
      await expect(card).toContainText('Payment not accepted: The receipt is cut off');
      await card.getByRole('link', { name: 'Upload a new receipt' }).click();
      await expect(me.page).toHaveURL(page);
      await expect(status).toContainText('Payment not accepted');
      await expect(status).toContainText('The receipt is cut off');
      await noSidewaysScroll(me.page, width);
      await me.page.goto(new URL(link).pathname);
      const upload = me.main.getByRole('region', { name: 'Upload a new receipt' });
      await upload.getByLabel('Receipt image').setInputFiles(await secondReceipt());
      await expect(status).toContainText('Awaiting review', { timeout: 30_000 });

      await admin.field(PAYMENT_SEARCH).fill(tx);
      await expect(row.getByRole('combobox', { name: `Set status of ${tx}` })).toBeVisible();
      await row.getByRole('button', { name: `View payment ${tx}` }).click();
      const facts = admin.dialog(`Payment ${tx}`);
      await expect(facts).not.toContainText('Not yet paid');
      await expect(facts).not.toContainText('The receipt is cut off');
      await expect(facts.getByRole('img', { name: 'Payment receipt' })).toBeVisible();

      await staff.close();
      await own.close();
    });
  });
}
