import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../sync/schemas/booking';
import { startTestServer, type TestServer } from './harness';
import { messagesDuring, type Sent } from './pg-messages';
import { actors, book, roundTripBody, upcomingFlight, expectAnswer, type Actors, type Created } from './booking-fixtures';

/** Marks the test's own reads, left out of the count. */
const PROBE = '/* probe */';

const SWEEP = /^select "id" from "events" where /;
const MARK = /^begin;\nupdate "events" set [^;]*"done_at" = /;
const COMMIT = /\bcommit\b/i;

/**
 * The messages but the outbox's own work on a timer, whenever it falls in the window (server/outbox/outbox.ts):
 * its sweep's read of due events every second, and its mark of sent events 50 ms after a send, a
 * transaction of its own from its BEGIN to its COMMIT.
 */
function withoutOutboxTimers(sent: Sent[]): Sent[] {
  const marking = new Set<Sent['client']>();
  return sent.filter(({ client, text }) => {
    if (marking.has(client) || MARK.test(text)) {
      if (COMMIT.test(text)) marking.delete(client);
      else marking.add(client);
      return false;
    }
    return !SWEEP.test(text);
  });
}

/** The round trips of the write transaction that inserted into `table`: its BEGIN through its COMMIT on one connection. */
function transactionWriting(sent: Sent[], table: string): string[] {
  const writer = sent.find((s) => s.text.includes(`insert into "${table}"`));
  if (!writer) throw new Error(`no transaction inserted into ${table}`);
  const own = sent.filter((s) => s.client === writer.client).map((s) => s.text);
  const end = own.findIndex((text, i) => i >= own.indexOf(writer.text) && /\bcommit\b/i.test(text));
  const start = own.slice(0, end + 1).findLastIndex((text) => /^\s*begin\b/i.test(text));
  return own.slice(start, end + 1);
}

/**
 * Issue #46: a booking on PostgreSQL takes at most 4 round trips to the database. The statements that do
 * not wait on each other go together, several to a message, and the writes go with the commit
 * (db/batching.ts): the transaction takes 2.
 */
describe('round trips of a booking (PostgreSQL)', () => {
  let server: TestServer;
  let who: Actors;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'trips');
    // The settings and the caller's row, once read, are kept on the pool while no write of them is heard: read them first.
    expectAnswer(await who.owner.get('/api/settings'), 200);
  });
  afterAll(() => server.stop());

  it('a one-way booking for two travellers takes 2 round trips: its reads, then its writes with the commit', async () => {
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
    let created: Created | undefined;
    const sent = await messagesDuring(async () => (created = await book(who.owner, flight, ['B1', 'B2'])));
    expect(created?.booking.seatId.map((s) => s.seatNumber)).toEqual(['B1', 'B2']);
    const trips = transactionWriting(sent, 'bookings');
    expect(trips).toHaveLength(2);
    expect(trips[1]).toMatch(/^insert into "bookings".*\bcommit$/s);
  });

  it('a round trip booking takes 2 round trips too', async () => {
    const outbound = await upcomingFlight(server.url, 'LOS', 'LHR', 10);
    const inbound = await upcomingFlight(server.url, 'LHR', 'LOS', 14);
    let created: Created | undefined;
    const sent = await messagesDuring(async () => {
      const res = await who.owner.post<Created>('/api/payments', roundTripBody(outbound, inbound, ['C1'], ['C2']));
      expectAnswer(res, 201);
      created = res.body;
    });
    expect(transactionWriting(sent, 'bookings')).toHaveLength(2);
    // The rows are built in Node, not returned by the inserts: the answer must be the booking as PostgreSQL reads it back.
    const readBack = (await who.owner.get<Booking[]>('/api/bookings/user')).body.find((b) => b._id === created?.booking._id);
    expect(created?.booking).toEqual(readBack);
    expect(created?.payment.bookingId).toEqual(readBack);
  });

  it('a booking sends 2 messages in all, its round trips, its mail in the commit; none for the settings or the caller', async () => {
    await book(who.owner, await upcomingFlight(server.url, 'LOS', 'LHR', 11), ['D1']);
    // The earlier booking's poke is marked sent a moment after it, in a write of its own.
    await server.ctx.outbox.idle();
    const flight = await upcomingFlight(server.url, 'LOS', 'LHR', 12);
    const pool = server.ctx.database.pool;
    if (!pool) throw new Error('a PostgreSQL server has a pool');
    const mailed = async (reference: string) =>
      (await pool.query<{ n: number }>(`select ${PROBE} count(*)::int as n from mail_outbox where subject = $1`, [`Payment requested: booking ${reference}`]))
        .rows[0]?.n;
    const sent = await messagesDuring(async () => {
      const created = await book(who.owner, flight, ['D2']);
      await expect.poll(() => mailed(created.booking.bookingId)).toBe(1);
    });
    const own = withoutOutboxTimers(sent).filter((s) => !s.text.includes(PROBE));
    expect(own.map((s) => s.text).filter((text) => text.includes('"settings"') || text.startsWith('select "id", "full_name"'))).toEqual([]);
    // No SMTP URL: the mail is stored in the booking's own transaction, with its commit.
    const mails = own.filter((s) => s.text.includes('"mail_outbox"'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/insert into "mail_outbox".*\bcommit$/s);
    expect(mails[0]?.text).not.toMatch(/^\s*begin\b/i);
    expect(own).toHaveLength(2);
  });
});
