// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAuthToken, storeAuthToken } from '../lib/auth-token';
import { db } from './db';
import { makeWaitingDue } from './sync-lock';
import { mirroredToken } from './token-mirror';
import { enqueue, forgetDevice, pendingChanges, requestSync } from './sync-runner';

const token = `h.${btoa(JSON.stringify({ sub: 'ama' }))}.s`;
const pull = { cursor: '7:2030-01-01', lastMutationId: 0, reset: false, results: [], changes: {}, deletes: {}, hasMore: false };
const message = { name: 'sendMessage', args: { _id: 'm1', conversationId: 'c1', content: 'written offline', image: null } } as const;

/** Every request the device makes, by path and bearer; offline refuses them all (as a fetch does). */
const sent: { path: string; bearer: string | null }[] = [];
let online = false;

beforeEach(async () => {
  sent.length = 0;
  online = false;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ path: url, bearer: new Headers(init.headers).get('authorization') });
    if (!online) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify(url.endsWith('/push') ? { lastMutationId: 1, results: [] } : pull)));
  });
  await Promise.all([db.outbox.clear(), db.uploads.clear(), db.meta.clear(), db.parked.clear()]);
  storeAuthToken(token);
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out with a change kept for the next sign-in', () => {
  it('sends nothing of the account once signing out has begun, even when a sync is asked for meanwhile', async () => {
    await enqueue(message);
    await requestSync();
    expect(sent.map((r) => r.bearer)).toContain(`Bearer ${token}`);
    sent.length = 0;

    // Back online while signing out: what waits on backoff is due now, and a sync is asked for.
    online = true;
    const signingOut = forgetDevice(false);
    await makeWaitingDue();
    await requestSync();
    await signingOut;
    await requestSync();

    expect(sent).toEqual([]);
    expect(readAuthToken()).toBeNull();
    expect(await mirroredToken()).toBeNull();
    expect((await pendingChanges()).outbox.map((row) => row.args)).toEqual([message.args]);
  });
});
