import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRateLimits } from '../middleware/rate-limits';
import { expectError, expectInvalid, readDb, writeRaw } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { startInbox, type Inbox } from './smtp-inbox';

const REQUESTED = 'If an account exists, we sent a reset link';
const INVALID = 'This reset link is invalid or has expired';

type MailRow = { to: string; subject: string; text: string; html: string };

describe('forgot and reset password', () => {
  let server: TestServer;
  let smtp: Inbox;
  beforeAll(async () => {
    smtp = await startInbox();
    // Behind a trusted proxy, so a test can spread log-in guesses over addresses.
    server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' } });
    setRateLimits(server.ctx, { passwordReset: 1000, passwordResetAccount: 1000, resetPassword: 1000 });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  /** The reset mails in the outbox, which admins read (sign-up also mails a confirmation link). */
  const mailsTo = (to: string) =>
    readDb(
      server,
      (db) =>
        db
          .prepare('select "to", subject, text, html from mail_outbox where "to" = ? and subject = ? order by id')
          .all(to, 'Reset your SkyWay password') as MailRow[],
    );

  /** The account's pending reset links, with the address each was mailed to. */
  const linksOf = (userId: string) =>
    readDb(server, (db) => db.prepare('select email from password_resets where user_id = ?').all(userId) as { email: string }[]);

  /** Asks for a link and answers the token from the URL in the mail the addressee received. */
  async function requestLink(email: string): Promise<string> {
    const res = await client(server.url).post('/api/auths/forgot', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REQUESTED });
    const text = (await smtp.mailTo(email.toLowerCase(), 'Reset your SkyWay password')).parts.get('text/plain') ?? '';
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

  it('a link mailed before an e-mail change resets nothing after it, and the change deleted it', async () => {
    const email = 'reset.moved@example.test';
    const { token: session, id } = await registerUser(server.url, email, 'Old-password-1');
    const token = await requestLink(email);
    expect(linksOf(id)).toEqual([{ email }]);
    const moved = await client(server.url, session).put('/api/users/update', { email: 'reset.moved.new@example.test', currentPassword: 'Old-password-1' });
    expect(moved.status).toBe(200);
    expect(linksOf(id)).toEqual([]);
    expectError(await client(server.url).post('/api/auths/reset', { token, password: 'Hijacked-pass-1' }), 400, INVALID);
    expect((await client(server.url).post('/api/auths/login', { email: 'reset.moved.new@example.test', password: 'Hijacked-pass-1' })).status).toBe(401);
    expect(await login(server.url, 'reset.moved.new@example.test', 'Old-password-1')).toBeTruthy();
  });

  it("a link whose address is no longer the account's is refused, however the address changed", async () => {
    const email = 'reset.behind@example.test';
    const { id } = await registerUser(server.url, email, 'Old-password-1');
    const token = await requestLink(email);
    // Changed behind the app's back, as a script would: the row of the link survives.
    await writeRaw(server.ctx, 'update users set email = ? where id = ?', 'reset.behind.new@example.test', id);
    expect(linksOf(id)).toHaveLength(1);
    expectError(await client(server.url).post('/api/auths/reset', { token, password: 'Hijacked-pass-1' }), 400, INVALID);
    expect(await login(server.url, 'reset.behind.new@example.test', 'Old-password-1')).toBeTruthy();
  });

  it('a link mailed before a password change resets nothing after it, and the change deleted it', async () => {
    const email = 'reset.changed@example.test';
    const { token: session, id } = await registerUser(server.url, email, 'Old-password-1');
    const token = await requestLink(email);
    const changed = await client(server.url, session).put('/api/users/update', { currentPassword: 'Old-password-1', newPassword: 'Owner-pass-2' });
    expect(changed.status).toBe(200);
    expect(linksOf(id)).toEqual([]);
    expectError(await client(server.url).post('/api/auths/reset', { token, password: 'Hijacked-pass-1' }), 400, INVALID);
    expect(await login(server.url, email, 'Owner-pass-2')).toBeTruthy();
  });

  it('a link still works after a change of neither e-mail nor password, and the reset deletes the links', async () => {
    const email = 'reset.kept@example.test';
    const { token: session, id } = await registerUser(server.url, email, 'Old-password-1');
    const token = await requestLink(email);
    const profile = await client(server.url, session).put('/api/users/update', { fullName: 'Kept Name', email, phone: '+234 800 000 0000' });
    expect(profile.status).toBe(200);
    expect(linksOf(id)).toEqual([{ email }]);
    expect((await client(server.url).post('/api/auths/reset', { token, password: 'New-password-2' })).status).toBe(200);
    expect(linksOf(id)).toEqual([]);
    expect(await login(server.url, email, 'New-password-2')).toBeTruthy();
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
    const email = `limit.${Date.now()}@example.test`;
    try {
      await registerUser(server.url, email);
      const refused = await client(server.url).post('/api/auths/forgot', { email });
      expectError(refused, 429, 'Too many password reset requests. Please wait an hour and try again.');
      expect(mailsTo(email)).toEqual([]);
    } finally {
      setRateLimits(server.ctx, { passwordReset: 1000 });
    }
    expect((await client(server.url).post('/api/auths/forgot', { email })).status).toBe(200);
    // The mail goes out after the answer: wait until the inbox has it.
    await smtp.mailTo(email, 'Reset your SkyWay password');
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('the outbox admins read keeps the reset mail without its token', async () => {
    const email = 'reset.outbox@example.test';
    await registerUser(server.url, email);
    const token = await requestLink(email);
    const stored = mailsTo(email).at(-1);
    expect(stored?.subject).toBe('Reset your SkyWay password');
    expect(stored?.text).toContain(`${server.url}/reset-password?token=[redacted]`);
    expect(JSON.stringify(mailsTo(email))).not.toContain(token);
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const outbox = await admin.get<MailRow[]>('/api/mail-outbox?limit=50');
    expect(outbox.status).toBe(200);
    expect(JSON.stringify(outbox.body)).not.toContain(token);
  });

  it('a bogus link is refused before any password is hashed, and bogus links are limited per address', async () => {
    const hashes = vi.spyOn(argon2, 'hash');
    try {
      for (let i = 0; i < 10; i += 1)
        expectError(await client(server.url).post('/api/auths/reset', { token: `bogus-${i}`.padEnd(43, 'x'), password: 'New-password-2' }), 400, INVALID);
      expect(hashes).not.toHaveBeenCalled();
    } finally {
      hashes.mockRestore();
    }
    setRateLimits(server.ctx, { resetPassword: 10 });
    try {
      const refused = await client(server.url).post('/api/auths/reset', { token: 'bogus-11'.padEnd(43, 'x'), password: 'New-password-2' });
      expectError(refused, 429, 'Too many password reset attempts. Please wait 15 minutes and try again.');
    } finally {
      setRateLimits(server.ctx, { resetPassword: 1000 });
    }
  });

  it('limits reset mails per account, whatever the caller address', async () => {
    const email = 'reset.flood@example.test';
    await registerUser(server.url, email);
    setRateLimits(server.ctx, { passwordResetAccount: 3 });
    try {
      for (let i = 0; i < 3; i += 1) await requestLink(i % 2 ? email.toUpperCase() : email);
      const refused = await client(server.url).post('/api/auths/forgot', { email: ` ${email.toUpperCase()} ` });
      expectError(refused, 429, 'Too many password reset requests. Please wait an hour and try again.');
      expect(mailsTo(email)).toHaveLength(3);
      expect((await client(server.url).post('/api/auths/forgot', { email: 'reset.one@example.test' })).status).toBe(200);
    } finally {
      setRateLimits(server.ctx, { passwordResetAccount: 1000 });
    }
  });

  it('a reset ends the wait that guesses from many addresses put on the account', async () => {
    const email = 'kept-out@example.com';
    await registerUser(server.url, email, 'Old-pass-123');
    const signIn = (password: string, from: string) =>
      client(server.url).post('/api/auths/login', { email, password }, { headers: { 'x-forwarded-for': from } });
    for (let i = 1; i <= 21; i += 1) await signIn(`Wrong-pass-${i}`, `198.51.100.${i}`);
    expect((await signIn('Old-pass-123', '198.51.100.99')).status).toBe(429);
    expect((await client(server.url).post('/api/auths/reset', { token: await requestLink(email), password: 'New-pass-123' })).status).toBe(200);
    expect((await signIn('New-pass-123', '198.51.100.100')).status).toBe(200);
  });
});
