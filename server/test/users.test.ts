import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, User } from '../../sync/schemas/user';
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
    const res = await api.put<Updated>('/api/users/update', { fullName: 'New Name', email: 'Profile2@Example.test', phone: '+44 7700 900000', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.user).toMatchObject({ fullName: 'New Name', email: 'profile2@example.test', mobile: '+44 7700 900000', role: 'user' });
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

  it('updates the e-mail payload {email}, validates it and keeps e-mails unique (409)', async () => {
    const { token } = await registerUser(server.url, 'mover@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { email: '' }), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', {}), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', { email: ['x@example.test'] }), 'Email are required.');
    expectInvalid(await api.put('/api/users/update', { email: 'not-an-email' }), 'A valid email is required');
    expectInvalid(await api.put('/api/users/update', { email: `${HUGE}@example.test` }), 'A valid email is required');
    expectError(await api.put('/api/users/update', { email: ADMIN.email.toUpperCase() }), 409, 'An account with this email already exists');
    expectError(await api.put('/api/users/update', { fullName: 'X', email: ADMIN.email }), 409, 'An account with this email already exists');
    expect((await api.put('/api/users/update', [{ email: 'array@example.test' }])).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
    const res = await api.put<Updated>('/api/users/update', { email: 'moved@example.test' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('moved@example.test');
    expect(await login(server.url, 'moved@example.test', 'Secret-pass-1')).toMatch(/^ey/);
  });

  it('validates the password payload with the spec texts', async () => {
    const { token } = await registerUser(server.url, 'pw-bad@example.test');
    const api = client(server.url, token);
    const before = snapshot(server);
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: 'abc12' }), 'New password must be at least 6 characters.');
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1' }), 'New password must be at least 6 characters.');
    expectInvalid(await api.put('/api/users/update', { newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: '', newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: 7, newPassword: 'Fresh-pass-1' }), 'Current password is required');
    expectInvalid(await api.put('/api/users/update', { currentPassword: 'Secret-pass-1', newPassword: HUGE }), 'Password must be at most 200 characters');
    expectInvalid(await api.put('/api/users/update', { currentPassword: HUGE, newPassword: 'Fresh-pass-1' }), 'Password must be at most 200 characters');
    expect(snapshot(server)).toEqual(before);
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
    expectError(await client(server.url).put('/api/users/update', { email: 'anon@example.test' }), 401, 'Please sign in to continue');
    expectError(await client(server.url).put('/api/users/update', { currentPassword: 'a', newPassword: 'bbbbbb' }), 401, 'Please sign in to continue');
    expect(snapshot(server)).toEqual(before);
  });
});
