import { randomUUID } from 'node:crypto';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import { TransportError, type SyncTransport } from '../../sync/client/types';
import type { Result } from '../types';

export async function travellerToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auths/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'traveller@skyway.test', password: 'Demo-pass-123' }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export function timings(samples: number[], notes: string[]): Result {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const total = samples.reduce((a, b) => a + b, 0);
  return {
    requests: samples.length,
    durationS: total / 1000,
    rps: samples.length / (total / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    errors: 0,
    non2xx: 0,
    notes,
  };
}

/** A first full sync (airports, the 60-day flight window, own rows) into a fresh client, 5 times. */
export async function firstFullSync(baseUrl: string): Promise<Result> {
  const token = await travellerToken(baseUrl);
  const samples: number[] = [];
  let flights = 0;
  for (let i = 0; i < 5; i++) {
    const store = new MemoryStore(randomUUID());
    const engine = new SyncEngine({ store, transport: httpTransport(baseUrl, () => token) });
    const start = performance.now();
    await engine.sync();
    samples.push(performance.now() - start);
    flights = store.tables.flights.size;
  }
  return timings(samples, [`${flights} flights per full sync (node client: fetch, parse, validate, apply)`]);
}

/** 500 mutations queued offline, then the time from reconnecting until the outbox is empty. */
export async function drainAfterReconnect(baseUrl: string): Promise<Result> {
  const token = await travellerToken(baseUrl);
  const real = httpTransport(baseUrl, () => token);
  let online = false;
  const transport: SyncTransport = {
    pull: (r) => (online ? real.pull(r) : Promise.reject(new TransportError('offline', 'offline'))),
    push: (r) => (online ? real.push(r) : Promise.reject(new TransportError('offline', 'offline'))),
  };
  const store = new MemoryStore(randomUUID());
  const engine = new SyncEngine({ store, transport });
  for (let i = 0; i < 500; i++) {
    await store.enqueue({ name: 'updateProfile', args: { fullName: `Ada Okafor ${i}`, email: 'traveller@skyway.test' } }, Date.now());
  }
  online = true;
  const start = performance.now();
  while ((await store.outbox()).length > 0) await engine.sync();
  const elapsed = performance.now() - start;
  return timings([elapsed], ['500 updateProfile mutations, pushed in batches of 100, then one pull']);
}
