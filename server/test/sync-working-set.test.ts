import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_MESSAGES } from '../../sync/constants';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import { settle } from '../../sync/client/outbox';
import type { SyncTransport } from '../../sync/client/types';
import { SYNC_SCHEMA_VERSION, type PullResponse, type SyncPayment } from '../../sync/protocol';
import type { Message, MessagePage } from '../../sync/schemas/chat';
import { eq } from 'drizzle-orm';
import { immediate } from '../db/client';
import { conversations, messages } from '../db/schema';
import { nextVersion } from '../db/version';
import { insertMany } from '../seed/volume-flights';
import { loginGuest, send, startSupport } from './chat-fixtures';
import { ADMIN, client, login } from './harness';
import { member, SyncClient, startSyncServer, type Member, type SyncServer } from './sync-fixtures';

const DAY = 86_400_000;

/** An admin's device holds a working set: what awaits review, what changed in the last 7 days, what its outbox names. */
describe("sync: an admin's working set", { timeout: 120_000 }, () => {
  let server: SyncServer;
  let adminToken: string;
  let payer: Member;
  const t0 = Date.now();
  const clock = { now: t0 };
  const device = () => new SyncClient({ url: () => server.url, token: () => adminToken, now: () => clock.now });
  const admin = () => client(server.url, adminToken);
  const at = (ms: number) => {
    clock.now = ms;
    server.setNow(new Date(ms));
  };

  /** A pull sequence without a push, applied as the engine applies it. */
  async function pullOnly(d: SyncClient): Promise<PullResponse[]> {
    const pages: PullResponse[] = [];
    do {
      const meta = await d.store.meta();
      const page = await d.link.transport().pull({ clientId: meta.clientId, cursor: meta.cursor, schemaVersion: SYNC_SCHEMA_VERSION });
      await d.store.applyPull(page, settle(await d.store.outbox(), page.hasMore ? 0 : page.lastMutationId, page.results), clock.now);
      pages.push(page);
    } while (pages.at(-1)?.hasMore);
    return pages;
  }

  beforeAll(async () => {
    server = await startSyncServer({ now: new Date(t0) });
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    payer = await member(server.url, 'window', 3);
  });
  afterAll(() => server.stop());

  it('keeps what awaits review, drops a payment decided 8 days ago, and takes one claimed paid today', async () => {
    const [decided, awaiting] = payer.bookings;
    if (!decided || !awaiting) throw new Error('no bookings');
    expect((await admin().put(`/api/payments/${decided.paymentId}`, { status: 'failed', reason: 'No transfer arrived' })).status).toBe(200);
    expect((await client(server.url, payer.token).post(`/api/payments/${awaiting.paymentId}/paid`, {})).status).toBe(200);
    const d = device();
    await d.engine.sync();
    expect(d.store.tables.payments.has(decided.paymentId)).toBe(true);
    expect(d.store.tables.payments.has(awaiting.paymentId)).toBe(true);

    at(t0 + 8 * DAY);
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const late = await member(server.url, 'late', 1);
    const claimed = late.bookings[0];
    if (!claimed) throw new Error('no booking');
    expect((await client(server.url, late.token).post(`/api/payments/${claimed.paymentId}/paid`, {})).status).toBe(200);
    await d.engine.sync();

    expect(d.store.tables.payments.has(decided.paymentId)).toBe(false);
    expect(d.store.tables.bookings.has(decided.bookingId)).toBe(false);
    expect(d.store.tables.payments.has(awaiting.paymentId)).toBe(true);
    expect(d.store.tables.bookings.has(awaiting.bookingId)).toBe(true);
    expect(d.store.tables.payments.has(claimed.paymentId)).toBe(true);
    expect(d.store.tables.bookings.has(claimed.bookingId)).toBe(true);
    const fresh = device();
    await fresh.engine.sync();
    expect([...fresh.store.tables.payments.keys()].sort()).toEqual([...d.store.tables.payments.keys()].sort());
    expect([...fresh.store.tables.bookings.keys()].sort()).toEqual([...d.store.tables.bookings.keys()].sort());
  });

  it('a decision queued offline on a payment that left the window meanwhile stays on the device, is sent, and its outcome shown', async () => {
    at(t0 + 8 * DAY);
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const owner = await member(server.url, 'queued', 2);
    const [target, other] = owner.bookings;
    if (!target || !other) throw new Error('no bookings');
    for (const { paymentId } of owner.bookings)
      expect((await admin().put(`/api/payments/${paymentId}`, { status: 'failed', reason: 'Blurry receipt' })).status).toBe(200);
    const d = device();
    await d.engine.sync();
    await d.store.enqueue({ name: 'reviewPayment', args: { paymentId: target.paymentId, expectedStatus: 'failed', status: 'successful' } }, clock.now);

    at(t0 + 16 * DAY);
    adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    await pullOnly(d);
    expect(d.store.tables.payments.has(other.paymentId)).toBe(false);
    expect(d.store.tables.payments.has(target.paymentId)).toBe(true);

    await d.engine.sync();
    const [row] = await d.store.outbox();
    expect(row).toMatchObject({ state: 'rejected', lastCode: 'payment_already_decided' });
    expect((d.store.tables.payments.get(target.paymentId) as SyncPayment | undefined)?.status).toBe('failed');
  });
});

/** A device holds the newest RECENT_MESSAGES of each conversation; older ones are read page by page online. */
describe('sync: the recent messages of a conversation', { timeout: 120_000 }, () => {
  let server: SyncServer;

  beforeAll(async () => {
    server = await startSyncServer();
  });
  afterAll(() => server.stop());

  /** A support conversation of `count` messages, oldest first: the last sent through the API, the others written a minute apart before it. */
  async function longConversation(api: ReturnType<typeof client>, senderId: string, count: number): Promise<{ conversationId: string; ids: string[] }> {
    const conversationId = (await startSupport(api))._id;
    const last = await send(api, conversationId, 'the latest word');
    const older = Array.from({ length: count - 1 }, (_, n) => ({
      id: randomUUID(),
      conversationId,
      senderId,
      content: `message ${n}`,
      type: 'Support' as const,
      createdAt: new Date(Date.parse(last.createdAt) - (count - 1 - n) * 60_000).toISOString(),
    }));
    await immediate(server.ctx.db, async (tx) => {
      const version = await nextVersion(tx);
      await insertMany(
        tx,
        messages,
        older.map((row) => ({ ...row, version })),
      );
    });
    return { conversationId, ids: [...older.map((row) => row.id), last._id] };
  }

  /** A device of `token`, noting the messages each pull answer carries. */
  function device(token: string) {
    const http = httpTransport(server.url, () => token);
    const pulled: string[] = [];
    const transport: SyncTransport = {
      push: (request) => http.push(request),
      pull: async (request) => {
        const answer = await http.pull(request);
        pulled.push(...answer.changes.messages.map((m) => m._id));
        return answer;
      },
    };
    const store = new MemoryStore(randomUUID());
    const engine = new SyncEngine({ store, transport });
    /** The messages of `conversationId` on the device, oldest first. */
    const held = (conversationId: string) =>
      ([...store.tables.messages.values()] as Message[])
        .filter((m) => m.conversationId === conversationId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { engine, pulled, held };
  }

  it('a traveller pulls the newest 50 of 60, then only the next one; an admin the newest 50; the 10 older come by page', async () => {
    const traveller = await member(server.url, 'talker');
    const api = client(server.url, traveller.token);
    const { conversationId, ids } = await longConversation(api, traveller.id, 60);
    const phone = device(traveller.token);
    await phone.engine.sync();
    const recent = phone.held(conversationId);
    expect(recent.map((m) => m._id)).toEqual(ids.slice(-RECENT_MESSAGES));
    expect(phone.pulled.sort()).toEqual(ids.slice(-RECENT_MESSAGES).sort());

    const admin = device(await login(server.url, ADMIN.email, ADMIN.password));
    await admin.engine.sync();
    expect(admin.held(conversationId).map((m) => m._id)).toEqual(ids.slice(-RECENT_MESSAGES));
    expect(admin.pulled.filter((id) => ids.includes(id)).sort()).toEqual(ids.slice(-RECENT_MESSAGES).sort());

    const before = encodeURIComponent(recent[0]?.createdAt ?? '');
    const page = await api.get<MessagePage>(`/api/messages/${conversationId}?before=${before}&limit=50`);
    expect(page.body.messages.map((m) => m._id)).toEqual(ids.slice(0, 10));
    expect(page.body.hasMore).toBe(false);

    phone.pulled.length = 0;
    const next = await send(api, conversationId, 'one more');
    await phone.engine.sync();
    expect(phone.pulled).toEqual([next._id]);
    expect(phone.held(conversationId).map((m) => m._id)).toEqual([...ids, next._id].slice(-RECENT_MESSAGES));
  });

  /** Moves a conversation 10 days back and resolves it: it leaves an admin's working set. */
  async function resolvedLongAgo(conversationId: string): Promise<void> {
    const back = (iso: string) => new Date(Date.parse(iso) - 10 * DAY).toISOString();
    await immediate(server.ctx.db, async (tx) => {
      const version = await nextVersion(tx);
      const rows = await tx.select().from(messages).where(eq(messages.conversationId, conversationId));
      for (const row of rows)
        await tx
          .update(messages)
          .set({ createdAt: back(row.createdAt), version })
          .where(eq(messages.id, row.id));
      const latest =
        rows
          .map((row) => back(row.createdAt))
          .sort()
          .at(-1) ?? '';
      await tx.update(conversations).set({ status: 'resolved', lastMessageAt: latest, version }).where(eq(conversations.id, conversationId));
    });
  }

  it('a conversation that opens again comes back to an admin device that let it go, with its recent messages', async () => {
    const traveller = await member(server.url, 'returner');
    const api = client(server.url, traveller.token);
    const other = await member(server.url, 'reopened');
    const written = await longConversation(api, traveller.id, 5);
    const reopened = await longConversation(client(server.url, other.token), other.id, 3);
    await resolvedLongAgo(written.conversationId);
    await resolvedLongAgo(reopened.conversationId);
    const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const admin = device(adminToken);
    await admin.engine.sync();
    expect(admin.held(written.conversationId)).toEqual([]);
    expect(admin.held(reopened.conversationId)).toEqual([]);

    const next = await send(api, written.conversationId, 'back again');
    expect((await client(server.url, adminToken).put(`/api/messages/conversations/${reopened.conversationId}/status`, { status: 'open' })).status).toBe(200);
    await admin.engine.sync();
    expect(admin.held(written.conversationId).map((m) => m._id)).toEqual([...written.ids, next._id]);
    expect(admin.held(reopened.conversationId).map((m) => m._id)).toEqual(reopened.ids);
  });

  it('a guest chat token pulls the newest 50 as well', async () => {
    const guest = await loginGuest(server.url);
    const { conversationId, ids } = await longConversation(guest.api, guest._id, 55);
    const phone = device(guest.token);
    await phone.engine.sync();
    expect(phone.pulled.sort()).toEqual(ids.slice(-RECENT_MESSAGES).sort());
    expect(phone.held(conversationId).map((m) => m._id)).toEqual(ids.slice(-RECENT_MESSAGES));
  });
});
