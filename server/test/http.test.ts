import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../app';
import { airportRoutes } from '../routes/airports';
import { authRoutes } from '../routes/auth';
import { flightSearchRoutes } from '../routes/flight-search';
import { flightRoutes } from '../routes/flights';
import { imageRoutes } from '../routes/images';
import { settingsRoutes } from '../routes/settings';
import { userRoutes } from '../routes/users';
import { expectError, expectErrorShape, snapshot } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

type Endpoint = { method: string; path: string };

function endpoints(routers: { stack: { route?: { path: string; stack: { method: string }[] } }[] }[]): Endpoint[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => {
      const route = layer.route;
      if (!route) return [];
      return [...new Set(route.stack.map((l) => l.method.toUpperCase()))].map((method) => ({ method, path: route.path }));
    }),
  );
}

/** Every endpoint of the foundation; a new one here must come with its tests. */
const FOUNDATION = [
  'POST /auths/register',
  'POST /auths/login',
  'POST /auths/logout-all',
  'GET /users',
  'PUT /users/update',
  'GET /airports',
  'POST /airports',
  'PUT /airports',
  'DELETE /airports',
  'GET /flights',
  'GET /flights/lowest-fares',
  'GET /flights/:id',
  'GET /flights/:id/seat',
  'POST /flights',
  'PUT /flights/:id',
  'DELETE /flights/:id',
  'GET /settings',
  'PUT /settings',
  'GET /images',
  'GET /images/:id',
  'POST /images',
];
const PUBLIC_WRITES = ['POST /auths/register', 'POST /auths/login'];

describe('HTTP surface: health, errors, headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('GET /api/health answers anyone 200 {status: ok} and nothing more', async () => {
    const res = await client(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    const traveller = await registerUser(server.url, 'health-reader@example.com');
    expect((await client(server.url, traveller.token).get('/api/health')).body).toEqual({ status: 'ok' });
  });

  it('GET /api/health tells an admin the state of the database, the disk and the log', async () => {
    const res = await client(server.url, await login(server.url, ADMIN.email, ADMIN.password)).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      engine: 'sqlite',
      database: 'ok',
      disk: { freeBytes: expect.any(Number) as number, watermarkBytes: 200 * 1024 * 1024, uploadsRefused: false },
      log: { droppedLines: 0 },
    });
  });

  it('sends security headers and a fresh X-Request-Id on answers and errors alike', async () => {
    const ids = new Set<string>();
    for (const res of [
      await client(server.url).get('/api/health'),
      await client(server.url).get('/api/nope'),
      await client(server.url).post('/api/auths/login', '{'),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });

  it('an unknown /api path or method is a JSON 404', async () => {
    const api = client(server.url);
    expectError(await api.get('/api/nope'), 404, 'Not found');
    expectError(await api.get('/api/flights/a/b/c'), 404, 'Not found');
    expectError(await api.post('/api/health', {}), 404, 'Not found');
    expectError(await api.delete('/api/settings'), 404, 'Not found');
    expectError(await client(server.url, await login(server.url, ADMIN.email, ADMIN.password)).post('/api/users', {}), 404, 'Not found');
  });

  it('malformed, oversized or wrongly typed bodies answer 4xx {message} and write nothing', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const before = snapshot(server);
    expectError(await client(server.url).post('/api/auths/register', '{"email": "a@b.test", '), 400, 'Malformed JSON body');
    expectError(await admin.post('/api/airports', "{'name': 'single quotes'}"), 400, 'Malformed JSON body');
    expectError(await admin.post('/api/airports', '"just a string"'), 400, 'Malformed JSON body');
    expectError(await admin.put('/api/settings', JSON.stringify({ whatsApp: 'x'.repeat(210_000) })), 413, 'Request body is too large');
    expectErrorShape(await admin.post('/api/airports', `${'['.repeat(40_000)}${']'.repeat(40_000)}`), 400);
    expectErrorShape(await admin.post('/api/airports', 'name=X&code=XXX', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400);
    expectErrorShape(await admin.post('/api/airports', '{"name":"X"}', { headers: { 'content-type': 'text/plain' } }), 400);
    expectErrorShape(await admin.post('/api/airports', null), 400);
    expectErrorShape(await admin.post('/api/airports', 42), 400);
    expect(snapshot(server)).toEqual(before);
  });

  it('the foundation exposes exactly the endpoints these tests cover; anonymous writes get 401', async () => {
    const routers = [authRoutes, userRoutes, airportRoutes, flightSearchRoutes, flightRoutes, settingsRoutes, imageRoutes].map((make) => make(server.ctx));
    const found = endpoints(routers).map((e) => `${e.method} ${e.path}`);
    expect(found.sort()).toEqual([...FOUNDATION].sort());
    const api = client(server.url);
    for (const endpoint of FOUNDATION) {
      const [method = '', path = ''] = endpoint.split(' ');
      if (method === 'GET' || PUBLIC_WRITES.includes(endpoint)) continue;
      const url = `/api${path.replace(/:\w+/g, 'no-such-id')}`;
      const res = method === 'POST' ? await api.post(url, {}) : method === 'PUT' ? await api.put(url, {}) : await api.delete(url, {});
      expectError(res, 401, 'Please sign in to continue');
    }
  });

  it('no route answers 5xx, HTML or a stack trace to anonymous or bogus input (JSON, or CSV from the audit export)', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    for (const { method, path } of endpoints(apiRouters(server.ctx))) {
      const url = `/api${path.replace(/:\w+/g, 'no-such-id')}`;
      // Signing the admin out everywhere would turn the rest of the walk anonymous.
      for (const api of path === '/auths/logout-all' ? [client(server.url)] : [client(server.url), admin]) {
        for (const body of [{}, [], { id: ['x'], email: { $gt: '' } }]) {
          const res = method === 'GET' ? await api.get(url) : await (method === 'POST' ? api.post : method === 'PUT' ? api.put : api.delete)(url, body);
          expect(res.status, `${method} ${url}`).toBeLessThan(500);
          if (res.status >= 400) expectErrorShape(res, res.status);
          else expect(res.headers.get('content-type'), `${method} ${url}`).toMatch(path === '/audit/export' ? /^text\/csv/ : /^application\/json/);
        }
      }
    }
    expect((await admin.get('/api/users')).status).toBe(200);
  });
});
