import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushQueued } from './background-flush';
import { db } from './db';
import { DexieStore } from './dexie-store';
import { mirrorToken } from './token-mirror';

const token = `h.${btoa(JSON.stringify({ sub: 'u1' }))}.s`;
const store = new DexieStore(db);
const pull = { cursor: '7:2030-01-01', lastMutationId: 1, reset: false, results: [], changes: {}, deletes: {}, hasMore: false };

beforeEach(async () => {
  // NOTE: no Web Locks here (Node): the flush runs its cycle at once, as with one engine per store.
  vi.stubGlobal('navigator', {});
  await db.outbox.clear();
  await db.uploads.clear();
  await db.meta.clear();
  await store.claim('u1');
  await store.enqueueAs('u1', { name: 'sendMessage', args: { _id: 'm1', conversationId: 'c1', content: 'hello', image: null } }, 0);
});
afterEach(() => vi.unstubAllGlobals());

describe("the service worker's background flush", () => {
  it('sends nothing without a mirrored token (signed out), and leaves the queue for the next sign-in', async () => {
    await mirrorToken(null);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(flushQueued()).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });

  it('rejects while offline, so the browser retries the sync later; the row waits as failed', async () => {
    await mirrorToken(token);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(flushQueued()).rejects.toThrow('Failed to fetch');
    expect((await db.outbox.toArray()).map((r) => r.state)).toEqual(['failed']);
  });

  it("pushes the queue with the mirrored token through the page's engine, and resolves once the pull confirms it", async () => {
    await mirrorToken(token);
    await db.outbox.toCollection().modify({ state: 'failed', nextAttemptAt: Date.now() + 60_000 });
    const calls: { path: string; init: RequestInit }[] = [];
    const fetch = vi.fn((path: string, init: RequestInit) => {
      calls.push({ path, init });
      return Promise.resolve(new Response(JSON.stringify(path.endsWith('/push') ? { lastMutationId: 1, results: [] } : pull), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    await expect(flushQueued()).resolves.toBeUndefined();
    const push = calls[0];
    expect(push?.path).toBe('/api/sync/push');
    expect(new Headers(push?.init.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(typeof push?.init.body === 'string' ? push.init.body : '{}')).toMatchObject({
      mutations: [{ id: 1, name: 'sendMessage', args: { content: 'hello' } }],
    });
    expect(await db.outbox.count()).toBe(0);
  });
});
