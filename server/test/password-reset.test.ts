import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '../middleware/rate-limits';
import { expectError, expectInvalid, readDb } from './fixtures';
import { client, login, registerUser, startTestServer, type TestServer } from './harness';

const REQUESTED = 'If an account exists, we sent a reset link';
const INVALID = 'This reset link is invalid or has expired';

type MailRow = { to: string; subject: string; text: string; html: string };

describe('forgot and reset password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    setRateLimits(server.ctx, { passwordReset: 1000 });
  });
  afterAll(() => server.stop());

  const mailsTo = (to: string) => readDb(server, (db) => db.prepare('select "to", subject, text, html from mail_outbox where "to" = ? order by id').all(to) as MailRow[]);

  /** Asks for a link and answers the token from the mailed URL. */
  async function requestLink(email: string): Promise<string> {
    const res = await client(server.url).post('/api/auths/forgot', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REQUESTED });
    const text = mailsTo(email.toLowerCase()).at(-1)?.text ?? '';
    const link = new RegExp(`${server.url}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(link, text).not.toBeNull();
    return link?.[1] ?? '';
  }

  it('mails a link with a 32-byte token kept only as a hash, valid for one hour', async () => {
    const email = 'reset.one@example.test';
    await registerUser(server.url, email);
    const before = Date.now();
    const token = await requestLink('Reset.One@Example.test');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const mail = mailsTo(email).at(-1);
    expect(mail?.subject).toBe('Reset your SkyWay password');
    const rows = readDb(server, (db) => db.prepare('select token_hash, expires_at from password_resets').all() as { token_hash: string; expires_at: string }[]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = Date.parse(rows[0]?.expires_at ?? '') - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await client(server.url).post('/api/auths/forgot', { email: 'nobody.here@example.test' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REQUESTED });
    expect(mailsTo('nobody.here@example.test')).toEqual([]);
    expectInvalid(await client(server.url).post('/api/auths/forgot', { email: 'not-an-email' }), 'A valid email is required');
  });

  it('sets the new password once, revokes older tokens and refuses the link a second time', async () => {
    const email = 'reset.two@example.test';
    const { token: session } = await registerUser(server.url, email, 'Old-password-1');
    const token = await requestLink(email);
    expectInvalid(await client(server.url).post('/api/auths/reset', { token, password: 'short' }), 'Password must be at least 8 characters long');
    const res = await client(server.url).post('/api/auths/reset', { token, password: 'New-password-2' });
    expect(res.status).toBe(200);
    expect((await client(server.url, session).get('/api/users')).status).toBe(401);
    expect((await client(server.url).post('/api/auths/login', { email, password: 'Old-password-1' })).status).toBe(401);
    expect(await login(server.url, email, 'New-password-2')).toBeTruthy();
    expectError(await client(server.url).post('/api/auths/reset', { token, password: 'Another-pass-3' }), 400, INVALID);
  });

  it('refuses an expired link, an unknown one and one replaced by a newer request', async () => {
    const email = 'reset.three@example.test';
    await registerUser(server.url, email, 'Old-password-1');
    const first = await requestLink(email);
    const second = await requestLink(email);
    expectError(await client(server.url).post('/api/auths/reset', { token: first, password: 'New-password-2' }), 400, INVALID);
    expectError(await client(server.url).post('/api/auths/reset', { token: 'A'.repeat(43), password: 'New-password-2' }), 400, INVALID);
    server.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      expectError(await client(server.url).post('/api/auths/reset', { token: second, password: 'New-password-2' }), 400, INVALID);
    } finally {
      server.setNow(new Date());
    }
    expect(await login(server.url, email, 'Old-password-1')).toBeTruthy();
  });

  it('limits reset requests per address with the shared password-reset limiter and mails nothing then', async () => {
    // The requests above already count in this window, so a limit of 1 is used up.
    setRateLimits(server.ctx, { passwordReset: 1 });
    try {
      await registerUser(server.url, 'limit@example.test');
      const refused = await client(server.url).post('/api/auths/forgot', { email: 'limit@example.test' });
      expectError(refused, 429, 'Too many password reset requests. Please wait an hour and try again.');
      expect(mailsTo('limit@example.test')).toEqual([]);
    } finally {
      setRateLimits(server.ctx, { passwordReset: 1000 });
    }
    expect((await client(server.url).post('/api/auths/forgot', { email: 'limit@example.test' })).status).toBe(200);
    expect(mailsTo('limit@example.test')).toHaveLength(1);
  });
});
