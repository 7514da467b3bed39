import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION, type PushResponse } from '../../sync/protocol';
import { DEFAULT_RATE_LIMITS } from '../middleware/rate-limits';
import { startSupport } from './chat-fixtures';
import { expectError } from './fixtures';
import { client, registerUser, startTestServer, type TestServer } from './harness';

/**
 * Issue #43 item 9: a sync push carries up to 100 mutations, each a write transaction. Every new mutation,
 * whatever its kind, takes one unit of the account's `syncMutation` budget (the production default here);
 * past it the rest of the batch waits in the client's outbox and a push with none left is refused with 429.
 */
describe('the sync push budget', () => {
  let server: TestServer;
  const budget = DEFAULT_RATE_LIMITS.syncMutation.limit;

  beforeAll(async () => {
    server = await startTestServer({ bookingRules: 'production' });
  });
  afterAll(() => server.stop());

  /** An account's device: its support conversation and a push of sync mutations. */
  async function device() {
    const account = await registerUser(server.url, `budget.${randomUUID().slice(0, 8)}@example.com`);
    const api = client(server.url, account.token);
    const conversation = await startSupport(api);
    const clientId = randomUUID();
    // Both kinds counted against no limit before: profile updates and read marks, alternating.
    const mutation = (id: number) =>
      id % 2 === 0
        ? { id, name: 'updateProfile', args: { fullName: `Budget ${id}` } }
        : { id, name: 'markConversationRead', args: { conversationId: conversation._id } };
    const push = (ids: number[]) => api.post<PushResponse>('/api/sync/push', { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: ids.map(mutation) });
    return { push };
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it(`applies at most ${budget} mutations per account and minute, whatever their kind; the rest is refused with 429`, async () => {
    const { push } = await device();
    const first = await push(range(1, 100));
    expect(first.status).toBe(200);
    expect(first.body.lastMutationId).toBe(budget);
    expect(first.body.results).toEqual([]);

    expectError(await push(range(budget + 1, 100)), 429, DEFAULT_RATE_LIMITS.syncMutation.message, 'rate_limited');
    // A replay of what was applied costs nothing; a new mutation behind it is still refused.
    const replay = await push(range(1, budget + 1));
    expect(replay.status).toBe(200);
    expect(replay.body.lastMutationId).toBe(budget);

    // The budget is the account's: another account's device is not held up.
    const other = await device();
    expect((await other.push(range(1, 3))).body.lastMutationId).toBe(3);
  });
});
