import path from 'node:path';
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from './fixtures';
import { client, registerUser, startTestServer, TEST_ENGINE, type TestServer } from './harness';

const PAIR_LOCKED = 'Too many failed log-in attempts. Try again in 15 minutes.';
const accountWait = (wait: string) => `Too many failed log-in attempts for this account. Try again in ${wait}.`;

/** Log-in counts per e-mail and address, and per account from any address (issue #43, finding 3). */
describe('log-in: the account waits longer and longer, whatever the addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Each attempt names its client address in X-Forwarded-For, as behind a proxy.
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.stop());
  afterEach(() => {
    server.setNow(new Date());
  });

  const signIn = (email: string, password: string, from: string) =>
    client(server.url).post('/api/auths/login', { email, password }, { headers: { 'x-forwarded-for': from } });

  it('60 wrong passwords from 60 addresses: 20 are checked, the rest wait; the right one after the wait passes and clears the count', async () => {
    const email = 'spread@example.test';
    await registerUser(server.url, email, 'Right-pass-123');
    let now = Date.now();
    server.setNow(new Date(now));
    const checks = vi.spyOn(argon2, 'verify');
    const statuses: number[] = [];
    try {
      for (let i = 1; i <= 60; i += 1) statuses.push((await signIn(email, `Wrong-pass-${i}`, `198.51.100.${i}`)).status);
      expect(checks).toHaveBeenCalledTimes(20);
    } finally {
      checks.mockRestore();
    }
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(40).fill(429)]);
    // Even the right password waits; the answer is the product's error shape with its own code.
    expectError(await signIn(email, 'Right-pass-123', '198.51.100.61'), 429, accountWait('1 second'), 'account_throttled');

    // Each further failure doubles the wait.
    now += 1001;
    server.setNow(new Date(now));
    expectError(await signIn(email, 'Wrong-pass-61', '198.51.100.62'), 401, 'Invalid email or password');
    expectError(await signIn(email, 'Right-pass-123', '198.51.100.63'), 429, accountWait('2 seconds'), 'account_throttled');
    now += 2001;
    server.setNow(new Date(now));
    expectError(await signIn(email, 'Wrong-pass-62', '198.51.100.64'), 401, 'Invalid email or password');
    expectError(await signIn(email, 'Wrong-pass-63', '198.51.100.65'), 429, accountWait('4 seconds'), 'account_throttled');

    now += 4001;
    server.setNow(new Date(now));
    expect((await signIn(email, 'Right-pass-123', '198.51.100.66')).status).toBe(200);
    // Cleared: twenty more failures are checked before the account waits again.
    const again: number[] = [];
    for (let i = 1; i <= 21; i += 1) again.push((await signIn(email, `Wrong-again-${i}`, `192.0.2.${i}`)).status);
    expect(again).toEqual([...Array<number>(20).fill(401), 429]);
  });

  it('the wait grows to 15 minutes at most, and an unknown e-mail is answered the same way', async () => {
    const now = Date.now();
    server.setNow(new Date(now));
    const answers: number[] = [];
    for (let i = 1; i <= 21; i += 1) answers.push((await signIn('nobody.spread@example.test', 'Wrong-pass-1', `203.0.113.${i}`)).status);
    expect(answers).toEqual([...Array<number>(20).fill(401), 429]);
    expectError(await signIn('nobody.spread@example.test', 'Wrong-pass-1', '203.0.113.99'), 429, accountWait('1 second'), 'account_throttled');
    let at = now;
    for (let failure = 21; failure <= 32; failure += 1) {
      at += 16 * 60_000;
      server.setNow(new Date(at));
      expect((await signIn('nobody.spread@example.test', 'Wrong-pass-1', `203.0.113.${failure + 100}`)).status).toBe(401);
    }
    expectError(await signIn('nobody.spread@example.test', 'Wrong-pass-1', '203.0.113.200'), 429, accountWait('15 minutes'), 'account_throttled');
  });

  it.skipIf(TEST_ENGINE === 'postgres')(
    "while another process holds SQLite's write lock, the account's count is kept in memory by the same rule",
    async () => {
      const email = 'held@example.test';
      await registerUser(server.url, email, 'Right-pass-123');
      server.setNow(new Date());
      const other = new Database(path.join(server.dataDir, 'airline.sqlite'));
      other.exec('BEGIN IMMEDIATE');
      try {
        const statuses: number[] = [];
        for (let i = 1; i <= 21; i += 1) statuses.push((await signIn(email, `Wrong-pass-${i}`, `100.64.0.${i}`)).status);
        expect(statuses).toEqual([...Array<number>(20).fill(401), 429]);
        expectError(await signIn(email, 'Right-pass-123', '100.64.0.99'), 429, accountWait('1 second'), 'account_throttled');
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
    },
    120_000,
  );

  it('two IPv6 addresses in one /56 share the per-address count; another /56 does not; an IPv4-mapped address is its IPv4', async () => {
    const email = 'six@example.test';
    await registerUser(server.url, email, 'Right-pass-123');
    for (let i = 0; i < 10; i += 1) {
      const from = i % 2 ? '2001:db8:0:1::1' : '2001:db8:0:ff:abcd::2';
      expectError(await signIn(email, `Wrong-pass-${i}`, from), 401, 'Invalid email or password');
    }
    expectError(await signIn(email, 'Right-pass-123', '2001:db8:0:42::7'), 429, PAIR_LOCKED, 'account_locked');
    expect((await signIn(email, 'Right-pass-123', '2001:db8:0:100::1')).status).toBe(200);

    for (let i = 0; i < 10; i += 1) expect((await signIn(email, `Wrong-pass-${i}`, '::ffff:203.0.113.77')).status).toBe(401);
    expectError(await signIn(email, 'Right-pass-123', '203.0.113.77'), 429, PAIR_LOCKED, 'account_locked');
  });
});
