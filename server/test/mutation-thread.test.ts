import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { immediate } from '../db/client';
import { events, users } from '../db/schema';
import { BOOKING_THREAD, newWriteLock, SERVER_THREAD, shareWriteLock, takeWriteLock, tryWriteLock } from '../db/thread-lock';
import { conflict, NotNow } from '../errors';
import { fromFailure, toFailure } from '../mutation-thread/mutation-thread';
import { MUTATIONS } from '../mutations/registry';
import { actors, book, expectAnswer, paymentBody, upcomingFlight, type Actors } from './booking-fixtures';
import { sqliteOf } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

describe('bookings on a thread of their own (BOOKING_THREAD=on, the default on SQLite)', () => {
  let server: TestServer;
  let who: Actors;
  let flight: Flight;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    who = await actors(server, 'mutation-thread');
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 8);
  });
  afterAll(() => server.stop());

  const thread = () => {
    const running = server.ctx.mutationThread;
    if (!running) throw new Error('no mutation thread');
    return running;
  };
  const seatsLeft = async () =>
    (await client(server.url).get<Flight[]>(`/api/flights?origin=LOS&destination=LHR&departureTime=${flight.departureTime.slice(0, 10)}`)).body.find(
      (f) => f._id === flight._id,
    )?.availableSeats;

  it('books there, and a kept search of the flight shows the seat taken at once', async () => {
    const before = await seatsLeft();
    expect(await seatsLeft()).toBe(before);
    const booked = vi.spyOn(thread(), 'run');
    const created = await book(who.owner, flight, ['F1']);
    expect(booked).toHaveBeenCalledTimes(1);
    booked.mockRestore();
    expect(created.booking.seatId.map((s) => s.seatNumber)).toEqual(['F1']);
    expect(created.payment.status).toBe('pending');
    expect(await seatsLeft()).toBe((before ?? 0) - 1);
  });

  it('hands its effects to the server’s outbox, which sends them', async () => {
    const last = (await server.ctx.db.select({ id: events.id }).from(events)).reduce((max, e) => Math.max(max, e.id), 0);
    await book(who.owner, flight, ['F2']);
    await server.ctx.outbox.idle();
    const written = await server.ctx.db.select().from(events).where(gt(events.id, last));
    expect(written.length).toBeGreaterThan(0);
    // NOTE: a done mark is written only by the dispatcher whose claim the row bears; another's would wait out the lease.
    for (const event of written) expect(event.doneAt).not.toBeNull();
  });

  it('answers the booking rules’ refusals as the route always has', async () => {
    const taken = await who.other.post('/api/payments', paymentBody(flight, ['F1']));
    expectAnswer(taken, 409, 'Seat F1 is no longer available');
    expect(taken.body).toMatchObject({ code: 'seat_unavailable' });
    const expired = await who.other.post(
      '/api/payments',
      paymentBody(flight, ['F3'], { travellers: [{ ...paymentBody(flight, ['F3']).travellers[0], passportExpiry: '2020-01-01' }] }),
    );
    expectAnswer(expired, 400, 'The passport must be valid after the last flight');
    expect(expired.body).toMatchObject({ errors: [{ path: 'travellers.0.passportExpiry' }] });
  });

  it('takes turns with the server’s own writes: all of them land, and the write lock is free after', async () => {
    const seats = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4'];
    const bookings = seats.map((seat) => who.other.post('/api/payments', paymentBody(flight, [seat])));
    const writes = seats.map((_, i) =>
      immediate(server.ctx.db, async (tx) => {
        await tx
          .update(users)
          .set({ mobile: `+233 20 000 00${i}` })
          .where(gt(users.id, ''));
      }),
    );
    const answers = await Promise.all(bookings);
    await Promise.all(writes);
    for (const answer of answers) expectAnswer(answer, 201);
    // NOTE: each booking's effects (its mails) are written after its answer, so the lock may still be
    // taken for a moment; one left held would never come free.
    let free = tryWriteLock(sqliteOf(server.ctx));
    for (let tries = 0; !free && tries < 250; tries++) {
      await sleep(20);
      free = tryWriteLock(sqliteOf(server.ctx));
    }
    expect(free).toBeDefined();
    free?.();
  });

  it('makes a write of the server’s wait while the lock word is held, and run at its release', async () => {
    const held = tryWriteLock(sqliteOf(server.ctx));
    expect(held).toBeDefined();
    let written = false;
    const write = immediate(server.ctx.db, async (tx) => {
      await tx.update(users).set({ mobile: '+233 20 222 2222' }).where(gt(users.id, ''));
      written = true;
    });
    await sleep(30);
    expect(written).toBe(false);
    held?.();
    await write;
    expect(written).toBe(true);
  });

  it('starts again at the next booking when it is gone, and leaves the write lock free', async () => {
    const flying = who.other.post('/api/payments', paymentBody(flight, ['C1']));
    await thread().stop();
    expect([201, 500]).toContain((await flying).status);
    expectAnswer(await who.other.post('/api/payments', paymentBody(flight, ['C2'])), 201);
    await immediate(server.ctx.db, async (tx) => {
      await tx.update(users).set({ mobile: '+233 20 111 1111' }).where(gt(users.id, ''));
    });
  });

  it('answers a body its schema refuses on the request’s thread: nothing is queued for the thread', async () => {
    const sent = vi.spyOn(thread(), 'run');
    const refused = await who.owner.post('/api/payments', { ...paymentBody(flight, ['D1']), seatNumber: 'not a list' });
    expect(refused.status).toBe(400);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('runs any registered mutation it is given, by name: a profile update goes there and lands', async () => {
    const sent = vi.spyOn(thread(), 'run');
    const takes = vi.spyOn(thread(), 'takes').mockImplementation((name) => name === 'updateProfile');
    const updated = await who.owner.put<{ user: { fullName: string } }>('/api/users/update', { fullName: 'Thread Runner', email: who.ownerEmail });
    takes.mockRestore();
    expect(sent).toHaveBeenCalledTimes(1);
    sent.mockRestore();
    expectAnswer(updated, 200);
    expect(updated.body.user.fullName).toBe('Thread Runner');
    expect((await who.owner.get<{ fullName: string }>('/api/users')).body.fullName).toBe('Thread Runner');
  });
});

describe('the registry the mutation thread runs from', () => {
  it('names every mutation the server defines', async () => {
    const dir = new URL('../mutations/', import.meta.url);
    const defined: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const exports = Object.values((await import(new URL(file, dir).href)) as Record<string, unknown>);
      for (const value of exports)
        if (typeof value === 'object' && value !== null && 'run' in value && 'permission' in value) defined.push(String(Reflect.get(value, 'name')));
    }
    expect(defined.length).toBeGreaterThan(20);
    expect([...MUTATIONS.keys()].sort()).toEqual(defined.sort());
  });
});

describe('the write lock two threads of one process share', () => {
  it('makes one wait, asynchronously, while the other holds it, and wakes it at the release', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skyway-lock-'));
    const server = new Database(path.join(dir, 'db.sqlite'));
    const booking = new Database(path.join(dir, 'db.sqlite'));
    const lock = newWriteLock();
    shareWriteLock(server, lock, SERVER_THREAD);
    shareWriteLock(booking, lock, BOOKING_THREAD);
    const release = await takeWriteLock(booking);
    expect(tryWriteLock(server)).toBeUndefined();
    let taken = false;
    const waiting = takeWriteLock(server).then((next) => {
      taken = true;
      return next;
    });
    await sleep(30);
    expect(taken).toBe(false);
    release();
    const releaseServer = await waiting;
    expect(taken).toBe(true);
    expect(tryWriteLock(booking)).toBeUndefined();
    releaseServer();
    const again = tryWriteLock(booking);
    expect(again).toBeDefined();
    again?.();
    server.close();
    booking.close();
    rmSync(dir, { recursive: true });
  });
});

describe('writes outside a transaction, on a connection that shares the lock word', () => {
  it('are refused, since they would wait for the other thread in the busy handler; inside a transaction they run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'skyway-lock-'));
    const sqlite = new Database(path.join(dir, 'db.sqlite'));
    sqlite.exec('create table notes (id integer primary key, body text)');
    shareWriteLock(sqlite, newWriteLock(), SERVER_THREAD);
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    expect(() => insert.run('alone')).toThrow(/a write outside a transaction/);
    expect(() => sqlite.prepare('delete from notes').run()).toThrow(/a write outside a transaction/);
    sqlite.exec('BEGIN IMMEDIATE');
    insert.run('inside');
    sqlite.exec('COMMIT');
    expect(sqlite.prepare('select body from notes').pluck().all()).toEqual(['inside']);
    sqlite.close();
    rmSync(dir, { recursive: true });
  });
});

describe('what a failure on the booking thread becomes on the server’s', () => {
  it('keeps an AppError’s status, code and field errors, a NotNow’s retry, and a driver error’s code and stack', () => {
    const refused = fromFailure(toFailure(conflict('Seat F1 is no longer available', 'seat_unavailable')));
    expect(refused).toMatchObject({ status: 409, code: 'seat_unavailable', message: 'Seat F1 is no longer available' });
    expect(fromFailure(toFailure(new NotNow(503, 'later', 2)))).toMatchObject({ status: 503, retryAfterSeconds: 2 });
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const rebuilt = fromFailure(toFailure(busy));
    expect(rebuilt).toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
    expect(rebuilt.stack).toBe(busy.stack);
  });
});
