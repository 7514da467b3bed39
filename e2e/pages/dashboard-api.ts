import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { ADMIN } from './credentials';
import { bookingFlight, type Booking } from './booking-days';
import { apiLogin, bearer, freeSeats, json, type ApiFlight } from './journey-api';
import { withInbox } from './mail';

export type Created = {
  link: string;
  booking: { _id: string; bookingId: string };
  payment: { _id: string; transactionId: string; amount: number };
};
export type Method = 'bank_transfer' | 'crypto' | 'cashApp';

export { bearer };

export const login = (request: APIRequestContext, account: { email: string; password: string }): Promise<string> =>
  apiLogin(request, account.email, account.password);

/** A fresh traveller, so a test's bookings are its own. */
export async function newTraveller(request: APIRequestContext, fullName: string): Promise<{ email: string; password: string; token: string; id: string }> {
  const account = { fullName, email: `dash-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@skyway.test`, password: 'Sturdy-pass-42' };
  const body = await json<{ token: string; user: { _id: string } }>(await request.post('/api/auths/register', { data: account }), 201);
  return { ...account, token: body.token, id: body.user._id };
}

/** A browser context signed in with `token` (stored before any page script runs), without the service worker. */
export async function signedInContext(browser: Browser, token: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // NOTE: the service worker is blocked so that offline means offline for every request of the page.
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context;
}

/**
 * A one-traveller booking (by bank transfer unless `method` says) on a free seat of the demo flight that
 * `booking` books (booking-days.ts), `dayAfter` days into its run.
 */
export async function bookFlight(
  request: APIRequestContext,
  token: string,
  booking: Booking,
  firstName = 'Chioma',
  method: Method = 'bank_transfer',
  dayAfter = 0,
): Promise<Created & { flight: ApiFlight }> {
  const flight = await bookingFlight(request, booking, dayAfter);
  const seats = await freeSeats(request, flight._id, 1);
  const data = {
    seatNumber: seats,
    flightId: flight._id,
    classType: 'Economy',
    amount: flight.price,
    currency: 'USD',
    paymentMethod: method,
    ...(method === 'crypto' ? { cryptoName: 'Bitcoin' } : {}),
    travellers: [
      {
        title: 'Ms',
        firstName,
        lastName: 'Okafor',
        dob: { day: 12, month: 4, year: 1990 },
        nationality: 'Nigeria',
        passportNumber: 'A12345678',
        passportCountry: 'Nigeria',
        passportExpiry: '2035-01-01',
      },
    ],
    confirmEmail: 'traveller@example.com',
    phone: '+234 801 000 0000',
  };
  return { ...(await json<Created>(await request.post('/api/payments', { data, headers: bearer(token) }), 201)), flight };
}

/** The traveller sends a receipt for a bank transfer (an upload, then its payment link), so it awaits review. */
export async function sendReceipt(request: APIRequestContext, token: string, created: Created, receipt: { name: string; mimeType: string; buffer: Buffer }) {
  const upload = await json<{ imageUrl: string }>(
    await request.post('/api/images', { multipart: { kind: 'receipt', image: receipt }, headers: bearer(token) }),
    201,
  );
  const key = created.link.split('/').pop() ?? '';
  await json(await request.put(`/api/payments/token/${key}`, { data: { image: upload.imageUrl }, headers: bearer(token) }), 200);
}

/** 'I have made payment' for crypto or Cash App, so the payment awaits review without a receipt. */
export async function sayPaid(request: APIRequestContext, token: string, paymentId: string): Promise<void> {
  await json(await request.post(`/api/payments/${paymentId}/paid`, { headers: bearer(token) }), 200);
}

export async function decide(
  request: APIRequestContext,
  adminToken: string,
  paymentId: string,
  status: 'successful' | 'failed',
  reason?: string,
): Promise<void> {
  await json(await request.put(`/api/payments/${paymentId}`, { data: { status, reason }, headers: bearer(adminToken) }), 200);
}

/** Makes the account an admin the way the back office does: the demo admin changes its role on the users page's route. */
export async function makeAdmin(request: APIRequestContext, userId: string): Promise<void> {
  const adminToken = await login(request, ADMIN);
  await json(await request.put(`/api/admin/users/${userId}/role`, { data: { role: 'admin' }, headers: bearer(adminToken) }), 200);
}

/** A fresh traveller whose e-mail is confirmed by following the link mailed at sign-up, so traveller mails reach it. */
export async function confirmedTraveller(request: APIRequestContext, fullName: string): Promise<Awaited<ReturnType<typeof newTraveller>>> {
  const { traveller, mail } = await withInbox(request, async (inbox) => {
    const made = await newTraveller(request, fullName);
    return { traveller: made, mail: await inbox.mailTo(made.email, 'Confirm your SkyWay e-mail address') };
  });
  const token = /verify-email\?token=([\w-]+)/.exec(mail.parts.get('text/plain') ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${traveller.email}`);
  await json(await request.post('/api/auths/verify-email', { data: { token } }), 200);
  return traveller;
}
