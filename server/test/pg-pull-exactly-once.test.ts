import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION, type PullResponse } from '../../sync/protocol';
import { loginGuest, send, startSupport } from './chat-fixtures';
import { ADMIN, client, login } from './harness';
import { startProcessPair, type ProcessPair } from './process-pair';

const WRITERS = 8;
const MESSAGES_EACH = 30;

/**
 * Issue #46, through the app: 8 writers (guests, half of them on each of two processes) send chat
 * messages while two admin devices pull page after page, each through both processes in turn. Every
 * message reaches each device exactly once.
 */
describe('pulls while writers on two processes commit at once (PostgreSQL)', () => {
  let pair: ProcessPair;
  let adminToken: string;

  beforeAll(async () => {
    pair = await startProcessPair({ RATE_LIMITS: 'off' });
    adminToken = await login(pair.a.url, ADMIN.email, ADMIN.password);
  }, 300_000);
  afterAll(() => pair?.stop(), 60_000);

  /** A device of the admin's, keeping the ids of the messages of `ours` conversations it was sent. */
  function device(ours: ReadonlySet<string>) {
    const clientId = randomUUID();
    let cursor: string | null = null;
    let turn = 0;
    const received: string[] = [];
    /** One sequence: pages until the server has no more. */
    const pull = async () => {
      for (let more = true; more;) {
        const url = [pair.a.url, pair.b.url][turn++ % 2] ?? pair.a.url;
        const res = await client(url, adminToken).post<PullResponse>('/api/sync/pull', { clientId, cursor, schemaVersion: SYNC_SCHEMA_VERSION });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        received.push(...res.body.changes.messages.filter((m) => ours.has(m.conversationId)).map((m) => m._id));
        cursor = res.body.cursor;
        more = res.body.hasMore;
      }
    };
    return { pull, received };
  }

  it('sends every message to each admin device exactly once', async () => {
    const guests = await Promise.all(Array.from({ length: WRITERS }, (_, i) => loginGuest(i % 2 ? pair.b.url : pair.a.url, `Writer ${i}`)));
    const conversations = await Promise.all(guests.map((guest) => startSupport(guest.api)));
    const ours = new Set(conversations.map((c) => c._id));
    const devices = [device(ours), device(ours)];
    let writing = true;
    const written = Promise.all(
      guests.map(async (guest, i) => {
        const ids: string[] = [];
        for (let n = 0; n < MESSAGES_EACH; n++) ids.push((await send(guest.api, conversations[i]?._id ?? '', `message ${n} of writer ${i}`))._id);
        return ids;
      }),
    ).finally(() => (writing = false));
    await Promise.all(
      devices.map(async ({ pull }) => {
        while (writing) await pull();
      }),
    );
    const sent = (await written).flat();
    for (const { pull } of devices) await pull();
    expect(sent).toHaveLength(WRITERS * MESSAGES_EACH);
    for (const { received } of devices) {
      expect(received.length - new Set(received).size, 'messages sent twice').toBe(0);
      expect([...received].sort()).toEqual([...sent].sort());
    }
  }, 180_000);
});
