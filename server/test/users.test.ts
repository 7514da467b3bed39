import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, User } from '../../sync/schemas/user';
import { EMAIL_NEEDS_PASSWORD } from '../../sync/schemas/user';
import { PASSWORD_TOO_SHORT } from '../../sync/password-rule';
import { expectError, expectInvalid, HUGE, snapshot } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

type Updated = { message: string; user: User };

describe('users: profile and the three update payloads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('GET /users answers the caller only; anonymous and bad tokens get 401', async () => {
    expectError(await client(server.url).get('/api/users'), 401, 'Please sign in to continue');
    expectError(await client(server.url, 'garbage').get('/api/users'), 401, 'Please sign in to continue');
    const { token, id } = await registerUser(server.url, 'me@example.test', 'Secret-pass-1', 'Me Myself');
    const res = await client(server.url, token).get<User>('/api/users');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, email: 'me@example.test', fullName: 'Me Myself', role: 'user' });
    expect(Object.keys(res.body)).not.toContain('passwordHash');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|tokenVersion/);
  });

  it('updates the profile payload {fullName, email, phone} and ignores a smuggled role', async () => {
    const { token } = await registerUser(server.url, 'profile@example.test');
    const api = client(server.url, token);
    const res = await api.put<Updated>('/api/users/update', { fullName: 'New Name', email: 'Profile@Example.test', phone: '+44 7700 900000', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.user).toMatchObject({ fullName: 'New Name', email: 'profile@example.test', mobile: '+44 7700 900000', role: 'user' });
    expect((await api.get<User>('/api/users')).body).toMatchObject({ fullName: 'New Name', mobile: '+44 7700 900000', role: 'user' });
    expect((await api.post('/api/airports', { name: 'Sneaky', code: 'SNK', city: 'X', country: 'Y', timeZone: 'UTC' })).status).toBe(403);
  });

  it('validates the profile payload with the spec texts and writes nothing', async () => {
    const { token } = await registerUser(server.url, 'profile-bad@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { fullName: '', email: 'a@example.test' }), 'Name and email are required.');
    expectInvalid(await api.put('/api/users/update', { fullName: 'Someone', email: '' }), 'Name and email are required.');
    expectInvalid(await api.put('/api/users/update', { fullName: 'Someone' }), 'Name and email are required.');
    expectInvalid(await api.put('/api/users/update', { fullName: 42, email: 'a@example.test' }), 'Name and email are required.');
    expectInvalid(await api.put('/api/users/update', { fullName: 'Someone', email: 'nope' }), 'A valid email is required');
    expectInvalid(await api.put('/api/users/update', { fullName: HUGE, email: 'a@example.test' }), 'Must be at most 100 characters');
    expect((await api.put('/api/users/update', { fullName: 'Someone', email: 'a@example.test', phone: HUGE })).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
  });

  it('updates the e-mail payload {email, currentPassword}, validates it and keeps e-mails unique (409)', async () => {
    const { token } = await registerUser(server.url, 'mover@example.test');
    const api = client(server.url, token);
    const currentPassword = 'Secret-pass-1';
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { email: '', currentPassword }), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', {}), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', { email: ['x@example.test'], currentPassword }), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', { email: 'not-an-email', currentPassword }), 'A valid email is required');
    expectInvalid(await api.put('/api/users/update', { email: `${HUGE}@example.test`, currentPassword }), 'A valid email is required');
    expectInvalid(await api.put('/api/users/update', { email: 'moved@example.test' }), 'Current password is required');
    expectError(await api.put('/api/users/update', { email: ADMIN.email.toUpperCase(), currentPassword }), 409, 'An account with this email already exists');
    expect((await api.put('/api/users/update', [{ email: 'array@example.test' }])).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
    const res = await api.put<Updated & AuthResponse>('/api/users/update', { email: 'Moved@Example.test', currentPassword });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('moved@example.test');
    expect(await login(server.url, 'moved@example.test', 'Secret-pass-1')).toMatch(/^ey/);
  });

  it('the profile payload never changes the e-mail: that needs the current password', async () => {
    const { token } = await registerUser(server.url, 'stays@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    const refused = expectError(await api.put('/api/users/update', { fullName: 'X', email: 'taken-over@example.test' }), 400, EMAIL_NEEDS_PASSWORD);
    expect(refused.errors).toEqual([{ msg: EMAIL_NEEDS_PASSWORD, path: 'email' }]);
    expectError(await api.put('/api/users/update', { fullName: 'X', email: ADMIN.email }), 400, EMAIL_NEEDS_PASSWORD);
    expect(snapshot(server)).toEqual(before);
  });

  it('an e-mail change checks the current password, then signs out every other session', async () => {
    const { token } = await registerUser(server.url, 'hijack-me@example.test');
    const other = await login(server.url, 'hijack-me@example.test', 'Secret-pass-1');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { email: 'thief@example.test', currentPassword: 'Not-my-password' }), 'Current password is incorrect');
    expect(snapshot(server)).toEqual(before);
    const res = await api.put<Updated & AuthResponse>('/api/users/update', { email: 'kept@example.test', currentPassword: 'Secret-pass-1' });
    expect(res.status).toBe(200);
    expectError(await client(server.url, token).get('/api/users'), 401, 'Please sign in to continue');
    expectError(await client(server.url, other).get('/api/users'), 401, 'Please sign in to continue');
    expect((await client(server.url, res.body.token).get<User>('/api/users')).body.email).toBe('kept@example.test');
  });

  it('wrong current passwords are limited per account; valid changes and bad payloads do not count', async () => {
    const { token } = await registerUser(server.url, 'guessed@example.test');
    const api = client(server.url, token);
    for (let i = 0; i < 3; i += 1)
      expectInvalid(await api.put('/api/users/update', { currentPassword: '', newPassword: 'Fresh-pass-1' }), 'Current password is required');
    for (let i = 0; i < 5; i += 1) {
      const body =
        i % 2 ? { email: 'elsewhere@example.test', currentPassword: `Guess-${i}` } : { currentPassword: `Guess-${i}`, newPassword: 'Hijacked-pass-1' };
      expectInvalid(await api.put('/api/users/update', body), 'Current password is incorrect');
    }
    const refused = await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'Hijacked-pass-1' });
    expectError(refused, 429, 'Too many wrong current passwords. Please wait 15 minutes and try again.');
    expect(await login(server.url, 'guessed@example.test', 'Secret-pass-1')).toMatch(/^ey/);
    // The limit is the account's: another account on the same address is not slowed down.
    const { token: otherToken } = await registerUser(server.url, 'unrelated@example.test');
    expect((await client(server.url, otherToken).put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'Fresh-pass-1' })).status).toBe(200);
  });

  it('validates the password payload with the spec texts', async () => {
    const { token } = await registerUser(server.url, 'pw-bad@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(
      await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'abc12' }),
      'Password must be at least 8 characters long',
    );
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1' }), 'Password must be at least 8 characters long');
    expectInvalid(await api.put('/api/users/update', { newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: '', newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: 7, newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: HUGE }), 'Password must be at most 200 characters');
    expectInvalid(await api.put('/api/users/update', { currentPassword: HUGE, newPassword: 'Fresh-pass-1' }), 'Password must be at most 200 characters');
    expect(snapshot(server)).toEqual(before);
  });

  it('a new password keeps the sign-up rule: 7 characters are refused, 8 are taken', async () => {
    const { token } = await registerUser(server.url, 'pw-eight@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'Seven-7' }), PASSWORD_TOO_SHORT);
    expect(snapshot(server)).toEqual(before);
    const res = await api.put<AuthResponse>('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'Eight-88' });
    expect(res.status).toBe(200);
    expect(await login(server.url, 'pw-eight@example.test', 'Eight-88')).toMatch(/^ey/);
  });

  it('really checks the current password before changing it', async () => {
    const { token } = await registerUser(server.url, 'pw-check@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    const res = await api.put('/api/users/update', { currentPassword: 'Not-my-password', newPassword: 'Hijacked-pass-1' });
    expectInvalid(res, 'Current password is incorrect');
    expect(snapshot(server)).toEqual(before);
    expect((await api.get('/api/users')).status).toBe(200);
    expect(await login(server.url, 'pw-check@example.test', 'Secret-pass-1')).toMatch(/^ey/);
    expect((await client(server.url).post('/api/auths/login', { email: 'pw-check@example.test', password: 'Hijacked-pass-1' })).status).toBe(401);
  });

  it('a password change revokes old tokens and answers a new one that works', async () => {
    const { token: oldToken } = await registerUser(server.url, 'pw-ok@example.test');
    const other = await login(server.url, 'pw-ok@example.test', 'Secret-pass-1');
    const res = await client(server.url, oldToken).put<Updated & AuthResponse>('/api/users/update', {
      currentPassword: 'Secret-pass-1',
      newPassword: 'Fresh-pass-1',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.token).not.toBe(oldToken);
    expectError(await client(server.url, oldToken).get('/api/users'), 401, 'Please sign in to continue');
    expectError(await client(server.url, other).get('/api/users'), 401, 'Please sign in to continue');
    expect((await client(server.url, res.body.token).get<User>('/api/users')).body.email).toBe('pw-ok@example.test');
    expect((await client(server.url).post('/api/auths/login', { email: 'pw-ok@example.test', password: 'Secret-pass-1' })).status).toBe(401);
    expect(await login(server.url, 'pw-ok@example.test', 'Fresh-pass-1')).toMatch(/^ey/);
  });

  it('PUT /users/update needs a signed-in user', async () => {
    const before = snapshot(server);
    expectError(await client(server.url).put('/api/users/update', { email: 'anon@example.test', currentPassword: 'a' }), 401, 'Please sign in to continue');
    expectError(await client(server.url).put('/api/users/update', { currentPassword: 'a', newPassword: 'bbbbbb' }), 401, 'Please sign in to continue');
    expect(snapshot(server)).toEqual(before);
  });
});
