import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from './harness';
import { enqueue } from './device-queue';
import { lastMutationIdOf, member, SyncClient, type Member, type SyncServer, startSyncServer } from './sync-fixtures';

/** Guarantee 5: a rejected mutation never blocks the ones behind it; a transient failure pauses the queue and it resumes by itself. */
describe('sync: rejections and transient failures', { timeout: 60_000 }, () => {
  let server: SyncServer;
  let owner: Member;
  let stranger: Member;
  const clock = { now: 10_000 };
  const url = () => server.url;

  beforeAll(async () => {
    server = await startSyncServer();
    owner = await member(server.url, 'owner', 3);
    stranger = await member(server.url, 'stranger', 1);
  });
  afterAll(() => server.stop());

  const strangersBooking = () => stranger.bookings[0]?.bookingId ?? '';
  const serverName = async (m: Member) => (await client(server.url, m.token).get<{ fullName: string }>('/api/users')).body.fullName;
  const pushCount = (device: SyncClient) => device.link.log.filter((e) => e.route === 'push').length;

  it('one mutation always fails, one fails once: the first is rejected and shown, the queue resumes by itself and drains', async () => {
    const device = new SyncClient({ url, token: () => owner.token, now: () => clock.now });
    await device.engine.sync();
    device.link.offline = true;
    await device.mutate.cancelBooking({ bookingId: strangersBooking() });
    await device.mutate.updateProfile({ fullName: 'Owner Renamed', email: owner.email });
    await device.mutate.cancelBooking({ bookingId: owner.bookings[0]?.bookingId ?? '' });
    await device.engine.sync();
    device.link.offline = false;

    // The next push meets a 503: the queue pauses with a retry time and no new local write is needed.
    device.link.script.push({ route: 'push', fault: 'unavailable' });
    clock.now = (await device.engine.nextRetryAt()) ?? clock.now;
    await device.engine.sync();
    expect(device.engine.currentStatus).toBe('error');
    expect((await device.store.outbox()).map((r) => [r.state, r.lastError])).toEqual([
      ['failed', 'Service unavailable (injected)'],
      ['failed', 'Service unavailable (injected)'],
      ['failed', 'Service unavailable (injected)'],
    ]);
    const retryAt = await device.engine.nextRetryAt();
    expect(retryAt).toBeGreaterThan(clock.now);

    // A timer firing early sends nothing; firing at the retry time sends the queue.
    const before = pushCount(device);
    await device.engine.sync();
    expect(pushCount(device)).toBe(before);
    clock.now = retryAt ?? clock.now;
    await device.engine.sync();
    expect(pushCount(device)).toBe(before + 1);
    expect(device.engine.currentStatus).toBe('idle');

    const rows = await device.store.outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mutationId: 1, name: 'cancelBooking', state: 'rejected', lastError: 'Booking not found' });
    expect(device.profileName()).toBe('Owner Renamed');
    expect(device.row('bookings', owner.bookings[0]?.bookingId ?? '')).toMatchObject({ status: 'cancelled' });
    expect(device.row('bookings', strangersBooking())).toBeUndefined();
    expect(await lastMutationIdOf(server, await device.clientId())).toBe(3);

    // The rejection stays shown and blocks nothing written after it; discarding it empties the outbox.
    await device.mutate.updateProfile({ fullName: 'Owner Again', email: owner.email });
    await device.engine.sync();
    expect((await device.store.outbox()).map((r) => r.mutationId)).toEqual([1]);
    expect(device.profileName()).toBe('Owner Again');
    await device.engine.discard(1);
    expect(await device.store.outbox()).toEqual([]);
  });

  it('a rejection whose push answer was lost still arrives, by the pull', async () => {
    const device = new SyncClient({ url, token: () => owner.token, now: () => clock.now });
    device.link.offline = true;
    await device.mutate.cancelBooking({ bookingId: strangersBooking() });
    await device.mutate.updateProfile({ fullName: 'Owner Lost', email: owner.email });
    await device.engine.sync();
    device.link.offline = false;
    device.link.script.push({ route: 'push', fault: 'lost' });
    clock.now = (await device.engine.nextRetryAt()) ?? clock.now;
    await device.engine.sync();
    expect(device.engine.currentStatus).toBe('offline');
    await device.engine.sync();
    expect((await device.store.outbox()).map((r) => [r.mutationId, r.state, r.lastError])).toEqual([[1, 'rejected', 'Booking not found']]);
    expect(device.profileName()).toBe('Owner Lost');
  });

  it('401 pauses the queue in "sign in to send"; signing in again and resume() sends it', async () => {
    let token: string | null = 'expired-session';
    const device = new SyncClient({ url, token: () => token, now: () => clock.now });
    await device.mutate.updateProfile({ fullName: 'Owner After Sign-in', email: owner.email });
    await device.engine.sync();
    expect(device.engine.currentStatus).toBe('auth');
    expect(await device.store.outbox()).toMatchObject([{ state: 'queued', attempts: 0, lastError: 'Please sign in to continue' }]);

    // While signed out, nothing is sent, however often the runner kicks or the clock moves on.
    const sent = device.link.log.length;
    clock.now += 120_000;
    await device.engine.sync();
    await device.engine.sync();
    expect(device.link.log.length).toBe(sent);
    expect(device.engine.currentStatus).toBe('auth');

    token = owner.token;
    await device.engine.resume();
    expect(device.engine.currentStatus).toBe('idle');
    expect(await device.store.outbox()).toEqual([]);
    expect(device.profileName()).toBe('Owner After Sign-in');
    expect(await serverName(owner)).toBe('Owner After Sign-in');
  });

  it('property: any mix of doomed and good mutations under transient faults: good ones apply in order, doomed ones end rejected, none lost', async () => {
    const device = new SyncClient({ url, token: () => stranger.token, now: () => clock.now });
    await device.engine.sync();
    let run = 0;
    const step = fc.oneof(
      { arbitrary: fc.constant('good' as const), weight: 3 },
      { arbitrary: fc.constant('doomed' as const), weight: 2 },
      { arbitrary: fc.constantFrom('offline' as const, 'lost' as const, 'unavailable' as const), weight: 2 },
      { arbitrary: fc.constant('tick' as const), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        let lastName = await serverName(stranger);
        const doomed: number[] = [];
        for (const [i, s] of steps.entries()) {
          if (s === 'good') {
            lastName = `Stranger ${run}.${i}`;
            await device.mutate.updateProfile({ fullName: lastName, email: stranger.email });
          } else if (s === 'doomed') {
            doomed.push((await enqueue(device, { name: 'cancelBooking', args: { bookingId: owner.bookings[1]?.bookingId ?? '' } })).mutationId);
          } else if (s === 'tick') {
            clock.now += 3_000;
            await device.engine.sync();
          } else device.link.script.push({ route: 'push', fault: s });
        }
        device.link.script.length = 0;
        await device.drain(clock);
        const rows = await device.store.outbox();
        expect(rows.map((r) => r.mutationId)).toEqual(doomed);
        expect(rows.every((r) => r.state === 'rejected' && r.lastError === 'Booking not found')).toBe(true);
        expect(device.profileName()).toBe(lastName);
        expect(await serverName(stranger)).toBe(lastName);
        for (const r of rows) await device.engine.discard(r.mutationId);
      }),
      { numRuns: 15, seed: 99, endOnFailure: true },
    );
  });
});
