import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRateLimits } from '../middleware/rate-limits';
import { findUserById, revokeTokens } from '../services/identity/users';
import type { AuthResponse, User } from '../../sync/schemas/user';
import { expectError, expectInvalid, HUGE, snapshot } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

const INVALID = 'Invalid email or password';

describe('auth: register, login, lockout, logout-all', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The lockout test below comes from another client address through the proxy header.
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.stop());

  it('registers an ordinary user, normalises the e-mail, answers a working token and no secrets', async () => {
    const api = client(server.url);
    const res = await api.post<AuthResponse>('/api/auths/register', {
      fullName: '  Grace Hopper ',
      email: ' Grace@Example.TEST ',
      password: 'Long-enough-1',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ fullName: 'Grace Hopper', email: 'grace@example.test', role: 'user' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|Long-enough-1|tokenVersion|argon2/i);
    const me = await client(server.url, res.body.token).get<User>('/api/users');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('grace@example.test');
    expect(me.body.role).toBe('user');
  });

  it('refuses a second account for the same e-mail, whatever its case (409), and writes nothing', async () => {
    await registerUser(server.url, 'twice@example.test');
    const before = snapshot(server);
    const res = await client(server.url).post('/api/auths/register', { fullName: 'Again', email: 'TWICE@example.test', password: 'Another-pass-1' });
    expectError(res, 409, 'An account with this email already exists');
    expect(snapshot(server)).toEqual(before);
  });

  it('validates sign-up with the spec texts and writes nothing', async () => {
    const api = client(server.url);
    const before = snapshot(server);
    const good = { fullName: 'Val Idate', email: 'val@example.test', password: 'Long-enough-1' };
    expectInvalid(await api.post('/api/auths/register', { ...good, email: 'not-an-email' }), 'A valid email is required');
    expectInvalid(await api.post('/api/auths/register', { ...good, email: undefined }), 'A valid email is required');
    expectInvalid(await api.post('/api/auths/register', { ...good, email: 42 }), 'A valid email is required');
    expectInvalid(await api.post('/api/auths/register', { ...good, email: `${HUGE}@example.test` }), 'A valid email is required');
    expectInvalid(await api.post('/api/auths/register', { ...good, password: 'short12' }), 'Password must be at least 8 characters long');
    expectInvalid(await api.post('/api/auths/register', { ...good, password: undefined }), 'Password must be at least 8 characters long');
    expectInvalid(await api.post('/api/auths/register', { ...good, password: ['Long-enough-1'] }), 'Password must be at least 8 characters long');
    expectInvalid(await api.post('/api/auths/register', { ...good, fullName: HUGE }), 'Must be at most 100 characters');
    expect((await api.post('/api/auths/register', [good])).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
  });

  it('validates log-in with the spec texts', async () => {
    const api = client(server.url);
    expectInvalid(await api.post('/api/auths/login', { password: 'whatever-1' }), 'Email is required');
    expectInvalid(await api.post('/api/auths/login', { email: '', password: 'whatever-1' }), 'Email is required');
    expectInvalid(await api.post('/api/auths/login', { email: ADMIN.email }), 'Password is required');
    expectInvalid(await api.post('/api/auths/login', { email: ADMIN.email, password: '' }), 'Password is required');
    expectInvalid(await api.post('/api/auths/login', { email: { $ne: '' }, password: 'x' }), 'Email is required');
    expectInvalid(await api.post('/api/auths/login', { email: ADMIN.email, password: HUGE }), 'Password must be at most 200 characters');
  });

  it('logs in case-insensitively and answers a token for the right user', async () => {
    const res = await client(server.url).post<AuthResponse>('/api/auths/login', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect((await client(server.url, res.body.token).get<User>('/api/users')).body.role).toBe('admin');
  });

  it("answers 'Invalid email or password' identically for an unknown e-mail and a wrong password", async () => {
    const api = client(server.url);
    const unknown = await api.post('/api/auths/login', { email: 'nobody@example.test', password: 'Wrong-pass-1' });
    const wrong = await api.post('/api/auths/login', { email: ADMIN.email, password: 'Wrong-pass-1' });
    expectError(unknown, 401, INVALID);
    expectError(wrong, 401, INVALID);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(wrong.status);
  });

  it('locks an e-mail and address pair after 10 failures, even for the right password; others are unaffected', async () => {
    const email = 'locked@example.test';
    await registerUser(server.url, email, 'Right-pass-123');
    const api = client(server.url);
    for (let i = 0; i < 10; i += 1) {
      expectError(await api.post('/api/auths/login', { email, password: `Wrong-pass-${i}` }), 401, INVALID);
    }
    const locked = await api.post('/api/auths/login', { email, password: 'Right-pass-123' });
    const body = expectError(locked, 429, 'Too many failed log-in attempts. Try again in 15 minutes.');
    expect(body.message).not.toContain('token');
    expect(locked.body).not.toHaveProperty('token');
    // Another e-mail from the same address still logs in.
    expect(await login(server.url, ADMIN.email, ADMIN.password)).toMatch(/^ey/);
    // The same e-mail from another client address is a different pair.
    const elsewhere = await api.post('/api/auths/login', { email, password: 'Right-pass-123' }, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(elsewhere.status).toBe(200);
  });

  it('counts attempts before checking them: 25 parallel wrong passwords get at most 10 checks', async () => {
    const email = 'raced@example.test';
    await registerUser(server.url, email, 'Right-pass-123');
    const checks = vi.spyOn(argon2, 'verify');
    try {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          client(server.url).post('/api/auths/login', { email, password: `Wrong-pass-${i}` }, { headers: { 'x-forwarded-for': '203.0.113.25' } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect(checks).toHaveBeenCalledTimes(10);
    } finally {
      checks.mockRestore();
    }
    const locked = await client(server.url).post('/api/auths/login', { email, password: 'Right-pass-123' }, { headers: { 'x-forwarded-for': '203.0.113.25' } });
    expectError(locked, 429, 'Too many failed log-in attempts. Try again in 15 minutes.');
  });

  it('a taken e-mail is refused before the password is hashed, and sign-ups are limited per address', async () => {
    await registerUser(server.url, 'taken@example.test');
    const hashes = vi.spyOn(argon2, 'hash');
    try {
      const res = await client(server.url).post('/api/auths/register', { fullName: 'Again', email: 'Taken@Example.test', password: 'Another-pass-1' });
      expectError(res, 409, 'An account with this email already exists');
      expect(hashes).not.toHaveBeenCalled();
    } finally {
      hashes.mockRestore();
    }
    setRateLimits(server.ctx, { register: 0 });
    try {
      const other = client(server.url);
      const refused = await other.post('/api/auths/register', { fullName: 'Flood', email: 'flood@example.test', password: 'Another-pass-1' });
      expectError(refused, 429, 'Too many sign-ups from your network. Please wait 15 minutes and try again.');
    } finally {
      setRateLimits(server.ctx, { register: 1000 });
    }
  });

  it('logout-all needs a user, then refuses every earlier token', async () => {
    expectError(await client(server.url).post('/api/auths/logout-all'), 401, 'Please sign in to continue');
    const { token } = await registerUser(server.url, 'leaver@example.test', 'Leaver-pass-1');
    const second = await login(server.url, 'leaver@example.test', 'Leaver-pass-1');
    const res = await client(server.url, token).post<{ message: string }>('/api/auths/logout-all');
    expect(res.status).toBe(200);
    expectError(await client(server.url, token).get('/api/users'), 401, 'Please sign in to continue');
    expectError(await client(server.url, second).get('/api/users'), 401, 'Please sign in to continue');
    expectError(await client(server.url, token).post('/api/auths/logout-all'), 401, 'Please sign in to continue');
    const fresh = await login(server.url, 'leaver@example.test', 'Leaver-pass-1');
    expect((await client(server.url, fresh).get('/api/users')).status).toBe(200);
  });

  it('sign-out everywhere counts the token version up from the stored one, not from a stale copy of the caller', async () => {
    const { id } = await registerUser(server.url, 'stale-copy@example.test', 'Stale-pass-1');
    const stale = await findUserById(server.ctx.db, id);
    if (!stale) throw new Error('no account');
    await revokeTokens(server.ctx, stale);
    const once = await login(server.url, 'stale-copy@example.test', 'Stale-pass-1');
    // The same copy again, as a process that kept the row from before the first write would hold it.
    await revokeTokens(server.ctx, stale);
    expect((await findUserById(server.ctx.db, id))?.tokenVersion).toBe(stale.tokenVersion + 2);
    expectError(await client(server.url, once).get('/api/users'), 401, 'Please sign in to continue');
  });

  it('refuses forged, malformed and alg:none tokens', async () => {
    const real = await login(server.url, ADMIN.email, ADMIN.password);
    const [header, payload] = real.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const token of [`${header}.${payload}.forged`, none, 'not-a-jwt']) {
      expectError(await client(server.url, token).get('/api/users'), 401, 'Please sign in to continue');
      expectError(
        await client(server.url, token).post('/api/airports', { name: 'X', code: 'XXA', city: 'X', country: 'X' }),
        401,
        'Please sign in to continue',
      );
    }
  });
});
