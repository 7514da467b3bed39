import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRLINE_CANCELLED_OFFER } from '../../sync/airline-cancellation';
import type { Booking } from '../../sync/schemas/booking';
import type { Flight } from '../../sync/schemas/flight';
import { actors, book, expectAnswer, upcomingFlight, type Actors } from './booking-fixtures';
import { readDb } from './fixtures';
import { startTestServer, type TestServer } from './harness';

type Mail = { to: string; subject: string; text: string };
type Saved = { message: string; flight: Flight };
type AuditRow = { actor_id: string | null; from_status: string | null; to_status: string };

describe('a flight status change tells the travellers booked on it', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  /** Booking mails go to the account's e-mail, never to the contact e-mail typed into the booking. */
  const OTHER_EMAIL = 'other-status@example.com';
  let first: Booking;
  let second: Booking;
  const poked: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'status');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    first = (await book(who.owner, flight, ['A1'], { confirmEmail: 'first@example.com' })).booking;
    second = (await book(who.other, flight, ['A2'], { confirmEmail: 'second@example.com' })).booking;
    const cancelled = (await book(who.other, flight, ['A3'], { confirmEmail: 'gone@example.com' })).booking;
    expectAnswer(await who.other.put(`/api/bookings/${cancelled._id}/cancel`), 200);
    const { realtime } = server.ctx;
    server.ctx.realtime = {
      ...realtime,
      poke: (userIds) => {
        poked.push([...userIds]);
        realtime.poke(userIds);
      },
    };
  });
  afterAll(() => server.stop());

  const mails = async () => (await who.admin.get<Mail[]>('/api/mail-outbox?limit=200')).body;
  const audit = (): AuditRow[] =>
    readDb(
      server,
      (db) =>
        db
          .prepare("select actor_id, from_status, to_status from audit_log where action = 'flight.status' and entity_id = ? order by id")
          .all(flight._id) as AuditRow[],
    );

  it('mails each live booking, pokes its traveller and the admins, and audits who changed it', async () => {
    const res = await who.admin.put<Saved>(`/api/flights/${flight._id}`, { status: 'delayed' });
    expectAnswer(res, 200, 'Flight updated successfully');
    expect(res.body.flight.status).toBe('delayed');
    await expect
      .poll(async () =>
        (await mails())
          .filter((m) => m.subject === `Flight ${flight.flightNumber} is delayed`)
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([who.ownerEmail, OTHER_EMAIL].sort());
    const mail = (await mails()).find((m) => m.to === who.ownerEmail && m.subject.includes('is delayed'));
    expect(mail?.text).toContain(`flight ${flight.flightNumber} on your booking ${first.bookingId} is delayed`);
    expect(mail?.text).toContain(`${flight.origin.city} (${flight.origin.code})`);
    // One poke for both travellers; a poke always reaches every admin too (realtime/port.ts).
    expect(poked.map((t) => [...t].sort())).toEqual([[who.ownerId, who.otherId].sort()]);
    const adminId = (await who.admin.get<{ _id: string }>('/api/users')).body._id;
    expect(audit()).toEqual([{ actor_id: adminId, from_status: 'scheduled', to_status: 'delayed' }]);
  });

  it('says cancelled in the subject and the body, to the account e-mail of each traveller', async () => {
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { status: 'cancelled' }), 200);
    await expect.poll(async () => (await mails()).filter((m) => m.subject === `Flight ${flight.flightNumber} has been cancelled`).length).toBe(2);
    const text = (await mails()).find((m) => m.to === OTHER_EMAIL && m.subject.includes('cancelled'))?.text;
    expect(text).toContain(`booking ${second.bookingId} has been cancelled`);
    expect(text).toContain(AIRLINE_CANCELLED_OFFER);
    expect(audit().map((r) => r.to_status)).toEqual(['delayed', 'cancelled']);
  });

  it('sends nothing and audits no status change when the status stays, or only the price changes (audited as an update)', async () => {
    const before = (await mails()).length;
    poked.length = 0;
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { status: 'cancelled' }), 200);
    expectAnswer(await who.admin.put(`/api/flights/${flight._id}`, { price: flight.price + 10 }), 200);
    expect((await mails()).length).toBe(before);
    expect(poked).toEqual([]);
    expect(audit()).toHaveLength(2);
    const updates = readDb(server, (db) => db.prepare("select reason from audit_log where action = 'flight.updated' and entity_id = ?").all(flight._id));
    expect(updates).toEqual([{ reason: `price $${flight.price.toFixed(2)} -> $${(flight.price + 10).toFixed(2)}` }]);
  });

  it('a refused change (a traveller trying) mails and audits nothing', async () => {
    const before = (await mails()).length;
    expectAnswer(await who.owner.put(`/api/flights/${flight._id}`, { status: 'scheduled' }), 403);
    expect((await mails()).length).toBe(before);
    expect(audit()).toHaveLength(2);
  });
});
