import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Airport } from '../../sync/schemas/airport';
import { countRows, expectError, expectInvalid, HUGE, snapshot } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

type Saved = { message: string; airport: Airport };
const NEW = { name: 'Test Field', code: 'qzx', city: 'Testville', country: 'Testland', timeZone: 'Europe/Berlin' };

describe('airports', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let user: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    user = client(server.url, (await registerUser(server.url, 'plain@example.test')).token);
  });
  afterAll(() => server.stop());

  it('lists every airport publicly and finds one by ?id= (id or IATA code)', async () => {
    const list = await client(server.url).get<Airport[]>('/api/airports');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(await countRows(server, 'airports'));
    expect(list.body.length).toBeGreaterThanOrEqual(60);
    const lhr = list.body.find((a) => a.code === 'LHR');
    expect(lhr).toMatchObject({ city: 'London', country: 'United Kingdom', timeZone: 'Europe/London' });
    const byId = await client(server.url).get<Airport>(`/api/airports?id=${lhr?._id}`);
    expect(byId.body).toEqual(lhr);
    expect((await client(server.url).get<Airport>('/api/airports?id=lhr')).body).toEqual(lhr);
    expectError(await client(server.url).get('/api/airports?id=nope'), 404, 'Airport not found');
  });

  it('anonymous callers get 401 and ordinary users 403 on every write, and nothing is written', async () => {
    const [lhr] = (await client(server.url).get<Airport[]>('/api/airports')).body;
    const before = snapshot(server);
    for (const [api, status] of [
      [client(server.url), 401],
      [user, 403],
    ] as const) {
      expect((await api.post('/api/airports', NEW)).status).toBe(status);
      expect((await api.put('/api/airports', { id: lhr?._id, name: 'Hacked' })).status).toBe(status);
      expect((await api.delete('/api/airports', { id: lhr?._id })).status).toBe(status);
    }
    expectError(await user.post('/api/airports', NEW), 403, 'You are not allowed to do this');
    expectError(await client(server.url).delete('/api/airports', { id: lhr?._id }), 401, 'Please sign in to continue');
    expect(snapshot(server)).toEqual(before);
  });

  it('an admin creates, edits and deletes an unused airport', async () => {
    const created = await admin.post<Saved>('/api/airports', NEW);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Airport created successfully');
    expect(created.body.airport).toMatchObject({ name: 'Test Field', code: 'QZX', city: 'Testville', timeZone: 'Europe/Berlin' });
    const id = created.body.airport._id;
    const edited = await admin.put<Saved>('/api/airports', { id, city: 'Newtown' });
    expect(edited.status).toBe(200);
    expect(edited.body.airport).toMatchObject({ name: 'Test Field', code: 'QZX', city: 'Newtown' });
    expect((await client(server.url).get<Airport>(`/api/airports?id=${id}`)).body.city).toBe('Newtown');
    const removed = await admin.delete<{ message: string }>('/api/airports', { id });
    expect(removed.status).toBe(200);
    expectError(await client(server.url).get(`/api/airports?id=${id}`), 404, 'Airport not found');
    expectError(await admin.delete('/api/airports', { id }), 404, 'Airport not found');
  });

  it('takes the time zone from the airport data when the code is known', async () => {
    const res = await admin.post<Saved>('/api/airports', { name: 'Kansai', code: 'KIX', city: 'Osaka', country: 'Japan' });
    expect(res.status).toBe(201);
    expect(res.body.airport.timeZone).toBe('Asia/Tokyo');
  });

  it('validates airports with the spec texts and writes nothing', async () => {
    const before = snapshot(server);
    const post = (body: unknown) => admin.post('/api/airports', body);
    expectInvalid(await post({ ...NEW, name: '' }), 'Airport name is required');
    expectInvalid(await post({ ...NEW, name: undefined }), 'Airport name is required');
    expectInvalid(await post({ ...NEW, name: '   ' }), 'Airport name is required');
    for (const code of ['', 'AB', 'ABCD', 'A1C', 'ÄBC', 123, undefined]) expectInvalid(await post({ ...NEW, code }), 'Airport code must be exactly 3 letters');
    expectInvalid(await post({ ...NEW, city: '' }), 'City is required');
    expectInvalid(await post({ ...NEW, city: { name: 'x' } }), 'City is required');
    expectInvalid(await post({ ...NEW, country: '' }), 'Country is required');
    expectInvalid(await post({ ...NEW, country: null }), 'Country is required');
    expectInvalid(await post({ ...NEW, name: HUGE }), 'Must be at most 120 characters');
    expectInvalid(await post({ ...NEW, timeZone: 'Mars/Olympus' }), 'Time zone must be an IANA name such as Europe/London');
    const all = expectInvalid(await post({}), 'Airport name is required');
    for (const text of ['Airport code must be exactly 3 letters', 'City is required', 'Country is required']) expect(all.message).toContain(text);
    expect((await post([NEW])).status).toBe(400);
    expectError(await post({ ...NEW, code: 'ZZQ', timeZone: undefined }), 400, 'Time zone is required');
    expectError(await post({ ...NEW, code: 'lhr' }), 409, 'Airport code LHR already exists');
    expect(snapshot(server)).toEqual(before);
  });

  it('validates edits: id required, the same texts, unknown id 404, code clash 409', async () => {
    const list = (await client(server.url).get<Airport[]>('/api/airports')).body;
    const [a, b] = list;
    const before = snapshot(server);
    expectInvalid(await admin.put('/api/airports', { name: 'No id' }), 'id is required');
    expectInvalid(await admin.put('/api/airports', { id: a?._id, name: '' }), 'Airport name is required');
    expectInvalid(await admin.put('/api/airports', { id: a?._id, code: 'AB' }), 'Airport code must be exactly 3 letters');
    expectInvalid(await admin.put('/api/airports', { id: a?._id, city: '' }), 'City is required');
    expectInvalid(await admin.put('/api/airports', { id: a?._id, country: '' }), 'Country is required');
    expectInvalid(await admin.put('/api/airports', { id: a?._id, city: HUGE }), 'Must be at most 100 characters');
    expectError(await admin.put('/api/airports', { id: 'missing', name: 'X' }), 404, 'Airport not found');
    expectError(await admin.put('/api/airports', { id: a?._id, code: b?.code }), 409, `Airport code ${b?.code} already exists`);
    expect(snapshot(server)).toEqual(before);
  });

  it('refuses to delete an airport that flights use (409) and keeps it', async () => {
    const lhr = (await client(server.url).get<Airport>('/api/airports?id=LHR')).body;
    const before = snapshot(server);
    expectError(await admin.delete('/api/airports', { id: lhr._id }), 409, 'This airport is used by flights and cannot be deleted');
    expectInvalid(await admin.delete('/api/airports', {}), 'id is required');
    expect((await admin.delete('/api/airports')).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
    expect((await client(server.url).get('/api/airports?id=LHR')).status).toBe(200);
  });
});
