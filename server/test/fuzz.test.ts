import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '../../sync/schemas/common';
import type { Flight } from '../../sync/schemas/flight';
import { airports, bookings, conversations, flights, images, payments, syncState, users } from '../db/schema';
import { liftRateLimits } from '../middleware/rate-limits';
import { paymentBody } from './booking-fixtures';
import { ADMIN, client, login, registerUser, startTestServer, TRAVELLER, type TestServer } from './harness';
import { commitMark, observe, rowCounts, type Observer } from './observer';
import { apiEndpoints, socketEventNames, type Endpoint } from './route-list';

/**
 * Generated bodies, queries and params against every route the app serves, as anonymous, a user and
 * an admin: never a 5xx, always the error shape, and a refused request commits nothing. Socket.io gets
 * junk handshakes and junk events. FUZZ_RUNS sets the runs per route (default 15).
 */
const SocketDataSchema = z.object({ userId: z.string() });
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/** Names socket.io-client itself refuses to emit. */
const RESERVED = ['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener'];
type Role = 'anonymous' | 'user' | 'admin';
const USER_PASSWORD = 'Secret-pass-1';

const FIELDS = [
  'email',
  'password',
  'fullName',
  'id',
  '_id',
  'name',
  'code',
  'city',
  'country',
  'timeZone',
  'origin',
  'destination',
  'departureTime',
  'arrivalTime',
  'price',
  'seatNumber',
  'flightId',
  'returnFlightId',
  'returnSeatNumber',
  'classType',
  'amount',
  'currency',
  'paymentMethod',
  'cryptoName',
  'travellers',
  'confirmEmail',
  'phone',
  'status',
  'reason',
  'expectedStatus',
  'image',
  'bookingId',
  'userId',
  'seatId',
  'to',
  'subject',
  'message',
  'clientId',
  'cursor',
  'schemaVersion',
  'mutations',
  'conversationId',
  'content',
  'type',
  'kind',
  'title',
  'page',
  'limit',
  'search',
  'bankingInfo',
  'cryptoInfo',
  'currentPassword',
  'newPassword',
  'before',
  'entity',
  'entityId',
  '__proto__',
  'constructor',
];

describe('fuzzing every endpoint and socket event', () => {
  let server: TestServer;
  let observer: Observer;
  const tokens: Record<Role, string | undefined> = { anonymous: undefined, user: undefined, admin: undefined };
  const ids: Record<Role, string> = { anonymous: '', user: '', admin: '' };
  let realIds: string[] = [];
  const templates = new Map<string, Record<string, unknown>>();
  const failures: unknown[] = [];
  const onFailure = (error: unknown) => failures.push(error);

  beforeAll(async () => {
    process.on('unhandledRejection', onFailure);
    process.on('uncaughtException', onFailure);
    server = await startTestServer({ seed: 'demo' });
    // Fuzzing hammers one address on purpose; the limits have their own tests.
    liftRateLimits(server.ctx);
    // A still clock: the sweeper finds nothing new to write while requests are compared before and after.
    server.setNow(new Date());
    observer = await observe(server.dataDir, server.ctx.env.DATABASE_URL);
    const user = await registerUser(server.url, 'fuzz-user@example.com', USER_PASSWORD);
    tokens.user = user.token;
    ids.user = user.id;
    tokens.admin = await login(server.url, ADMIN.email, ADMIN.password);
    const db = observer.db;
    ids.admin = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')))[0]?.id ?? '';
    const column = async (rows: PromiseLike<{ v: string }[]>) => (await rows).map((r) => r.v);
    realIds = [
      ...(await column(db.select({ v: flights.id }).from(flights).orderBy(desc(flights.departureTime)).limit(3))),
      ...(await column(db.select({ v: bookings.id }).from(bookings).limit(3))),
      ...(await column(db.select({ v: bookings.reference }).from(bookings).limit(2))),
      ...(await column(db.select({ v: payments.id }).from(payments).limit(3))),
      ...(await column(db.select({ v: payments.accessKey }).from(payments).limit(3))),
      ...(await column(db.select({ v: images.id }).from(images).limit(3))),
      ...(await column(db.select({ v: airports.id }).from(airports).limit(2))),
      ...(await column(db.select({ v: users.id }).from(users).limit(3))),
      ...(await column(db.select({ v: conversations.id }).from(conversations).limit(2))),
    ];
    const flight = (await client(server.url).get<Flight>(`/api/flights/${realIds[0] ?? ''}`)).body;
    const payment = paymentBody(flight, ['F4']);
    templates.set('POST /payments', payment);
    templates.set('POST /bookings', { ...payment, userId: ids.user, seatId: ['F3'] });
    templates.set('POST /auths/login', { email: TRAVELLER.email, password: 'not-the-password' });
    templates.set('POST /auths/register', { email: 'fuzz-new@example.com', password: USER_PASSWORD, fullName: 'Fuzz New' });
    templates.set('POST /flights', {
      origin: 'LOS',
      destination: 'LHR',
      departureTime: '2031-01-01T10:00:00Z',
      arrivalTime: '2031-01-01T16:00:00Z',
      price: 400,
    });
    templates.set('POST /airports', { name: 'Fuzz Field', code: 'FZZ', city: 'Fuzz', country: 'Nowhere', timeZone: 'UTC' });
    templates.set('PUT /payments/:id', { status: 'failed', reason: 'fuzz' });
    templates.set('PUT /payments/:id/method', { paymentMethod: 'cashApp' });
    templates.set('POST /bookings/track', { bookingId: 'ABCDEF', email: 'a@example.com' });
    templates.set('POST /sync/pull', { clientId: '00000000-0000-4000-8000-000000000000', cursor: null, schemaVersion: 1 });
    templates.set('POST /users/login-guest', { email: 'guest@example.com', fullName: 'Guest' });
    templates.set('POST /messages/send', { conversationId: realIds.at(-1) ?? 'x', content: 'hello' });
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onFailure);
    process.off('uncaughtException', onFailure);
    await observer.close();
    await server.stop();
  });

  /** What a refused request must not change: row counts of every table and the global sync version. */
  async function fingerprint(exclude: string[] = []) {
    return {
      counts: await rowCounts(observer.db, exclude),
      version: (await observer.db.select({ version: syncState.version }).from(syncState).where(eq(syncState.id, 1)))[0]?.version,
    };
  }
  /** Changes whenever another connection commits anything at all. */
  const dataVersion = () => commitMark(observer);

  /** After a call that may sign a role out (logout-all, a profile change), sign it in again. */
  async function refresh(role: Role) {
    if (role === 'anonymous') return;
    const probe = await client(server.url, tokens[role]).get('/api/users');
    if (probe.status === 200) return;
    const [row] = await observer.db.select({ email: users.email }).from(users).where(eq(users.id, ids[role]));
    tokens[role] = await login(server.url, row?.email ?? '', role === 'admin' ? ADMIN.password : USER_PASSWORD);
  }

  type Body =
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'mutated'; overrides: Record<string, unknown>; drop: string[] }
    | { kind: 'duplicate'; key: string; first: unknown; second: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'oversized' };
  /** The generators; built once the real ids are known. */
  function arbitraries(ids: string[]) {
    const junkString = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        '%',
        '../../etc/passwd',
        "' or 1=1 --",
        '<script>alert(1)</script>',
        'null',
        'NaN',
        '-1',
        '1e309',
        'A1',
        'Z9',
        'LOS',
        'USD',
        'Economy',
        'bank_transfer',
        'successful',
        'Support',
        ADMIN.email,
        '😀'.repeat(60),
        '\u202e\u0301\ufeff',
        'x'.repeat(5_000),
        'y'.repeat(100_000),
      ),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.string({ maxLength: 200 }),
      fc.constantFrom(...ids),
    );
    const boundaryNumber = fc.oneof(
      fc.constantFrom(0, -0, -1, 1, 0.5, 24, 25, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 100_000_000, 100_000_001),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const field = fc.constantFrom(...FIELDS);
    const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
      junk: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        boundaryNumber,
        junkString,
        fc.array(tie('junk'), { maxLength: 4 }),
        fc.dictionary(field, tie('junk'), { maxKeys: 4 }),
      ),
    }));

    const body: fc.Arbitrary<Body> = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({ kind: fc.constant('json' as const), value: junk }),
      fc.record({ kind: fc.constant('mutated' as const), overrides: fc.dictionary(field, junk, { maxKeys: 3 }), drop: fc.subarray(FIELDS, { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('duplicate' as const), key: field, first: junk, second: junk }),
      fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            'nul',
            '{"a":1}garbage',
            '{"__proto__":{"role":"admin"}}',
            '"just a string"',
            '123',
            'true',
            `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
            '\u0000\u0001',
          ),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
      }),
      fc.constant({ kind: 'oversized' as const }),
    );
    const contentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=zz',
          'application/xml',
          'application/merge-patch+json',
          '',
        ),
      },
    );
    const encoding = fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown') },
    );
    const param = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ids).map(encodeURIComponent) },
      { weight: 3, arbitrary: junkString.filter((s) => s.length > 0 && s.length < 3_000).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '..', '%2e%2e', '%C0%AF') },
    );
    const query = fc.array(
      fc.tuple(
        fc.oneof(field, fc.string({ maxLength: 10 })),
        junkString.filter((s) => s.length < 3_000),
      ),
      { maxLength: 4 },
    );
    const call = fc.record({
      role: fc.constantFrom<Role>('anonymous', 'user', 'admin'),
      body,
      contentType,
      encoding,
      param,
      query,
      rawQuery: fc.option(fc.constantFrom('%', 'a=%E0%A4%A', 'page[]=1&page[]=2', 'limit=1&limit=2'), { freq: 8 }),
    });
    return { junk, junkString, call };
  }

  function render(endpoint: Endpoint, b: Body): string | undefined {
    const template = templates.get(endpoint.key) ?? {};
    switch (b.kind) {
      case 'none':
        return undefined;
      case 'json':
        return JSON.stringify(b.value) ?? 'null';
      case 'mutated': {
        const value: Record<string, unknown> = { ...template, ...b.overrides };
        for (const key of b.drop) delete value[key];
        return JSON.stringify(value);
      }
      case 'duplicate': {
        const rest = JSON.stringify(template).slice(1, -1);
        return `{${JSON.stringify(b.key)}:${JSON.stringify(b.first) ?? 'null'},${rest ? `${rest},` : ''}${JSON.stringify(b.key)}:${JSON.stringify(b.second) ?? 'null'}}`;
      }
      case 'raw':
        return b.text;
      case 'oversized':
        return JSON.stringify({ ...template, content: 'z'.repeat(300_000) });
    }
  }

  it('every HTTP route: never a 5xx, always {message} on errors, nothing written when refused', async () => {
    const endpoints = apiEndpoints(server.ctx);
    expect(endpoints.length).toBeGreaterThan(30);
    const { call } = arbitraries(realIds);
    let requests = 0;
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(call, async (input) => {
          const pathname = `/api${endpoint.path.replace(/:\w+/g, input.param)}`;
          const search = input.rawQuery ?? input.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const url = `${server.url}${pathname}${search ? `?${search}` : ''}`;
          const payload = endpoint.method === 'GET' ? undefined : render(endpoint, input.body);
          const headers = new Headers();
          const token = tokens[input.role];
          if (token) headers.set('authorization', `Bearer ${token}`);
          if (payload !== undefined && input.contentType) headers.set('content-type', input.contentType);
          if (payload !== undefined && input.encoding) headers.set('content-encoding', input.encoding);
          // NOTE: what an earlier call's effects write (a sent mark, a failed send's retry time) lands after its answer,
          // and a send that failed is retried by the next sweep: both are done before the call is made.
          await server.ctx.outbox.drain();
          await server.ctx.outbox.idle();
          const before = { version: await dataVersion(), print: await fingerprint(['login_failures']) };
          const res = await fetch(url, { method: endpoint.method, headers, body: payload });
          const text = await res.text();
          requests++;
          const where = `${endpoint.method} ${url.slice(0, 200)} as ${input.role} (${input.body.kind}, ${input.contentType}${input.encoding ? `, ${input.encoding}` : ''}): ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers.get('content-type'), where).toMatch(/^application\/json/);
            expect(ErrorBodySchema.strict().safeParse(JSON.parse(text)).success, where).toBe(true);
            expect(await fingerprint(['login_failures']), `${where}\nwrote rows although refused`).toEqual(before.print);
            // A failed log-in is counted for the lockout by design; no other refusal commits anything.
            const lockoutCount = endpoint.key === 'POST /auths/login' && (res.status === 401 || res.status === 429);
            if (!lockoutCount) expect(await dataVersion(), `${where}\ncommitted a change although refused`).toBe(before.version);
          } else {
            await refresh(input.role);
          }
        }),
        { numRuns: RUNS },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(endpoints.length * RUNS);
    expect(failures).toEqual([]);
    expect((await client(server.url).get('/api/health')).status).toBe(200);
  }, 240_000);

  it('socket.io: junk handshakes are refused, junk events change nothing, and the server stays up', async () => {
    const { junk, junkString } = arbitraries(realIds);
    /** Connects; a refusal is a connect_error or the transport closed before the handshake completed. */
    const open = (auth: unknown) =>
      new Promise<{ socket: Socket; error?: string }>((resolve) => {
        const socket = connect(server.url, { auth: auth as Record<string, unknown>, transports: ['websocket'], reconnection: false, timeout: 5_000 });
        socket.on('connect', () => resolve({ socket }));
        socket.on('connect_error', (error) => resolve({ socket, error: error.message }));
        socket.on('disconnect', (reason) => resolve({ socket, error: `closed: ${reason}` }));
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(junk, fc.record({ token: junkString }), fc.record({ token: fc.constant(`${tokens.user ?? ''}x`) })), async (auth) => {
        const { socket, error } = await open(typeof auth === 'object' && auth !== null && !Array.isArray(auth) ? auth : { value: auth });
        socket.close();
        expect(['Invalid token', 'closed: transport close'], JSON.stringify(auth)?.slice(0, 200)).toContain(error);
      }),
      { numRuns: RUNS * 3 },
    );

    const before = { version: await dataVersion(), print: await fingerprint() };
    for (const role of ['user', 'admin'] as const) {
      const { socket, error } = await open({ token: tokens[role] });
      expect(error).toBeUndefined();
      const listening = [...server.io.of('/').sockets.values()].find((s) => SocketDataSchema.safeParse(s.data).data?.userId === ids[role]);
      const known = listening ? socketEventNames(listening) : [];
      expect(known.length, 'the server listens to socket events').toBeGreaterThan(0);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.constantFrom(...known, 'login', 'message', 'poke'),
            fc.string({ maxLength: 30 }).filter((name) => !RESERVED.includes(name)),
          ),
          fc.array(junk, { maxLength: 3 }),
          (event, args) => {
            socket.emit(event, ...args);
          },
        ),
        { numRuns: RUNS * 8 },
      );
      socket.emit(known[0] ?? 'typing', { conversationId: 'q'.repeat(70_000) });
      socket.emit(known[0] ?? 'typing', Buffer.alloc(100_000, 1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.close();
    }
    expect(await fingerprint(), 'a junk socket event wrote rows').toEqual(before.print);
    expect(await dataVersion(), 'a junk socket event committed a change').toBe(before.version);
    expect(failures).toEqual([]);
    const again = await open({ token: tokens.user });
    expect(again.error).toBeUndefined();
    again.socket.close();
    expect((await client(server.url).get('/api/health')).status).toBe(200);
  }, 120_000);
});
