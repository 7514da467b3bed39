import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../../sync/client/http-transport';
import { readCursor, SYNC_SCHEMA_VERSION, type Mutation, type PushRequest } from '../../sync/protocol';
import { ADMIN, client, login } from './harness';
import { auditOf, lastMutationIdOf, member, SyncClient, type Member, type SyncServer, startSyncServer } from './sync-fixtures';

/** Guarantee 1 and 2: a mutation takes effect at most once, in the order it was made, whatever answers get lost. */
describe('sync: lost responses, replayed batches and ids out of order', { timeout: 90_000 }, () => {
  let server: SyncServer;
  let adminToken: string;
  let traveller: Member;
  let device: SyncClient;
  const clock = { now: 1_000 };
  const url = () => server.url;

  beforeAll(async () => {
    server = await startSyncServer();
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    traveller = await member(server.url, 'lost', 5);
    device = new SyncClient({ url, token: () => traveller.token, now: () => clock.now });
    await device.engine.sync();
  });
  afterAll(() => server.stop());

  const raw = (token: string) => httpTransport(server.url, () => token);
  const serverName = async (token: string) => (await client(server.url, token).get<{ fullName: string }>('/api/users')).body.fullName;
  const bookingStatus = async (id: string) =>
    (await client(server.url, traveller.token).get<{ _id: string; status: string }[]>('/api/bookings/user')).body.find((b) => b._id === id)?.status;

  it('the server commits, the answer is lost: the pull alone settles the queue and each cancellation happens once', async () => {
    device.link.offline = true;
    for (const { bookingId } of traveller.bookings) await device.mutate.cancelBooking({ bookingId });
    await device.engine.sync();
    expect(await device.store.outbox()).toHaveLength(5);
    expect((await lastMutationIdOf(server, await device.clientId())) ?? 0).toBe(0);

    // Back online when the retry is due; the push commits and its answer is dropped.
    device.link.offline = false;
    clock.now = (await device.engine.nextRetryAt()) ?? clock.now;
    device.link.script.push({ route: 'push', fault: 'lost' });
    await device.engine.sync();
    expect(device.engine.currentStatus).toBe('offline');
    expect(device.link.pushes.at(-1)?.mutations).toHaveLength(5);
    for (const { bookingId } of traveller.bookings) expect(await bookingStatus(bookingId)).toBe('cancelled');

    // Not yet due for a retry: no push goes, and the pull reports lastMutationId 5 with the effects.
    const pushesBefore = device.link.pushes.length;
    await device.engine.sync();
    expect(device.link.pushes.length).toBe(pushesBefore);
    expect(device.link.pulls.at(-1)?.lastMutationId).toBe(5);
    expect(await device.store.outbox()).toEqual([]);
    for (const { bookingId } of traveller.bookings) {
      expect(device.row('bookings', bookingId)).toMatchObject({ status: 'cancelled' });
      expect((await auditOf(server.url, adminToken, 'booking', bookingId)).filter((a) => a.toStatus === 'cancelled')).toHaveLength(1);
    }
  });

  it('answers lost twice, then retried: still once each, and a second application would have shown as a rejection', async () => {
    const more = await member(server.url, 'lost-retry', 3);
    const other = new SyncClient({ url, token: () => more.token, now: () => clock.now });
    other.link.offline = true;
    for (const { bookingId } of more.bookings) await other.mutate.cancelBooking({ bookingId });
    await other.engine.sync();
    other.link.offline = false;
    other.link.script.push({ route: 'push', fault: 'lost' }, { route: 'push', fault: 'lost' });
    await other.drain(clock);
    expect(other.link.log.filter((e) => e.route === 'push' && e.fault === 'lost').length).toBe(2);
    expect(other.link.pushes.length).toBeGreaterThanOrEqual(3);
    expect(await other.store.outbox()).toEqual([]);
    expect(await lastMutationIdOf(server, await other.clientId())).toBe(3);
    for (const { bookingId } of more.bookings) {
      expect(other.row('bookings', bookingId)).toMatchObject({ status: 'cancelled' });
      expect((await auditOf(server.url, adminToken, 'booking', bookingId)).filter((a) => a.toStatus === 'cancelled')).toHaveLength(1);
    }
  });

  it('whole batches replayed are skipped: same answer, no new effect', async () => {
    const clientId = await device.clientId();
    const sent: PushRequest[] = device.link.pushes;
    expect(sent.length).toBeGreaterThan(0);
    for (const request of [...sent, ...sent]) {
      const answer = await raw(traveller.token).push(request);
      expect(answer).toEqual({ lastMutationId: 5, results: [] });
    }
    expect(await lastMutationIdOf(server, clientId)).toBe(5);
    for (const { bookingId } of traveller.bookings) {
      expect((await auditOf(server.url, adminToken, 'booking', bookingId)).filter((a) => a.toStatus === 'cancelled')).toHaveLength(1);
    }
  });

  it('ids out of order: a gap stops the batch, nothing after it applies, and a later push fills it', async () => {
    const someone = await member(server.url, 'gap', 1);
    const bookingId = someone.bookings[0]?.bookingId ?? '';
    const clientId = randomUUID();
    const send = (mutations: Mutation[]) => raw(someone.token).push({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
    const name = (id: number, fullName: string): Mutation => ({ id, name: 'updateProfile', args: { fullName, email: someone.email } });
    const cancel: Mutation = { id: 2, name: 'cancelBooking', args: { bookingId } };

    expect(await send([cancel])).toEqual({ lastMutationId: 0, results: [] });
    expect(await send([name(1, 'First'), name(3, 'Third'), cancel])).toEqual({ lastMutationId: 1, results: [] });
    expect(await serverName(someone.token)).toBe('First');
    expect((await client(server.url, someone.token).get<{ status: string }[]>('/api/bookings/user')).body[0]?.status).toBe('pending');

    expect(await send([cancel, name(3, 'Third')])).toEqual({ lastMutationId: 3, results: [] });
    expect(await send([name(1, 'First'), cancel, name(3, 'Third')])).toEqual({ lastMutationId: 3, results: [] });
    expect(await serverName(someone.token)).toBe('Third');
    expect((await auditOf(server.url, adminToken, 'booking', bookingId)).filter((a) => a.toStatus === 'cancelled')).toHaveLength(1);
  });

  it('property: any batches in any order apply exactly the contiguous ids, each once (model-checked)', async () => {
    const someone = await member(server.url, 'model');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), async (batches) => {
        const clientId = randomUUID();
        let last = 0;
        for (const ids of batches) {
          for (const id of ids) {
            if (id <= last) continue;
            if (id !== last + 1) break;
            last = id;
          }
          const mutations = ids.map((id) => ({
            id,
            name: 'updateProfile' as const,
            args: { fullName: `${clientId.slice(0, 8)} #${id}`, email: someone.email },
          }));
          const answer = await raw(someone.token).push({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });
          expect(answer.lastMutationId).toBe(last);
          if (last > 0) expect(await serverName(someone.token)).toBe(`${clientId.slice(0, 8)} #${last}`);
        }
      }),
      { numRuns: 25, seed: 4242, endOnFailure: true },
    );
  });

  it('property: whatever answers are lost, refused or replayed, profile updates apply once each in order (last write wins)', async () => {
    let run = 0;
    const step = fc.oneof(
      fc.constant({ kind: 'write' as const }),
      fc.constant({ kind: 'sync' as const }),
      fc.constant({ kind: 'replay' as const }),
      fc.constant({ kind: 'reload' as const }),
      fc.record({
        kind: fc.constant('fault' as const),
        route: fc.constantFrom('push' as const, 'pull' as const),
        fault: fc.constantFrom('offline' as const, 'lost' as const, 'unavailable' as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        run += 1;
        let lastName = await serverName(traveller.token);
        for (const [i, s] of steps.entries()) {
          if (s.kind === 'write') {
            lastName = `Traveller ${run}.${i}`;
            await device.mutate.updateProfile({ fullName: lastName, email: traveller.email });
          } else if (s.kind === 'sync') await device.engine.sync();
          else if (s.kind === 'fault') device.link.script.push({ route: s.route, fault: s.fault });
          else if (s.kind === 'reload') await device.reload();
          else {
            const old = device.link.pushes[Math.floor(device.link.pushes.length / 2)];
            if (old) await raw(traveller.token).push(old);
          }
          clock.now += 500;
        }
        device.link.script.length = 0;
        await device.drain(clock);
        expect(await device.store.outbox()).toEqual([]);
        expect(device.profileName()).toBe(lastName);
        expect(await serverName(traveller.token)).toBe(lastName);
        expect(await lastMutationIdOf(server, await device.clientId())).toBe((await device.store.meta()).nextMutationId - 1);
      }),
      { numRuns: 20, seed: 777, endOnFailure: true },
    );
    const versions = device.link.pulls.map((p) => readCursor(p.cursor).version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });
});
