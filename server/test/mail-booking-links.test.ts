import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../services/booking/lifecycle';
import { actors, book, expectAnswer, flightAt, upcomingFlight, type Actors, type Api, type Created } from './booking-fixtures';
import { startTestServer, type TestServer } from './harness';

type StoredMail = { to: string; subject: string; text: string; html: string };
const HOUR = 3_600_000;

/** The stored mail (no SMTP_URL: mails land in the outbox) with that subject, once it is there. */
async function storedMail(admin: Api, subject: string): Promise<StoredMail> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = (await admin.get<StoredMail[]>('/api/mail-outbox?limit=200')).body.find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail '${subject}'`);
}

/** Every traveller mail about a booking carries the absolute address of the booking's own page. */
describe('traveller mails link to the booking page', () => {
  let server: TestServer;
  let who: Actors;

  async function mailTo(to: string, subject: string): Promise<StoredMail> {
    const mail = await storedMail(who.admin, subject);
    expect(mail.to).toBe(to);
    return mail;
  }

  const page = (created: Created) => `https://fly.skyway.test/dashboard/bookings/${created.booking._id}`;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', env: { PUBLIC_URL: 'https://fly.skyway.test/' } });
    who = await actors(server, 'links');
  });
  afterAll(() => server.stop());

  it('payment failed: a line leads straight to uploading a new receipt', async () => {
    const created = await book(who.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 9), ['C1']);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Receipt unreadable' }), 200);
    const mail = await mailTo(who.ownerEmail, `Payment for booking ${created.booking.bookingId} was not accepted`);
    expect(mail.text.split('\n')).toContain(`Upload a new receipt: ${page(created)}`);
    expect(mail.html).toContain(`<p>Upload a new receipt: ${page(created)}</p>`);
  });

  it('payment confirmed and booking cancelled: a line to manage the booking', async () => {
    const created = await book(who.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 10), ['C2']);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200);
    const confirmed = await mailTo(who.ownerEmail, `Your booking ${created.booking.bookingId} is confirmed`);
    expect(confirmed.text.split('\n')).toContain(`Manage your booking: ${page(created)}`);

    expectAnswer(await who.owner.put(`/api/bookings/${created.booking._id}/cancel`), 200);
    const cancelled = await mailTo(who.ownerEmail, `Booking ${created.booking.bookingId} is cancelled`);
    expect(cancelled.text.split('\n')).toContain(`Manage your booking: ${page(created)}`);
  });

  it('a flight status change and an unreviewed claim that lapsed also link to the page', async () => {
    const start = Date.now();
    const flight = await flightAt(server, 'LOS', 'LHR', new Date(start + 20 * 24 * HOUR));
    const delayed = await book(who.owner, flight, ['D1']);
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { status: 'delayed' }), 200);
    const status = await mailTo(who.ownerEmail, `Flight ${flight.flightNumber} is delayed`);
    expect(status.text.split('\n')).toContain(`Manage your booking: ${page(delayed)}`);

    expectAnswer(await who.owner.post(`/api/payments/${delayed.payment._id}/paid`), 200);
    server.setNow(new Date(start + 200 * HOUR));
    await sweep(server.ctx);
    const lapsed = await mailTo(who.ownerEmail, `Booking ${delayed.booking.bookingId} is cancelled`);
    expect(lapsed.text).toContain('we could not confirm the payment');
    expect(lapsed.text.split('\n')).toContain(`Manage your booking: ${page(delayed)}`);
  });
});

describe('without PUBLIC_URL the link names the address the server listens on', () => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('uses the real port, not the configured 0', async () => {
    server = await startTestServer({ seed: 'demo' });
    const who = await actors(server, 'port');
    const created = await book(who.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 11), ['E1']);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'successful' }), 200);
    const { text } = await storedMail(who.admin, `Your booking ${created.booking.bookingId} is confirmed`);
    expect(text.split('\n')).toContain(`Manage your booking: ${server.url}/dashboard/bookings/${created.booking._id}`);
  });
});
