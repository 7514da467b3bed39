import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from './harness';
import { type SignedIn } from './account-factory';
import { secondAdmin } from './booking-fixtures';
import {
  auditOf,
  bookSeat,
  expectSameTables,
  fullSnapshot,
  member,
  SyncClient,
  tablesOf,
  type Member,
  type SyncServer,
  startSyncServer,
} from './sync-fixtures';

type Decision = { status: 'successful' | 'failed'; reason?: string };
const decide = (status: Decision['status']): Decision => (status === 'failed' ? { status, reason: 'Receipt unreadable' } : { status });

/** Two admins decide the same payment: exactly one decision wins, the other is rejected with the reason, both converge. */
describe('sync: concurrent admins deciding the same payment', { timeout: 90_000 }, () => {
  let server: SyncServer;
  let firstToken: string;
  let second: SignedIn;
  let traveller: Member;
  let devices: [SyncClient, SyncClient];
  const names = ['SkyWay Admin', 'Second Admin'] as const;
  const clock = { now: 50_000 };
  const url = () => server.url;

  beforeAll(async () => {
    server = await startSyncServer();
    firstToken = await login(server.url, ADMIN.email, ADMIN.password);
    second = await secondAdmin(server, names[1]);
    traveller = await member(server.url, 'payer');
    devices = [
      new SyncClient({ url, token: () => firstToken, now: () => clock.now }),
      new SyncClient({ url, token: () => second.token, now: () => clock.now }),
    ];
    await Promise.all(devices.map((d) => d.engine.sync()));
  });
  afterAll(() => server.stop());

  const review = (device: SyncClient, paymentId: string, decision: Decision) =>
    device.mutate.reviewPayment({ paymentId, expectedStatus: 'pending', ...decision });
  const decisions = async (paymentId: string) =>
    (await auditOf(server.url, firstToken, 'payment', paymentId)).filter((a) => a.toStatus === 'successful' || a.toStatus === 'failed');

  /** Both devices hold the same payment and booking rows, with the winner's status. */
  function expectConverged(paymentId: string, bookingId: string, status: Decision['status']) {
    const [a, b] = devices;
    expect(a.row('payments', paymentId)).toMatchObject({ status });
    expect(b.row('payments', paymentId)).toEqual(a.row('payments', paymentId));
    expect(b.row('bookings', bookingId)).toEqual(a.row('bookings', bookingId));
    expect(a.row('bookings', bookingId)).toMatchObject({ status: status === 'successful' ? 'confirmed' : 'pending', paymentStatus: status });
  }

  it('one admin offline decides "failed", the other confirms first: the confirmation wins, the late one is rejected with who decided', async () => {
    const { bookingId, paymentId } = await bookSeat(server.url, traveller.token);
    const [first, late] = devices;
    await Promise.all(devices.map((d) => d.engine.sync()));
    expect(late.row('payments', paymentId)).toMatchObject({ status: 'pending' });

    late.link.offline = true;
    await review(late, paymentId, decide('failed'));
    await review(first, paymentId, decide('successful'));
    await first.drain(clock);
    late.link.offline = false;
    await late.drain(clock);
    await first.engine.sync();

    expect(await first.store.outbox()).toEqual([]);
    expect(await late.store.outbox()).toMatchObject([
      { name: 'reviewPayment', state: 'rejected', lastError: 'Payment was already marked successful by SkyWay Admin' },
    ]);
    expectConverged(paymentId, bookingId, 'successful');
    expect(await decisions(paymentId)).toMatchObject([{ toStatus: 'successful', fromStatus: 'pending' }]);
    for (const d of devices) await d.engine.discard((await d.store.outbox())[0]?.mutationId ?? 0);
  });

  it('property: whoever is offline, whichever goes first or both at once, exactly one decision wins and both converge', async () => {
    const scenario = fc.record({
      mode: fc.constantFrom('offline' as const, 'concurrent' as const),
      offlineIndex: fc.constantFrom(0 as const, 1 as const),
      statuses: fc.tuple(fc.constantFrom('successful' as const, 'failed' as const), fc.constantFrom('successful' as const, 'failed' as const)),
      lostAnswer: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ mode, offlineIndex, statuses, lostAnswer }) => {
        const { bookingId, paymentId } = await bookSeat(server.url, traveller.token);
        await Promise.all(devices.map((d) => d.engine.sync()));
        if (lostAnswer) devices[0].link.script.push({ route: 'push', fault: 'lost' });
        if (mode === 'concurrent') {
          await Promise.all(devices.map((d, i) => review(d, paymentId, decide(statuses[i] ?? 'successful'))));
          await Promise.all(devices.map((d) => d.drain(clock)));
        } else {
          const offline = devices[offlineIndex];
          const online = devices[1 - offlineIndex] ?? devices[0];
          offline.link.offline = true;
          await review(offline, paymentId, decide(statuses[offlineIndex]));
          await review(online, paymentId, decide(statuses[1 - offlineIndex] ?? 'successful'));
          await online.drain(clock);
          offline.link.offline = false;
          await offline.drain(clock);
        }
        await Promise.all(devices.map((d) => d.engine.sync()));

        const outboxes = await Promise.all(devices.map((d) => d.store.outbox()));
        const losers = outboxes.map((rows, i) => (rows.length ? i : -1)).filter((i) => i >= 0);
        expect(losers).toHaveLength(1);
        const loser = losers[0] ?? 0;
        const winner = 1 - loser;
        const won = statuses[winner] ?? 'successful';
        expect(outboxes[loser]).toMatchObject([{ state: 'rejected', lastError: `Payment was already marked ${won} by ${names[winner]}` }]);
        if (mode === 'offline') expect(winner).toBe(1 - offlineIndex);
        expectConverged(paymentId, bookingId, won);
        expect(await decisions(paymentId)).toMatchObject([{ toStatus: won }]);
        const rejected = outboxes[loser]?.[0];
        if (rejected) await devices[loser]?.engine.discard(rejected.mutationId);
      }),
      { numRuns: 10, seed: 2024, endOnFailure: true },
    );
    const [expectedFirst, expectedSecond] = await Promise.all([fullSnapshot(server.url, firstToken), fullSnapshot(server.url, second.token)]);
    expectSameTables(tablesOf(devices[0].store), expectedFirst, names[0]);
    expectSameTables(tablesOf(devices[1].store), expectedSecond, names[1]);
  });
});
