import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION, type PullResponse } from '../../sync/protocol';
import { client, login, ADMIN } from './harness';
import { member, startSyncServer, withDb, type Member, type SyncServer } from './sync-fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The device finds `/payment/<key>` offline by the key's hash, which only the payer's own device gets. */
describe('the payment link in the sync pull', () => {
  let server: SyncServer;
  let payer: Member;
  let key: string;

  beforeAll(async () => {
    server = await startSyncServer();
    payer = await member(server.url, 'linkhash', 1);
    const paymentId = payer.bookings[0]?.paymentId ?? '';
    key = withDb(server, (db) => (db.prepare('select access_key as key from payments where id = ?').get(paymentId) as { key: string }).key);
  });
  afterAll(() => server.stop());

  async function pull(token: string): Promise<PullResponse> {
    const res = await client(server.url, token).post<PullResponse>('/api/sync/pull', {
      clientId: randomUUID(),
      cursor: null,
      schemaVersion: SYNC_SCHEMA_VERSION,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it("carries the SHA-256 of the link's key on the payer's own payment, never the key", async () => {
    const paymentId = payer.bookings[0]?.paymentId;
    const answer = await pull(payer.token);
    const own = answer.changes.payments.find((p) => p._id === paymentId);
    expect(own?.linkHash).toBe(sha256(key));
    expect(JSON.stringify(answer)).not.toContain(key);
    const byLink = await client(server.url, payer.token).get<{ _id: string }>(`/api/payments/token/${key}`);
    expect(byLink.body._id).toBe(paymentId);
  });

  it("an admin's device gets no link hash of another user's payment", async () => {
    const answer = await pull(await login(server.url, ADMIN.email, ADMIN.password));
    const theirs = answer.changes.payments.find((p) => p._id === payer.bookings[0]?.paymentId);
    expect(theirs).toBeDefined();
    expect(theirs?.linkHash).toBeNull();
    expect(answer.changes.payments.every((p) => p.linkHash === null)).toBe(true);
  });
});
