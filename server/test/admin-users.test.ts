import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Account, AccountDetail } from '../../sync/schemas/admin-user';
import type { AuditRow } from '../../sync/schemas/audit';
import type { Flight } from '../../sync/schemas/flight';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { ACCOUNT_DISABLED } from '../middleware/auth';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { runMutation } from '../mutations/run';
import { setUserStatus } from '../mutations/set-user-status';
import { LAST_ADMIN } from '../services/identity/accounts';
import { createUser, findUserById } from '../services/identity/users';
import { book, expectAnswer, upcomingFlight, type Api } from './booking-fixtures';
import { connect, loginGuest, serverDisconnect, type Listener } from './chat-fixtures';
import { expectCode } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

type Person = { id: string; email: string; token: string; api: Api };

describe('the users page: find an account, its bookings, its role and its status', () => {
  let server: TestServer;
  let admin: Api;
  let adminId: string;
  let flight: Flight;
  const sockets: Listener[] = [];

  async function person(fullName: string, role: 'user' | 'admin' = 'user'): Promise<Person> {
    const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 6)}@example.com`;
    const row = await createUser(server.ctx, { email, password: 'Secret-pass-1', fullName }, role);
    const token = await login(server.url, email, 'Secret-pass-1');
    return { id: row.id, email, token, api: client(server.url, token) };
  }
  const setRole = (id: string, role: string, by = admin) => by.put<Account>(`/api/admin/users/${id}/role`, { role });
  const setStatus = (id: string, status: string, by = admin) => by.put<Account>(`/api/admin/users/${id}/status`, { status });
  const auditOf = async (id: string) => (await admin.get<AuditRow[]>(`/api/audit?entity=user&entityId=${id}`)).body;
  const activeAdmins = () =>
    server.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    admin = client(server.url, token);
    adminId = (await admin.get<{ _id: string }>('/api/users')).body._id;
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.stop());

  it('finds accounts by a part of the name or e-mail, pages them with the total, and never lists support guests', async () => {
    const zuri = await person('Zuri Banda');
    await person('Zuri Okonkwo');
    await loginGuest(server.url, 'Zuri Guest', 'zuri.guest@example.com');
    const found = await admin.get<Account[]>('/api/admin/users?search=zuri');
    expectAnswer(found, 200);
    expect(found.body.map((a) => a.fullName).sort()).toEqual(['Zuri Banda', 'Zuri Okonkwo']);
    expect(found.headers.get('x-total-count')).toBe('2');

    const second = await admin.get<Account[]>('/api/admin/users?search=zuri&limit=1&page=2');
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('x-total-count')).toBe('2');
    expect(second.body[0]?._id).not.toBe(found.body[0]?._id);

    const byEmail = await admin.get<Account[]>(`/api/admin/users?search=${encodeURIComponent(zuri.email.slice(0, 14).toUpperCase())}`);
    expect(byEmail.body.map((a) => a._id)).toEqual([zuri.id]);
    expect(byEmail.body[0]).toMatchObject({ role: 'user', status: 'active', bookings: 0, emailVerified: false });
    // A typed % or _ is a character to find, not a wildcard.
    expect((await admin.get<Account[]>('/api/admin/users?search=%25')).body).toEqual([]);
    const admins = await admin.get<Account[]>('/api/admin/users?role=admin');
    expect(admins.body.map((a) => a.email)).toContain(ADMIN.email);
    expect(admins.body.every((a) => a.role === 'admin')).toBe(true);
    expectCode(await admin.get('/api/admin/users?role=guest'), 400, 'invalid_input');
    expectCode(await admin.get('/api/admin/users?limit=1000'), 400, 'invalid_input');
  });

  it("an account's page lists its bookings with reference, status, payment and flights; a guest is no account (404)", async () => {
    const ada = await person('Ada Lovelace');
    const created = await book(ada.api, flight, ['C3']);
    const listed = await admin.get<Account[]>(`/api/admin/users?search=${encodeURIComponent(ada.email)}`);
    expect(listed.body.map((a) => [a._id, a.bookings])).toEqual([[ada.id, 1]]);
    const detail = await admin.get<AccountDetail>(`/api/admin/users/${ada.id}`);
    expectAnswer(detail, 200);
    expect(detail.body.user).toMatchObject({ _id: ada.id, fullName: 'Ada Lovelace', bookings: 1 });
    expect(detail.body.bookings).toEqual([
      expect.objectContaining({
        _id: created.booking._id,
        reference: created.booking.bookingId,
        status: 'pending',
        paymentStatus: 'pending',
        flights: `${flight.flightNumber} LOS-LHR`,
        departureTime: flight.departureTime,
      }),
    ]);
    const guest = await loginGuest(server.url);
    expectCode(await admin.get(`/api/admin/users/${guest._id}`), 404, 'not_found');
    expectCode(await setRole(guest._id, 'admin'), 404, 'not_found');
    expectCode(await setStatus(guest._id, 'disabled'), 404, 'not_found');
    expectCode(await ada.api.get(`/api/admin/users/${ada.id}`), 403, 'forbidden');
  });

  it('makes an admin and removes one, audited with both roles, names and who did it; the last active admin is never removed (409)', async () => {
    const bola = await person('Bola Adeyemi');
    const made = await setRole(bola.id, 'admin');
    expectAnswer(made, 200);
    expect(made.body).toMatchObject({ _id: bola.id, role: 'admin', status: 'active' });
    expectAnswer(await bola.api.get('/api/admin/users'), 200);
    expectAnswer(await setRole(bola.id, 'user'), 200);
    expectCode(await bola.api.get('/api/admin/users'), 403, 'forbidden');
    expect((await auditOf(bola.id)).map((r) => [r.action, r.fromStatus, r.toStatus, r.actorName, r.label]).reverse()).toEqual([
      ['user.role', 'user', 'admin', 'SkyWay Admin', `Bola Adeyemi <${bola.email}>`],
      ['user.role', 'admin', 'user', 'SkyWay Admin', `Bola Adeyemi <${bola.email}>`],
    ]);
    // The same role again changes nothing and writes nothing.
    expectAnswer(await setRole(bola.id, 'user'), 200);
    expect(await auditOf(bola.id)).toHaveLength(2);

    // An admin may step down while another active admin remains, never as the last one.
    expect(await activeAdmins()).toEqual([{ id: adminId }]);
    const refused = expectCode(await setRole(adminId, 'user'), 409, 'last_admin');
    expect(refused.message).toBe(LAST_ADMIN);
    const deputy = await person('Deputy Admin', 'admin');
    expectAnswer(await setRole(deputy.id, 'user', deputy.api), 200);
    expectCode(await setRole(adminId, 'user'), 409, 'last_admin');
    expect(await activeAdmins()).toEqual([{ id: adminId }]);
    expect(await auditOf(adminId)).toEqual([]);
  });

  it('disabling ends every session at once (requests, sync pushes, sockets) and refuses sign-in with a clear message; enabling lets it sign in again', async () => {
    const kemi = await person('Kemi Disabled');
    const created = await book(kemi.api, flight, ['D4']);
    const socket = await connect(server.url, kemi.token);
    sockets.push(socket);
    const gone = serverDisconnect(socket);

    const disabled = await setStatus(kemi.id, 'disabled');
    expectAnswer(disabled, 200);
    expect(disabled.body.status).toBe('disabled');
    expect(Date.parse(disabled.body.disabledAt ?? '')).toBeGreaterThan(0);
    expect(await gone).toBe('io server disconnect');
    await expect(connect(server.url, kemi.token)).rejects.toThrow();

    const profile = expectCode(await kemi.api.get('/api/users'), 401, 'account_disabled');
    expect(profile.message).toBe(ACCOUNT_DISABLED);
    const push = await kemi.api.post('/api/sync/push', {
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'cancelBooking', args: { bookingId: created.booking._id } }],
    });
    expectCode(push, 401, 'account_disabled');
    expect((await admin.get<{ status: string }>(`/api/payments/${created.payment._id}`)).body.status).toBe('pending');
    // Public pages still answer a stale token, as anonymous.
    expectAnswer(await kemi.api.get('/api/airports'), 200);

    const signIn = expectCode(await client(server.url).post('/api/auths/login', { email: kemi.email, password: 'Secret-pass-1' }), 403, 'account_disabled');
    expect(signIn.message).toBe(ACCOUNT_DISABLED);
    // A wrong password reads as any wrong password: the refusal is told only to who knows the password.
    expectCode(await client(server.url).post('/api/auths/login', { email: kemi.email, password: 'Wrong-pass-1' }), 401, 'invalid_credentials');

    const enabled = await setStatus(kemi.id, 'active');
    expect(enabled.body).toMatchObject({ status: 'active', disabledAt: null });
    expectAnswer(await kemi.api.get('/api/users'), 401);
    const again = await login(server.url, kemi.email, 'Secret-pass-1');
    expectAnswer(await client(server.url, again).get('/api/users'), 200);
    expect((await auditOf(kemi.id)).map((r) => [r.action, r.fromStatus, r.toStatus, r.label]).reverse()).toEqual([
      ['user.disabled', 'active', 'disabled', `Kemi Disabled <${kemi.email}>`],
      ['user.enabled', 'disabled', 'active', `Kemi Disabled <${kemi.email}>`],
    ]);
  });

  it('an admin cannot disable their own account (403); of two admins disabling each other, one stays (409 last_admin)', async () => {
    const own = expectCode(await setStatus(adminId, 'disabled'), 403, 'forbidden');
    expect(own.message).toBe('You cannot disable or enable your own account: another admin can');
    const traveller = await person('Tunde Traveller');
    expectCode(await setStatus(adminId, 'disabled', traveller.api), 403, 'forbidden');
    expectCode(await setStatus(traveller.id, 'disabled', traveller.api), 403, 'forbidden');

    const rival = await person('Rival Admin', 'admin');
    const rivalRow = await findUserById(server.ctx.db, rival.id);
    if (!rivalRow) throw new Error('no rival');
    expectAnswer(await setStatus(rival.id, 'disabled'), 200);
    // The rival's own request, authorised just before it was disabled, reaches the change afterwards.
    let refusal: unknown;
    try {
      await runMutation(server.ctx, setUserStatus, rivalRow, { userId: adminId, status: 'disabled' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 409, code: 'last_admin', message: LAST_ADMIN });
    expect(await activeAdmins()).toEqual([{ id: adminId }]);
    expectAnswer(await setStatus(rival.id, 'active'), 200);
    expect(await activeAdmins()).toHaveLength(2);
  });

  it('changes of role and status are rate limited per admin, who are not exempt', async () => {
    setRateLimits(server.ctx, { accountChange: 2 });
    try {
      const busy = await person('Busy Admin', 'admin');
      const target = await person('Limit Target');
      expectAnswer(await setRole(target.id, 'admin', busy.api), 200);
      expectAnswer(await setRole(target.id, 'user', busy.api), 200);
      expectCode(await setStatus(target.id, 'disabled', busy.api), 429, 'rate_limited');
      expect((await findUserById(server.ctx.db, target.id))?.disabledAt).toBeNull();
    } finally {
      setRateLimits(server.ctx, { accountChange: DEFAULT_RATE_LIMITS.accountChange.limit });
    }
  });
});
