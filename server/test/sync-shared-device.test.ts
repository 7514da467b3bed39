import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../sync/schemas/chat';
import { loginGuest, startSupport } from './chat-fixtures';
import { client } from './harness';
import { FaultyLink, fullSnapshot, member, seeded, startSyncServer, SyncClient, withDb, type SyncServer } from './sync-fixtures';

type Account = { name: string; id: string; token: string; conversationId: string; guest: boolean };
type Write = { author: string; content: string; discardable: boolean };

const step = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('write' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('switch' as const), who: fc.nat(2), discard: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 20_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('disconnect' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const) }) },
);

/**
 * One device, three people taking turns on it (two members and a support guest): each writes chat
 * messages into their own conversation, signs out keeping (or now and then discarding) what is queued,
 * has their session expire, while the network fails 30% of requests. Afterwards every kept message is on
 * the server exactly once, in its author's conversation, and every push went with its rows' author's token.
 */
describe('sync: a device shared by several accounts', { timeout: 120_000 }, () => {
  let server: SyncServer;
  let accounts: Account[];
  const clock = { now: 1_000_000 };

  beforeAll(async () => {
    server = await startSyncServer();
  });
  afterAll(() => server.stop());

  /** Fresh people for each run (the chat's sending budget is per person and per minute of real time). */
  async function people(): Promise<Account[]> {
    const made: Account[] = [];
    for (const name of ['Ama', 'Bola']) {
      const p = await member(server.url, name.toLowerCase(), 0, name);
      made.push({ name, id: p.id, token: p.token, conversationId: (await startSupport(client(server.url, p.token)))._id, guest: false });
    }
    const guest = await loginGuest(server.url, 'Gift Guest');
    return [...made, { name: 'Gift', id: guest._id, token: guest.token, conversationId: (await startSupport(guest.api))._id, guest: true }];
  }

  /** The device and who is signed in on it; the token is the signed-in account's, as the runner's session. */
  function newDevice(seed: number) {
    const session: { who: Account | null; token: string | null } = { who: null, token: null };
    const random = seeded(seed);
    const device = new SyncClient({ url: () => server.url, token: () => session.token, now: () => clock.now, random, clientId: randomUUID() });
    const guest = accounts.find((a) => a.guest);
    const guestLink = new FaultyLink({ url: () => server.url, token: () => guest?.token ?? null, random });
    return { session, device, guestLink };
  }

  it('nothing queued is lost, doubled or sent under another account', async () => {
    let runs = 0;
    const seen = { parkedSends: 0, switches: 0, expired: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 50, maxLength: 50 }), fc.nat(), async (steps, seed) => {
        runs += 1;
        accounts = await people();
        const { session, device, guestLink } = newDevice(seed);
        const writes: Write[] = [];
        const guest = accounts.find((a) => a.guest);
        Object.assign(device.link, { failRate: 0.3 });
        Object.assign(guestLink, { failRate: 0.3 });

        /** Signing in, as the runner does: claim the device, then sync with this account's token. */
        const signIn = async (who: Account) => {
          await device.store.claim(who.id);
          Object.assign(session, { who, token: who.token });
          if (device.engine.currentStatus === 'auth') await device.engine.resume();
        };
        /** The runner's step after each cycle: the guest's parked chat goes with the guest's token. */
        const sendGuestQueue = async () => {
          if (!guest || session.who === guest || !device.store.parked.has(guest.id)) return;
          await device.store.sendParked(guest.id, guestLink.transport());
          seen.parkedSends += 1;
        };

        await signIn(accounts[seed % accounts.length] ?? accounts[0]!);
        for (const [i, s] of steps.entries()) {
          const who = session.who;
          if (s.kind === 'write' && who) {
            const content = `${who.name} ${runs}.${i}`;
            // Queued as the runner does (store.enqueueAs): the sync runs in the 'sync' steps, never alongside a sign-in.
            await device.store.enqueue(
              { name: 'sendMessage', args: { _id: randomUUID(), conversationId: who.conversationId, content, image: null } },
              clock.now,
            );
            writes.push({ author: who.id, content, discardable: false });
          } else if (s.kind === 'sync' && who) {
            await device.engine.sync();
            await sendGuestQueue();
          } else if (s.kind === 'switch') {
            const next = accounts[s.who] ?? accounts[0]!;
            if (who && s.discard && i % 5 === 0) {
              for (const w of writes.filter((x) => x.author === who.id)) w.discardable = true;
              await device.store.signOut(true);
            } else await device.store.signOut(false);
            Object.assign(session, { who: null, token: null });
            await signIn(next);
            seen.switches += 1;
          } else if (s.kind === 'tick') clock.now += s.ms;
          else if (s.kind === 'disconnect') device.link.offline = !device.link.offline;
          else if (s.kind === 'expire' && who) {
            session.token = 'expired.session.token';
            seen.expired += 1;
          } else if (s.kind === 'reload') await device.reload();
        }

        // Quiet network; each account signs in once more and its queue drains.
        Object.assign(device.link, { offline: false, failRate: 0 });
        Object.assign(guestLink, { offline: false, failRate: 0 });
        for (const who of accounts) {
          await signIn(who);
          await device.drain(clock, 20);
          expect(await device.store.outbox(), `${who.name}'s queue drained`).toEqual([]);
        }
        await sendGuestQueue();
        expect([...device.store.parked.values()].flatMap((q) => q.rows).filter((r) => r.state !== 'rejected' || !r.lastError)).toEqual([]);

        for (const who of accounts) {
          const messages = Object.values((await fullSnapshot(server.url, who.token)).messages) as Message[];
          const mine = messages.filter((m) => m.conversationId === who.conversationId).map((m) => m.content);
          const theirs = writes.filter((w) => w.author === who.id);
          const made = mine.filter((c) => theirs.some((w) => w.content === c));
          expect(new Set(made).size, `${who.name}: no message twice`).toBe(made.length);
          const kept = theirs.filter((w) => !w.discardable).map((w) => w.content);
          expect(
            kept.filter((c) => !made.includes(c)),
            `${who.name}: no kept message lost`,
          ).toEqual([]);
          const others = writes.filter((w) => w.author !== who.id).map((w) => w.content);
          expect(
            messages.filter((m) => others.includes(m.content)),
            `${who.name} holds no one else's message`,
          ).toEqual([]);
        }

        // Every push went under a client the server binds to the author of all the rows in it.
        const pushes = [...device.link.pushes, ...guestLink.pushes];
        const owners = withDb(
          server,
          (db) => new Map((db.prepare('select client_id as c, user_id as u from sync_clients').all() as { c: string; u: string }[]).map((r) => [r.c, r.u])),
        );
        for (const push of pushes) {
          const authors = new Set(push.mutations.map((m) => writes.find((w) => w.content === (m.args as { content: string }).content)?.author));
          expect(authors.size, 'one author per push').toBeLessThanOrEqual(1);
          const [author] = [...authors];
          if (author && owners.has(push.clientId)) expect(owners.get(push.clientId), 'the client is the author’s').toBe(author);
        }
        // A row never moves to another client (another account's queue): it is only ever sent under one.
        const clients = new Map<string, Set<string>>();
        for (const push of pushes) {
          for (const m of push.mutations) {
            const content = (m.args as { content: string }).content;
            clients.set(content, (clients.get(content) ?? new Set()).add(push.clientId));
          }
        }
        expect([...clients].filter(([, set]) => set.size > 1)).toEqual([]);
      }),
      { numRuns: 4, seed: Number(process.env.SYNC_SHARED_SEED ?? 4242), endOnFailure: true },
    );
    expect(runs).toBe(4);
    expect(seen.switches).toBeGreaterThan(0);
    expect(seen.expired).toBeGreaterThan(0);
    expect(seen.parkedSends).toBeGreaterThan(0);
  });
});
