import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationCall, MutationName } from '../../sync/protocol';
import { readCursor } from '../../sync/protocol';
import { enqueue } from './device-queue';
import { ADMIN, login } from './harness';
import { secondAdmin } from './booking-fixtures';
import {
  auditOf,
  bookSeat,
  expectSameTables,
  fullSnapshot,
  lastMutationIdOf,
  member,
  seeded,
  SyncClient,
  tablesOf,
  type Member,
  type SyncServer,
  startSyncServer,
} from './sync-fixtures';

type Actor = {
  name: string;
  token: string;
  email: string;
  admin: boolean;
  device: SyncClient;
  writes: { id: number; name: MutationName; args: Record<string, string> }[];
};

const step = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('mutate' as const), who: fc.nat(3), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), who: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('disconnect' as const), who: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reload' as const), who: fc.nat(3), midPush: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('server' as const), restart: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('book' as const), who: fc.nat(1) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Test 3: random mutations by four devices under random faults, reloads and restarts; afterwards everything converges. */
describe('sync: faults with several clients', { timeout: 120_000 }, () => {
  let server: SyncServer;
  let actors: Actor[];
  let serverUp = true;
  const clock = { now: 1_000_000 };
  const url = () => server.url;
  const seen = { restarts: 0, reloadsMidPush: 0, lost: 0, unavailable: 0, offline: 0 };

  beforeAll(async () => {
    server = await startSyncServer();
    const [alpha, bravo]: Member[] = [await member(server.url, 'alpha', 3, 'Alpha'), await member(server.url, 'bravo', 3, 'Bravo')];
    const admin2 = await secondAdmin(server, 'Deputy Admin');
    const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const people = [
      { name: 'alpha', token: alpha?.token ?? '', email: alpha?.email ?? '', admin: false },
      { name: 'bravo', token: bravo?.token ?? '', email: bravo?.email ?? '', admin: false },
      { name: 'admin', token: adminToken, email: ADMIN.email, admin: true },
      { name: 'deputy', token: admin2.token, email: admin2.email, admin: true },
    ];
    actors = people.map((p, i) => ({ ...p, writes: [], device: new SyncClient({ url, token: () => p.token, now: () => clock.now, random: seeded(i + 1) }) }));
    await Promise.all(actors.map((a) => a.device.engine.sync()));
  });
  afterAll(() => server.stop());

  const rowsOf = (a: Actor, table: 'bookings' | 'payments') => [...a.device.store.tables[table].values()] as unknown as Record<string, string>[];

  /** A mutation this actor might make now, chosen from what its device shows. */
  function intent(a: Actor, i: number, pick: number): { name: MutationName; args: Record<string, string> } {
    const random = seeded(pick);
    const roll = random();
    const choose = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const booking = choose(rowsOf(a, 'bookings'));
    const payment = choose(rowsOf(a, 'payments'));
    if (roll < 0.35 || !booking) return { name: 'updateProfile', args: { fullName: `${a.name} ${i}.${pick % 1000}`, email: a.email } };
    if (a.admin && payment && roll < 0.75) {
      const status = random() < 0.5 ? 'successful' : 'failed';
      return {
        name: 'reviewPayment',
        args: {
          paymentId: payment._id ?? '',
          expectedStatus: payment.status ?? 'pending',
          status,
          ...(status === 'failed' ? { reason: 'Amount missing' } : {}),
        },
      };
    }
    if (!a.admin && payment && roll < 0.55) return { name: 'confirmManualPayment', args: { paymentId: payment._id ?? '' } };
    const others = actors.filter((o) => o !== a && !o.admin).flatMap((o) => rowsOf(o, 'bookings'));
    const target = !a.admin && roll > 0.9 ? (choose(others) ?? booking) : booking;
    return { name: 'cancelBooking', args: { bookingId: target._id ?? '' } };
  }

  async function mutate(a: Actor, i: number, pick: number) {
    const { name, args } = intent(a, i, pick);
    const row = await enqueue(a.device, { name, args } as MutationCall);
    a.writes.push({ id: row.mutationId, name, args });
  }

  /** A reload; mid-push: the queue's retry is due, its push reaches the server and the page goes before the answer. */
  async function reload(a: Actor, i: number, midPush: boolean) {
    if (midPush && serverUp && !a.device.link.offline) {
      const hung = a.device.link.reloadDuringNextPush().then(() => 'hung' as const);
      clock.now = Math.max(clock.now, (await a.device.engine.nextRetryAt()) ?? 0);
      if (!(await a.device.live()).length) await mutate(a, i, i);
      const outcome = await Promise.race([hung, a.device.engine.sync().then(() => 'done' as const)]);
      a.device.link.cancelReloadDuringPush();
      if (outcome === 'hung') seen.reloadsMidPush += 1;
    }
    await a.device.reload();
  }

  async function lastProfileWrite(a: Actor): Promise<string | undefined> {
    const rejected = new Set((await a.device.store.outbox()).filter((r) => r.state === 'rejected').map((r) => r.mutationId));
    return a.writes.filter((w) => w.name === 'updateProfile' && !rejected.has(w.id)).at(-1)?.args.fullName;
  }

  /** Read-your-writes whenever a device is settled: its profile shows its last accepted update. */
  async function expectOwnWrites(a: Actor) {
    if (a.device.engine.currentStatus !== 'idle' || (await a.device.live()).length) return;
    const expected = await lastProfileWrite(a);
    if (expected) expect(a.device.profileName(), `${a.name} reads its own write`).toBe(expected);
  }

  async function run(steps: Step[]) {
    for (const [i, s] of steps.entries()) {
      const a = 'who' in s ? actors[s.who] : undefined;
      if (s.kind === 'mutate' && a) await mutate(a, i, s.pick);
      else if (s.kind === 'sync' && a) {
        await a.device.engine.sync();
        await expectOwnWrites(a);
      } else if (s.kind === 'tick') clock.now += s.ms;
      else if (s.kind === 'disconnect' && a) a.device.link.offline = !a.device.link.offline;
      else if (s.kind === 'reload' && a) await reload(a, i, s.midPush);
      else if (s.kind === 'server') {
        if (serverUp) await (s.restart ? server.restart() : server.down());
        else await server.up();
        serverUp = s.restart || !serverUp;
        seen.restarts += 1;
      } else if (s.kind === 'book' && a && serverUp) await bookSeat(server.url, a.token);
    }
  }

  async function quiesce() {
    if (!serverUp) await server.up();
    serverUp = true;
    for (const a of actors) Object.assign(a.device.link, { offline: false, failRate: 0 });
    for (const a of actors) await a.device.drain(clock, 20);
    for (const a of actors) await a.device.engine.sync();
  }

  async function expectConverged() {
    for (const a of actors) {
      const outbox = await a.device.store.outbox();
      expect(
        outbox.filter((r) => r.state !== 'rejected' || !r.lastError),
        `${a.name}: outbox is empty or shows rejections`,
      ).toEqual([]);
      expect(await lastMutationIdOf(server, await a.device.clientId())).toBe((await a.device.store.meta()).nextMutationId - 1);
      const expected = await lastProfileWrite(a);
      if (expected) expect(a.device.profileName(), `${a.name} reads its own write`).toBe(expected);
      const rejected = new Set(outbox.map((r) => r.mutationId));
      for (const w of a.writes.filter((x) => x.name === 'cancelBooking' && !rejected.has(x.id))) {
        expect(a.device.row('bookings', w.args.bookingId ?? ''), `${a.name}'s accepted cancel shows`).toMatchObject({ status: 'cancelled' });
      }
      const versions = a.device.link.pulls.map((p) => readCursor(p.cursor).version);
      expect(versions, `${a.name}: no read went backwards`).toEqual([...versions].sort((x, y) => x - y));
      expect(a.device.link.pulls.slice(1).filter((p) => p.reset)).toEqual([]);
      expectSameTables(tablesOf(a.device.store), await fullSnapshot(server.url, a.token), a.name);
    }
  }

  it('random mutations, disconnects, 30% failing requests, reloads mid-push and server restarts: all converge, nothing lost or doubled', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 60, maxLength: 60 }), fc.nat(), async (steps, faultSeed) => {
        runs += 1;
        const random = seeded(faultSeed);
        for (const a of actors) Object.assign(a.device.link, { failRate: 0.3, random });
        await run(steps);
        await quiesce();
        for (const a of actors) {
          for (const e of a.device.link.log) if (e.fault) seen[e.fault] += 1;
          a.device.link.log.length = 0;
        }
        await expectConverged();
      }),
      { numRuns: 3, seed: Number(process.env.SYNC_FAULTS_SEED ?? 31337), endOnFailure: true },
    );
    expect(runs).toBe(3);
    expect(seen.restarts).toBeGreaterThan(0);
    expect(seen.reloadsMidPush).toBeGreaterThan(0);
    expect(Math.min(seen.lost, seen.unavailable, seen.offline)).toBeGreaterThan(0);

    // Every booking was cancelled at most once, whoever asked and however often the request was retried.
    const admin = actors[2];
    if (!admin) throw new Error('no admin');
    for (const booking of rowsOf(admin, 'bookings').filter((b) => b.status === 'cancelled')) {
      expect((await auditOf(server.url, admin.token, 'booking', booking._id ?? '')).filter((r) => r.toStatus === 'cancelled').length).toBeLessThanOrEqual(1);
    }
  });
});
