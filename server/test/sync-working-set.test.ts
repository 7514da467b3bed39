import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../sync/client/outbox';
import { SYNC_SCHEMA_VERSION, type PullResponse, type SyncPayment } from '../../sync/protocol';
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
