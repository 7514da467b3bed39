import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import { localDate, localTime } from '../../sync/time';
import { startTestServer, type TestServer } from './harness';
import { startInbox, type Inbox } from './smtp-inbox';
import { actors, book, expectAnswer, roundTripBody, upcomingFlight, type Actors, type Created } from './booking-fixtures';

describe('mail over a real SMTP server', () => {
  let smtp: Inbox;
  let server: TestServer;
  let who: Actors;
  const mailTo = (to: string, subject: string) => smtp.mailTo(to, subject);

  beforeAll(async () => {
    smtp = await startInbox((address) => address.startsWith('bounce'));
    server = await startTestServer({ seed: 'demo', env: { SMTP_URL: smtp.url } });
    who = await actors(server, 'mail');
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('the confirmation mail has a text and an HTML part and the itinerary in local airport times', async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 15);
    const departUtc = outbound.departureTime.slice(11, 16);
    const departLagos = localTime(outbound.departureTime, 'Africa/Lagos');
    expect(departLagos).not.toBe(departUtc);
    const res = await who.owner.post<Created>(
      '/api/payments',
      roundTripBody(outbound, inbound, ['A1', 'A2'], ['B1', 'B2'], { confirmEmail: 'ada@example.com' }),
    );
    expectAnswer(res, 201);
    const booking = res.body.booking;
    const operator = await mailTo('bookings@skyway.test', `Payment requested: booking ${booking.bookingId}`);
    expect(operator.parts.get('text/plain')).toContain('started a bank_transfer payment');

    expectAnswer(await who.admin.put(`/api/payments/${res.body.payment._id}`, { status: 'successful' }), 200);
    const mail = await mailTo(who.ownerEmail, `Your booking ${booking.bookingId} is confirmed`);
    expect(mail.from).toBe('bookings@skyway.test');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const text = mail.parts.get('text/plain') ?? '';
    const html = mail.parts.get('text/html') ?? '';
    expect(html).toMatch(/^<!doctype html>/);

    const legLine = (leg: Booking['flightId']) => {
      const day = dayjs(localDate(leg.departureTime, leg.origin.timeZone)).format('ddd DD MMM YYYY');
      const depart = localTime(leg.departureTime, leg.origin.timeZone);
      const arriveDay = localDate(leg.arrivalTime, leg.destination.timeZone);
      const later = arriveDay === localDate(leg.departureTime, leg.origin.timeZone) ? '' : ` (${dayjs(arriveDay).format('ddd DD MMM')})`;
      return `${leg.flightNumber} ${leg.origin.city} (${leg.origin.code}) ${day} ${depart} -> ${leg.destination.city} (${leg.destination.code}) ${localTime(leg.arrivalTime, leg.destination.timeZone)}${later}`;
    };
    expect(booking.flightId.origin.timeZone).toBe('Africa/Lagos');
    const returnLeg = booking.returnFlightId;
    if (!returnLeg) throw new Error('round trip without a return leg');
    for (const line of [legLine(booking.flightId), legLine(returnLeg), 'Travellers: Mr Tester1 Traveller, Mr Tester2 Traveller', 'Seats: A1, A2, B1, B2']) {
      expect(text.split(/\r?\n/)).toContain(line);
      expect(html).toContain(`<p>${line.replace('->', '-&gt;')}</p>`);
    }
    expect(text).toContain(`LOS) ${dayjs(localDate(booking.flightId.departureTime, 'Africa/Lagos')).format('ddd DD MMM YYYY')} ${departLagos} ->`);
    expect(text).not.toContain(`(LOS) ${dayjs(localDate(booking.flightId.departureTime, 'Africa/Lagos')).format('ddd DD MMM YYYY')} ${departUtc} ->`);
    expect(text).toContain(`Total: $${(Math.round(booking.totalAmount * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    const outbox = await who.admin.get<{ subject: string; status: string; sentAt: string | null }[]>('/api/mail-outbox');
    const row = outbox.body.find((m) => m.subject === `Your booking ${booking.bookingId} is confirmed`);
    expect(row).toMatchObject({ status: 'sent' });
    expect(row?.sentAt).toEqual(expect.any(String));
  });

  it('the failure mail carries the reason; receipts notify the operator', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    const created = await book(who.owner, flight, ['C1'], { confirmEmail: 'kofi@example.com' });
    expectAnswer(await who.owner.post(`/api/payments/${created.payment._id}/paid`), 200);
    await mailTo('bookings@skyway.test', `Confirm Payment: booking ${created.booking.bookingId}`);
    expectAnswer(await who.admin.put(`/api/payments/${created.payment._id}`, { status: 'failed', reason: 'Amount <short> by $20' }), 200);
    const mail = await mailTo(who.ownerEmail, `Payment for booking ${created.booking.bookingId} was not accepted`);
    expect(mail.parts.get('text/plain')).toContain('Reason: Amount <short> by $20');
    expect(mail.parts.get('text/html')).toContain('Reason: Amount &lt;short&gt; by $20');
  });

  it('POST /emails is delivered; a refused recipient is recorded as failed in the outbox', async () => {
    expectAnswer(await who.admin.post('/api/emails', { to: 'guest@example.com', subject: 'Hello from SkyWay', message: 'See you on board' }), 201);
    const mail = await mailTo('guest@example.com', 'Hello from SkyWay');
    expect(mail.parts.get('text/plain')).toBe('See you on board');
    expectAnswer(await who.admin.post('/api/emails', { to: 'bounce@example.com', subject: 'Will bounce', message: 'x' }), 201);
    const outbox = await who.admin.get<{ subject: string; status: string; error: string | null }[]>('/api/mail-outbox');
    const failed = outbox.body.find((m) => m.subject === 'Will bounce');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toContain('Mailbox unavailable');
  });
});
