import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION, type PushResponse } from '../../sync/protocol';
import { z } from 'zod';
import type { Flight } from '../../sync/schemas/flight';
import { conflict } from '../errors';
import { defineMutation } from '../mutations/mutation';
import { runMutation } from '../mutations/run';
import { pokeEffect } from '../outbox/effects';
import { createAirport } from '../services/catalogue/airports';
import { findUserById } from '../services/identity/users';
import { actors, book, paymentBody, upcomingFlight, type Actors } from './booking-fixtures';
import { expectCode, readDb } from './fixtures';
import { startTestServer, type TestServer } from './harness';

type EventRow = { id: number; effect: string; done_at: string | null };

describe('one mutation pipeline: one transaction, effects through the outbox, reasons as codes', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;
  const poked: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'pipeline');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 12);
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

  const events = (): EventRow[] => readDb(server, (db) => db.prepare('select id, effect, done_at from events order by id').all() as EventRow[]);
  const lastEventId = () => events().at(-1)?.id ?? 0;
  const eventsAfter = (id: number) => events().filter((e) => e.id > id);

  it('a mutation that throws after writing leaves no row and no event, and sends nothing', async () => {
    const code = 'QZZ';
    const failing = defineMutation({
      name: 'failingAfterWrite',
      args: z.object({}),
      permission: () => undefined,
      async run(tx, deps) {
        await createAirport(tx, { name: 'Doomed Field', code, city: 'Nowhere', country: 'Nowhere', timeZone: 'UTC' }, deps.now());
        await server.ctx.outbox.record(tx, [pokeEffect([who.ownerId])]);
        throw conflict('refused after writing');
      },
    });
    const owner = await findUserById(server.ctx.db, who.ownerId);
    if (!owner) throw new Error('no user');
    const before = lastEventId();
    poked.length = 0;
    await expect(runMutation(server.ctx, failing, owner, {})).rejects.toThrow('refused after writing');
    expect(readDb(server, (db) => db.prepare('select count(*) as n from airports where code = ?').get(code))).toEqual({ n: 0 });
    expect(eventsAfter(before)).toEqual([]);
    expect(poked).toEqual([]);
  });

  it('a change writes its effects in its transaction and sends them right after the commit; a mail with nowhere to go is stored there', async () => {
    const before = lastEventId();
    poked.length = 0;
    const { booking } = await book(who.owner, flight, ['B2']);
    const written = eventsAfter(before);
    expect(written.map((e) => (JSON.parse(e.effect) as { type: string }).type)).toEqual(['poke']);
    // No SMTP URL: a send after the commit would only store the mail, so the booking's own transaction stores it.
    const subject = `Payment requested: booking ${booking.bookingId}`;
    expect(readDb(server, (db) => db.prepare('select status from mail_outbox where subject = ?').all(subject))).toEqual([{ status: 'stored' }]);
    expect(poked).toEqual([[who.ownerId]]);
    await expect.poll(() => eventsAfter(before).every((e) => e.done_at !== null)).toBe(true);
  });

  it('a mail that fails is kept, retried after a back-off, and then marked sent', async () => {
    const { booking } = await book(who.owner, flight, ['B3']);
    const { mailer } = server.ctx;
    const tries: string[] = [];
    server.ctx.mailer = {
      // As with an SMTP URL: the mail goes after the commit, as an event.
      storeUnsendable: () => Promise.resolve(false),
      send: async (mail) => {
        tries.push(mail.subject);
        if (tries.length === 1) throw new Error('mail server away');
        await mailer.send(mail);
      },
    };
    try {
      const before = lastEventId();
      expect((await who.owner.put(`/api/bookings/${booking._id}/cancel`)).status).toBe(200);
      const subject = `Booking ${booking.bookingId} is cancelled`;
      const mailEvent = () =>
        readDb(server, (db) =>
          db.prepare("select done_at, attempts, last_error from events where id > ? and effect like '%' || ? || '%'").get(before, subject),
        );
      await expect.poll(mailEvent).toMatchObject({ done_at: null, last_error: 'mail server away' });
      await expect.poll(() => (mailEvent() as { done_at: string | null }).done_at, { timeout: 8_000 }).not.toBeNull();
      expect(tries).toEqual([subject, subject]);
      expect(mailEvent()).toMatchObject({ attempts: 2 });
    } finally {
      server.ctx.mailer = mailer;
    }
  });

  it('REST and sync push make the same rows and the same events for the same cancelBooking', async () => {
    const byRest = (await book(who.owner, flight, ['C1'])).booking;
    const byPush = (await book(who.owner, flight, ['C2'])).booking;
    const restFrom = lastEventId();
    expect((await who.owner.put(`/api/bookings/${byRest._id}/cancel`)).status).toBe(200);
    const restEvents = eventsAfter(restFrom);
    const pushFrom = lastEventId();
    const pushed = await who.owner.post<PushResponse>('/api/sync/push', {
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'cancelBooking', args: { bookingId: byPush._id } }],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body).toEqual({ lastMutationId: 1, results: [] });
    const pushEvents = eventsAfter(pushFrom);

    const row = (id: string) => readDb(server, (db) => db.prepare('select status, cancel_reason, refund_due_cents from bookings where id = ?').get(id));
    expect(row(byPush._id)).toEqual(row(byRest._id));
    const audit = (id: string) =>
      readDb(server, (db) =>
        db.prepare("select actor_id, from_status, to_status, reason from audit_log where entity = 'booking' and entity_id = ? order by id").all(id),
      );
    expect(audit(byPush._id)).toEqual(audit(byRest._id));
    const seats = (id: string) => readDb(server, (db) => db.prepare('select state from seat_allocations where booking_id = ?').all(id));
    expect(seats(byPush._id)).toEqual(seats(byRest._id));
    // The same effects, but for the booking's own id (in its page's link), reference and seat.
    const shape = (rows: EventRow[], booking: { _id: string; bookingId: string }, seat: string) =>
      rows.map((e) => e.effect.replaceAll(booking._id, '<id>').replaceAll(booking.bookingId, '<ref>').replaceAll(`Seats: ${seat}`, 'Seats: <seat>'));
    expect(shape(pushEvents, byPush, 'C2')).toEqual(shape(restEvents, byRest, 'C1'));
    // The cancellation mail has no SMTP URL to go through: both stored it in their transaction.
    expect(restEvents.map((e) => (JSON.parse(e.effect) as { type: string }).type)).toEqual(['poke']);
    const mails = (booking: { bookingId: string }) =>
      readDb(server, (db) => db.prepare('select status from mail_outbox where subject = ?').all(`Booking ${booking.bookingId} is cancelled`));
    expect(mails(byPush)).toEqual([{ status: 'stored' }]);
    expect(mails(byRest)).toEqual(mails(byPush));
  });

  it('a taken seat answers 409 seat_unavailable; a tampered amount fare_changed', async () => {
    await book(who.owner, flight, ['D1']);
    expectCode(await who.other.post('/api/payments', paymentBody(flight, ['D1'])), 409, 'seat_unavailable');
    expectCode(await who.other.post('/api/payments', paymentBody(flight, ['D2'], { amount: flight.price - 1 })), 409, 'fare_changed');
  });

  it("another traveller's cancelBooking pushed through sync comes back with a snake-case code", async () => {
    const { booking } = await book(who.owner, flight, ['E1']);
    const pushed = await who.other.post<PushResponse>('/api/sync/push', {
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'cancelBooking', args: { bookingId: booking._id } }],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results).toEqual([{ mutationId: 1, code: 'not_found', message: 'Booking not found' }]);
    expect(readDb(server, (db) => db.prepare('select status from bookings where id = ?').get(booking._id))).toEqual({ status: 'pending' });
  });
});
