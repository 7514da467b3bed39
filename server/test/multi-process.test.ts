import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import { SEAT_LABELS } from '../../sync/constants';
import type { Flight } from '../../sync/schemas/flight';
import type { AdminSettings } from '../../sync/schemas/settings';
import { book, paymentBody, upcomingFlight, type Api, type Created } from './booking-fixtures';
import { connect, heardEvent, loginGuest, send, startSupport, withId } from './chat-fixtures';
import { crash } from './child-server';
import { imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, registerUser, type Answer } from './harness';
import { eventually, HEARD_MS, relisten, unheard } from './pg-listeners';
import { startProcessPair, type ProcessPair } from './process-pair';

/**
 * Issue #15: two real server processes (A and B) of one deployment on one PostgreSQL database and one
 * Redis, each with its own DATA_DIR, as a load balancer would spread one user's requests over them.
 * The SIGKILL of A comes last: the scenarios before it need both processes.
 */
describe('two server processes on one PostgreSQL database', () => {
  let pair: ProcessPair;
  let adminToken: string;
  const registered = (url: string, tag: string) => registerUser(url, `${tag}-${randomUUID().slice(0, 8)}@example.com`);
  const takenSeats = async (url: string, flightId: string) =>
    (await client(url).get<{ seatNumber: string }[]>(`/api/flights/${flightId}/seat`)).body.map((s) => s.seatNumber);

  beforeAll(async () => {
    // The first start may build the PWA; RATE_LIMITS=off: dozens of accounts sign up and book from this one address.
    pair = await startProcessPair({ RATE_LIMITS: 'off' });
    adminToken = await login(pair.a.url, ADMIN.email, ADMIN.password);
    const admin = client(pair.a.url, adminToken);
    const settings = (await admin.get<AdminSettings>('/api/settings')).body;
    const raised = await admin.put('/api/settings', {
      ...settings,
      smtp: undefined,
      mail: { name: settings.mail.name },
      maxUnpaidBookings: 100,
      maxUnpaidSeats: 240,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  }, 300_000);
  afterAll(() => pair?.stop(), 60_000);

  it('1. a user registered through A signs in through B, and A’s token works on B', async () => {
    const email = `both-${randomUUID().slice(0, 8)}@example.com`;
    const { token, id } = await registerUser(pair.a.url, email, 'Secret-pass-1', 'Both Ways');
    const signedIn = await client(pair.b.url).post<{ token: string; user: { _id: string } }>('/api/auths/login', { email, password: 'Secret-pass-1' });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user._id).toBe(id);
    for (const [url, t] of [
      [pair.b.url, token],
      [pair.a.url, signedIn.body.token],
    ] as const) {
      const me = await client(url, t).get<{ _id: string; email: string }>('/api/users');
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body).toMatchObject({ _id: id, email });
    }
  });

  it('2. 24 buyers of one seat split across both: one sale, 23 seat_unavailable', async () => {
    const flight = await upcomingFlight(pair.a.url, 'LOS', 'LHR', 8);
    const taken = await takenSeats(pair.a.url, flight._id);
    const free = SEAT_LABELS.find((s) => !taken.includes(s));
    if (!free) throw new Error('no free seat');
    const urls = [pair.a.url, pair.b.url];
    const buyers = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const url = urls[i % 2] ?? '';
        return client(url, (await registered(url, `buyer-${i}`)).token);
      }),
    );
    const answers: Answer[] = await Promise.all(buyers.map((api) => api.post('/api/payments', paymentBody(flight, [free]))));
    expect(
      answers.filter((a) => a.status !== 201 && a.status !== 409),
      'neither a sale nor a conflict',
    ).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(23);
    for (const c of conflicts) expect(c.body).toMatchObject({ code: 'seat_unavailable' });
    for (const parity of [0, 1]) expect(answers.filter((a, i) => i % 2 === parity && a.status === 409).length).toBeGreaterThanOrEqual(11);

    const rows = await pair.query<{ state: string }>(
      "select state from seat_allocations where flight_id = $1 and seat_label = $2 and state in ('held', 'sold')",
      [flight._id, free],
    );
    expect(rows).toEqual([{ state: 'held' }]);
    for (const url of urls) {
      expect(await takenSeats(url, flight._id)).toContain(free);
      expect((await client(url).get<Flight>(`/api/flights/${flight._id}`)).body.availableSeats).toBe(24 - taken.length - 1);
    }
  });

  it('3. an image uploaded through A is served by B (separate DATA_DIRs)', async () => {
    const { token } = await registered(pair.a.url, 'image');
    const upload = await client(pair.a.url, token).post<{ imageUrl: string }>(
      '/api/images',
      imageForm(await makeImage(80, 60), 'receipt.png', 'image/png', { kind: 'receipt' }),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const fromA = await fetch(`${pair.a.url}${upload.body.imageUrl}`, { headers: { authorization: `Bearer ${token}` } });
    const fromB = await fetch(`${pair.b.url}${upload.body.imageUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(fromA.status).toBe(200);
    expect(fromB.status, await fromB.clone().text()).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('4. a chat message sent through A reaches an admin socket on B', async () => {
    const guest = await loginGuest(pair.a.url);
    const conversation = await startSupport(guest.api);
    const adminOnB = await connect(pair.b.url, adminToken);
    try {
      const message = await send(guest.api, conversation._id, 'Sent to A, read on B');
      expect(await heardEvent(adminOnB, 'message', withId(message._id))).toMatchObject({ _id: message._id, content: 'Sent to A, read on B' });
    } finally {
      adminOnB.close();
    }
  });

  it('5. a booking made through A syncs from B', async () => {
    const { token } = await registered(pair.b.url, 'sync');
    const store = new MemoryStore(randomUUID());
    const device = new SyncEngine({ store, transport: httpTransport(pair.b.url, () => token) });
    await device.sync();
    expect(store.tables.bookings.size).toBe(0);
    const flight = await upcomingFlight(pair.a.url, 'LHR', 'LOS', 9);
    const taken = await takenSeats(pair.a.url, flight._id);
    const seat = SEAT_LABELS.find((s) => !taken.includes(s));
    if (!seat) throw new Error('no free seat');
    const created = await book(client(pair.a.url, token), flight, [seat]);
    await device.sync();
    expect(store.tables.bookings.get(created.booking._id)).toMatchObject({ _id: created.booking._id, status: 'pending' });
    expect(store.tables.payments.get(created.payment._id)).toMatchObject({ _id: created.payment._id });
  });

  describe('each process keeps its callers’ rows until it hears a write of them (db/user-writes.ts)', () => {
    type Me = { _id: string; fullName: string; email: string };
    const me = (url: string, token: string) => client(url, token).get<Me>('/api/users');
    const nameOn = async (url: string, token: string) => (await me(url, token)).body.fullName;
    const adminOn = (url: string) => client(url, adminToken);

    it('6. a change no process hears leaves the kept row standing; a profile update through B reaches A once heard', async () => {
      const { token, id } = await registered(pair.a.url, 'kept');
      expect(await nameOn(pair.a.url, token)).toBe('Test User');
      await unheard(pair, `update users set full_name = 'Unheard' where id = '${id}'`);
      expect(await nameOn(pair.a.url, token)).toBe('Test User');
      const { email } = (await me(pair.b.url, token)).body;
      const updated = await client(pair.b.url, token).put('/api/users/update', { fullName: 'Heard Name', email });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(await nameOn(pair.b.url, token)).toBe('Heard Name');
      expect(await eventually(async () => (await nameOn(pair.a.url, token)) === 'Heard Name', HEARD_MS)).toBe(true);
    });

    it('7. a token signed on B works on A at once; the tokens it revoked stop on A once heard, and A drops their sockets', async () => {
      const { token, id } = await registered(pair.a.url, 'revoke');
      expect((await me(pair.a.url, token)).status).toBe(200);
      const socket = await connect(pair.a.url, token);
      const gone = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
      const changed = await client(pair.b.url, token).put<{ token: string }>('/api/users/update', {
        currentPassword: 'Secret-pass-1',
        newPassword: 'Secret-pass-2',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await me(pair.a.url, changed.body.token)).body._id).toBe(id);
      expect(await eventually(async () => (await me(pair.a.url, token)).status === 401, HEARD_MS)).toBe(true);
      // The sessions' notification (migrations/pg/0001, its trigger remade by 0018) reaches A, which checks the row anew.
      expect(await gone).toBe('io server disconnect');
    });

    it('8. an account disabled through B is refused by A once heard, and through A at once; enabled again, it works at once', async () => {
      const { token, id } = await registered(pair.a.url, 'disable');
      const { email } = (await me(pair.a.url, token)).body;
      const status = (url: string, value: 'disabled' | 'active') => adminOn(url).put(`/api/admin/users/${id}/status`, { status: value });
      expect((await status(pair.b.url, 'disabled')).status).toBe(200);
      expect(await eventually(async () => (await me(pair.a.url, token)).status === 401, HEARD_MS)).toBe(true);
      expect((await status(pair.b.url, 'active')).status).toBe(200);
      const again = await client(pair.a.url).post<{ token: string }>('/api/auths/login', { email, password: 'Secret-pass-1' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect((await me(pair.a.url, again.body.token)).status).toBe(200);
      expect((await status(pair.a.url, 'disabled')).status).toBe(200);
      expect((await me(pair.a.url, again.body.token)).status).toBe(401);
    });

    it('9. once its listening connection is killed and made again, A serves no row it kept from before', async () => {
      const { token, id } = await registered(pair.a.url, 'relisten');
      expect(await nameOn(pair.a.url, token)).toBe('Test User');
      await unheard(pair, `update users set full_name = 'Missed' where id = '${id}'`);
      expect(await relisten(pair)).toBe(true);
      expect(await nameOn(pair.a.url, token)).toBe('Missed');
    });
  });

  it('10. a SIGKILL of A under load loses no acknowledged booking, and B answers throughout', async () => {
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 45 * 86_400_000).toISOString();
    const ids = await pair.query<{ id: string }>(
      "select id from flights where status = 'scheduled' and departure_time between $1 and $2 order by random() limit 40",
      [from, to],
    );
    const flights = await Promise.all(ids.map(async ({ id }) => (await client(pair.b.url).get<Flight>(`/api/flights/${id}`)).body));
    const tokens = await Promise.all(Array.from({ length: 6 }, async (_, i) => (await registered(pair.b.url, `load-${i}`)).token));

    type Acked = { bookingId: string; paymentId: string; flightId: string; seats: string[]; via: 'A' | 'B'; afterKill: boolean };
    const acked: Acked[] = [];
    const tried = new Map<string, Set<string>>();
    const failures: string[] = [];
    const stats = { cutOnA: 0, conflicts: 0, probes: 0, slowestProbeMs: 0 };
    let killed = false;
    let done = false;

    /** Books free seats as fast as it can through one process; a 201 read whole is acknowledged, whenever it came. */
    async function worker(via: 'A' | 'B', api: Api): Promise<void> {
      while (!done && !(via === 'A' && killed)) {
        const open = flights.filter((f) => (tried.get(f._id)?.size ?? 0) < SEAT_LABELS.length);
        const flight = open[randomInt(Math.max(open.length, 1))];
        if (!flight) return;
        const used = tried.get(flight._id) ?? new Set<string>();
        tried.set(flight._id, used);
        const seats = SEAT_LABELS.filter((s) => !used.has(s)).slice(0, 1 + randomInt(2));
        for (const s of seats) used.add(s);
        let res: Answer<Created>;
        try {
          res = await api.post<Created>('/api/payments', paymentBody(flight, seats));
        } catch (error) {
          if (via === 'A' && killed) {
            stats.cutOnA++;
            return;
          }
          failures.push(`${via} POST /api/payments threw: ${String(error)}`);
          return;
        }
        if (res.status === 201) {
          acked.push({ bookingId: res.body.booking._id, paymentId: res.body.payment._id, flightId: flight._id, seats, via, afterKill: killed });
        } else if (res.status === 409) stats.conflicts++;
        else failures.push(`${via} POST /api/payments answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }

    async function probeB(): Promise<void> {
      while (!done) {
        const started = performance.now();
        try {
          const res = await fetch(`${pair.b.url}/api/health`);
          if (res.status !== 200) failures.push(`B /api/health answered ${res.status}`);
          await res.arrayBuffer();
        } catch (error) {
          failures.push(`B /api/health threw: ${String(error)}`);
        }
        stats.probes++;
        stats.slowestProbeMs = Math.max(stats.slowestProbeMs, Math.round(performance.now() - started));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    const load = [probeB(), ...tokens.map((token, i) => (i % 2 === 0 ? worker('A', client(pair.a.url, token)) : worker('B', client(pair.b.url, token))))];
    await new Promise((resolve) => setTimeout(resolve, 1_000 + randomInt(1_000)));
    killed = true;
    await crash(pair.a);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    done = true;
    await Promise.all(load);

    expect(failures).toEqual([]);
    expect(acked.filter((a) => a.via === 'A').length, 'bookings acknowledged by A').toBeGreaterThan(0);
    expect(acked.filter((a) => a.via === 'B' && a.afterKill).length, 'bookings B acknowledged after the kill').toBeGreaterThan(0);

    type Row = { id: string; status: string; payment: string | null; travellers: number; seats: string | null; states: string | null };
    const rows = await pair.query<Row>(
      `select b.id, b.status,
         (select string_agg(p.id, ',') from payments p where p.booking_id = b.id) as payment,
         (select count(*)::int from travellers t where t.booking_id = b.id) as travellers,
         (select string_agg(s.seat_label, ',' order by s.seat_label) from seat_allocations s where s.booking_id = b.id) as seats,
         (select string_agg(distinct s.state, ',') from seat_allocations s where s.booking_id = b.id) as states
       from bookings b where b.id = any($1)`,
      [acked.map((a) => a.bookingId)],
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const a of acked) {
      expect(found.get(a.bookingId), `acknowledged booking ${a.bookingId} (via ${a.via})`).toEqual({
        id: a.bookingId,
        status: 'pending',
        payment: a.paymentId,
        travellers: a.seats.length,
        seats: [...a.seats].sort().join(','),
        states: 'held',
      });
    }
    const halfWritten = await pair.query(
      `select * from (select b.id,
         (select count(*)::int from travellers t where t.booking_id = b.id) as travellers,
         (select count(*)::int from payments p where p.booking_id = b.id) as payments,
         (select count(*)::int from seat_allocations s where s.booking_id = b.id) as seats,
         b.return_flight_id
       from bookings b) x
       where travellers = 0 or payments <> 1 or seats <> travellers * (case when return_flight_id is null then 1 else 2 end)`,
    );
    expect(halfWritten, 'a booking without its travellers, seats or payment').toEqual([]);
    const doubles = await pair.query(
      "select flight_id, seat_label from seat_allocations where state in ('held', 'sold') group by flight_id, seat_label having count(*) > 1",
    );
    expect(doubles, 'a seat with two live allocations').toEqual([]);
    console.log(
      `multi-process kill: ${JSON.stringify({
        ackedByA: acked.filter((a) => a.via === 'A').length,
        ackedByB: acked.filter((a) => a.via === 'B').length,
        ackedByBAfterKill: acked.filter((a) => a.via === 'B' && a.afterKill).length,
        ...stats,
      })}`,
    );
  }, 120_000);
});
