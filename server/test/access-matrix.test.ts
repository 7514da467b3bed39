import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_LABELS } from '../../sync/constants';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import type { Flight } from '../../sync/schemas/flight';
import { flights, messages, seatAllocations, users } from '../db/schema';
import { liftRateLimits } from '../middleware/rate-limits';
import { ALLOW, decide, STANDINGS, type Actor, type Outcome, type Permission, type Standing } from '../policies';
import { createUser } from '../services/identity/users';
import { insertFlight, paymentBody } from './booking-fixtures';
import { imageForm, makeImage } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type Answer, type TestServer } from './harness';
import { startInbox, type Inbox } from './smtp-inbox';
import { apiEndpoints, socketEventNames } from './route-list';

/**
 * WHO MAY DO WHAT is stated once, in server/policies.ts. This table names, for every route and socket
 * event the server has, the permission it is under and what it answers a caller the permission lets in;
 * what it answers everyone else comes from the policies' own rules, asked for five callers: anonymous, a
 * support guest, another traveller, the owner of the object the call names (booking, payment, receipt,
 * conversation) and an admin. The route and event lists come from the running app, so a route or event
 * added without a row here fails with "... has no access rule": add a row to ACCESS below.
 */
type Role = Standing;
const ROLES = STANDINGS;
type Expect = Record<Role, number | number[]>;
/** `token: null` sends no token; leave it out to call with the role's own token. */
type Call = { path?: string; body?: unknown; token?: string | null };
type HttpRule = { kind: 'http'; permission: Permission; expect: Expect; call: (w: World, role: Role) => Call | Promise<Call> };
/** refused: no connection without a valid token; ignored: no effect; delivered: the event takes effect. */
type SocketOutcome = 'refused' | 'ignored' | 'delivered';
type SocketRule = {
  kind: 'socket';
  permission: Permission;
  expect: Record<Role, SocketOutcome>;
  probe: (w: World, socket: Socket, event: string) => Promise<boolean>;
};

/** The callers of the matrix as the policies see them; the object the calls name is the owner's. */
const OWNER_ID = 'owner';
const ACTORS: Record<Role, Actor> = {
  anonymous: undefined,
  guest: { id: 'guest', role: 'guest' },
  other: { id: 'other', role: 'user' },
  owner: { id: OWNER_ID, role: 'user' },
  admin: { id: 'admin', role: 'admin' },
};
const outcomes = (permission: Permission) =>
  Object.fromEntries(ROLES.map((role) => [role, decide(permission, ACTORS[role], OWNER_ID)])) as Record<Role, Outcome>;

/**
 * A route under `permission`: a caller it lets in gets `answer` (or the business rule's status in
 * `except`, for a role whose call a rule other than access refuses); anyone else its refusal.
 */
function http(permission: Permission, answer: number | number[], call: HttpRule['call'] = () => ({}), except: Partial<Expect> = {}): HttpRule {
  const decided = outcomes(permission);
  const expect = Object.fromEntries(ROLES.map((role) => [role, except[role] ?? (decided[role] === ALLOW ? answer : decided[role])])) as Expect;
  return { kind: 'http', permission, expect, call };
}

/** A socket event about the owner's conversation: no token is no connection, a refusal drops the event. */
function socketEvent(permission: Permission, probe: SocketRule['probe']): SocketRule {
  const decided = outcomes(permission);
  const expect = Object.fromEntries(
    ROLES.map((role) => [role, decided[role] === ALLOW ? 'delivered' : decided[role] === 401 ? 'refused' : 'ignored']),
  ) as Record<Role, SocketOutcome>;
  return { kind: 'socket', permission, expect, probe };
}

const SETTINGS = {
  bankingInfo: { accountNumber: '9876543210', accountName: 'SkyWay Ltd', bankName: 'Harbour Bank', routing: '', address: '' },
  cryptoInfo: [{ name: 'BTC', network: 'Bitcoin', address: 'bc1qexampleaddress000000', rate: 0.000015 }],
  cashApp: { tag: '$SkyWay', name: 'SkyWay' },
  mail: { name: 'ops@skyway.test' },
  whatsApp: 'https://wa.me/15550001111',
};

const ACCESS: Record<string, HttpRule | SocketRule> = {
  // Accounts
  'POST /auths/register': http('public', 201, (w) => ({ body: { email: `reg-${w.unique()}@example.com`, password: 'Secret-pass-1', fullName: 'New Person' } })),
  'POST /auths/login': http('public', 200, (w) => ({ body: { email: w.ownerEmail, password: 'Secret-pass-1' } })),
  'POST /auths/logout-all': http('account', 200, async (w, role) => ({ token: role === 'anonymous' ? null : await w.throwaway(role) })),
  'POST /auths/forgot': http('public', 200, (w) => ({ body: { email: w.ownerEmail } })),
  // A reset link is the credential: whoever holds a valid one may use it, signed in or not.
  'POST /auths/reset': http('public', 200, async (w) => ({ body: { token: await w.resetToken(), password: 'Secret-pass-2' } })),
  // A confirmation link is the credential, like a reset link. Resending: the seeded admin is already confirmed.
  'POST /auths/verify-email': http('public', 200, async (w) => ({ body: { token: await w.verifyToken() } })),
  'POST /auths/verify-email/resend': http('account', 200, undefined, { admin: 409 }),
  'GET /users': http('account', 200),
  'PUT /users/update': http('profile.update', 200, (w, role) => ({ body: { fullName: 'Same Person', email: w.emailOf(role) } })),
  // Catalogue: public reads, admin writes
  'GET /airports': http('public', 200),
  'POST /airports': http('catalogue.edit', 201, (w) => ({ body: w.airportBody() })),
  'PUT /airports': http('catalogue.edit', 200, async (w) => ({ body: { id: await w.airport(), city: 'Renamed City' } })),
  'DELETE /airports': http('catalogue.edit', 200, async (w) => ({ body: { id: await w.airport() } })),
  'GET /flights': http('public', 200),
  'GET /flights/lowest-fares': http('public', 200, () => ({ path: '/flights/lowest-fares?from=LOS&to=LHR&date=2031-05-13' })),
  'GET /flights/:id': http('public', 200, (w) => ({ path: `/flights/${w.someFlight()._id}` })),
  'GET /flights/:id/seat': http('public', 200, (w) => ({ path: `/flights/${w.someFlight()._id}/seat` })),
  'POST /flights': http('catalogue.edit', 201, () => ({
    body: { origin: 'LOS', destination: 'LHR', departureTime: '2031-03-01T10:00:00Z', arrivalTime: '2031-03-01T16:30:00Z', price: 510 },
  })),
  'PUT /flights/:id': http('catalogue.edit', 200, async (w) => ({ path: `/flights/${await w.newFlight()}`, body: { price: 555 } })),
  'DELETE /flights/:id': http('catalogue.edit', 200, async (w) => ({ path: `/flights/${await w.newFlight()}` })),
  'GET /settings': http('public', 200),
  'PUT /settings': http('settings.edit', 200, () => ({ body: SETTINGS })),
  // Images: marketing ones are public; a receipt only for its owner and admins
  'GET /images': http('public', 200),
  'GET /images/:id': http('image.read', 200, async (w) => ({ path: `/images/${await w.receipt()}` })),
  'POST /images': http('image.upload.receipt', 201, async (w) => ({
    body: imageForm(await makeImage(30 + w.unique(), 20), 'r.png', 'image/png', { kind: 'receipt' }),
  })),
  // Bookings
  'GET /bookings/user': http('account', 200),
  'GET /bookings': http('backOffice', 200),
  'POST /bookings/track': http('public', 200, async (w) => ({ body: { bookingId: (await w.booking()).reference, email: 'buyer@example.com' } })),
  'POST /bookings': http('booking.createForCustomer', 201, async (w) => ({ body: await w.adminBookingBody() })),
  'PUT /bookings/:id/cancel': http('booking.cancel', 200, async (w) => ({ path: `/bookings/${(await w.booking()).bookingId}/cancel` })),
  'GET /bookings/:id/itinerary.ics': http('booking.read', 200, async (w) => ({ path: `/bookings/${(await w.booking()).bookingId}/itinerary.ics` })),
  'POST /boarding-passes/verify': http('backOffice', 200, async (w) => ({ body: { code: await w.boardingCode() } })),
  // Check-in is the traveller's own act: an admin is told the booking is not theirs.
  'PUT /bookings/:id/check-in': http('booking.checkIn', 200, async (w) => ({ path: `/bookings/${await w.confirmedSoon()}/check-in` })),
  'PUT /bookings/:id/refund': http('booking.markRefundPaid', 200, async (w) => {
    const { id, refundDue } = await w.refundable();
    return { path: `/bookings/${id}/refund`, body: { amount: refundDue, method: 'bank transfer' } };
  }),
  // Payments
  'POST /payments': http('booking.create', 201, async (w) => ({ body: await w.paymentBody() })),
  'GET /payments/user': http('account', 200),
  'GET /payments': http('backOffice', 200),
  'GET /payments/token/:token': http('payment.read', 200, async (w) => ({ path: `/payments/token/${(await w.booking()).accessKey}` })),
  'PUT /payments/token/:token': http('payment.claim', 200, async (w) => ({
    path: `/payments/token/${(await w.booking()).accessKey}`,
    body: { image: `/api/images/${await w.receipt()}` },
  })),
  'GET /payments/:id': http('payment.read', 200, async (w) => ({ path: `/payments/${(await w.booking()).paymentId}` })),
  'POST /payments/:id/paid': http('payment.claim', 200, async (w) => ({ path: `/payments/${(await w.booking('crypto')).paymentId}/paid` })),
  // Switching the method is the payer's own choice on the payment page: an admin is told it is not theirs.
  'PUT /payments/:id/method': http('payment.changeMethod', 200, async (w) => ({
    path: `/payments/${(await w.booking()).paymentId}/method`,
    body: { paymentMethod: 'cashApp' },
  })),
  'PUT /payments/:id': http('payment.review', 200, async (w) => ({ path: `/payments/${(await w.booking()).paymentId}`, body: { status: 'successful' } })),
  // Back office
  'POST /emails': http('backOffice', 201, () => ({ body: { to: 'self', subject: 'Access check', message: 'Hello' } })),
  'GET /audit': http('backOffice', 200),
  'GET /audit/export': http('backOffice', 200),
  // Accounts: the owner of an account is the account itself; the admin's calls name a fresh traveller.
  'GET /admin/users': http('user.manage', 200, () => ({ path: '/admin/users?search=matrix' })),
  'GET /admin/users/:id': http('user.manage', 200, (w) => ({ path: `/admin/users/${w.ids.owner}` })),
  'PUT /admin/users/:id/role': http('user.setRole', 200, async (w, role) => ({
    path: `/admin/users/${role === 'admin' ? await w.account() : w.ids.owner}/role`,
    body: { role: 'admin' },
  })),
  'PUT /admin/users/:id/status': http('user.setStatus', 200, async (w, role) => ({
    path: `/admin/users/${role === 'admin' ? await w.account() : w.ids.owner}/status`,
    body: { status: 'disabled' },
  })),
  'GET /admin/overview': http('backOffice', 200),
  // Public pages: no coupons exist yet, so every caller hears 'Invalid coupon code'.
  'POST /coupons/validate': http('public', 404, () => ({ body: { code: 'SAVE10' } })),
  'POST /contact': http('public', 201, () => ({ body: { name: 'Ada Obi', email: 'ada@example.com', message: 'Do you fly to Accra?', terms: true } })),
  'GET /mail-outbox': http('backOffice', 200),
  // Sync
  'POST /sync/pull': http('sync.use', 200, () => ({ body: { clientId: randomUUID(), cursor: null, schemaVersion: SYNC_SCHEMA_VERSION } })),
  'POST /sync/push': http('sync.use', 200, () => ({ body: { clientId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] } })),
  // Support chat
  'POST /users/login-guest': http('public', 201, (w) => ({ body: { email: `guest-${w.unique()}@example.com`, fullName: 'Guest Person' } })),
  // Admins are the support side: they answer conversations, they do not open one.
  'POST /messages/conversations/start': http('conversation.start', [200, 201], () => ({ body: { type: 'Support' } })),
  'GET /messages/conversations/:type': http('conversation.list', 200, () => ({ path: '/messages/conversations/Support' })),
  'PUT /messages/conversations/:conversationId/read': http('conversation.markRead', 200, async (w) => ({
    path: `/messages/conversations/${await w.conversation()}/read`,
  })),
  'PUT /messages/conversations/:conversationId/status': http('conversation.setStatus', 200, async (w) => ({
    path: `/messages/conversations/${await w.conversation()}/status`,
    body: { status: 'open' },
  })),
  'POST /messages/send': http('message.send', 201, async (w) => ({ body: { conversationId: await w.conversation(), content: 'Is my seat confirmed?' } })),
  'GET /messages/:conversationId': http('conversation.read', 200, async (w) => ({ path: `/messages/${await w.conversation()}` })),
  // Web Push: the key is public; a browser's subscription is an account's, and only its user removes it.
  'GET /push/public-key': http('public', 200),
  'POST /push/subscriptions': http('push.subscribe', 201, (w) => ({ body: w.pushSubscription() })),
  'DELETE /push/subscriptions': http('push.unsubscribe', 200, async (w) => ({ body: { endpoint: await w.ownerPushEndpoint() } })),
  // Socket events, about the owner's conversation
  'socket typing': socketEvent('conversation.read', (w, s, e) => w.relayed(s, e)),
  'socket stopTyping': socketEvent('conversation.read', (w, s, e) => w.relayed(s, e)),
  'socket markAsRead': socketEvent('conversation.markRead', (w, s, e) => w.marksRead(s, e)),
};

/** The fixtures a rule asks for: fresh objects owned by `owner`, made through the API. */
class World {
  readonly tokens: Record<Role, string | undefined> = { anonymous: undefined, guest: undefined, other: undefined, owner: undefined, admin: undefined };
  readonly ids: Record<Role, string> = { anonymous: '', guest: '', other: '', owner: '', admin: '' };
  readonly ownerEmail = 'matrix-owner@example.com';
  readonly otherEmail = 'matrix-other@example.com';
  flights: Flight[] = [];
  private counter = 0;
  private seat = 0;
  private conversationId: string | undefined;
  private sockets: Socket[] = [];

  constructor(
    readonly server: TestServer,
    private readonly inbox: Inbox,
  ) {}

  async init() {
    const [owner, other] = await Promise.all([registerUser(this.server.url, this.ownerEmail), registerUser(this.server.url, this.otherEmail)]);
    this.tokens.owner = owner.token;
    this.tokens.other = other.token;
    this.ids.owner = owner.id;
    this.ids.other = other.id;
    const guest = await this.guest();
    this.tokens.guest = guest.token;
    this.ids.guest = guest.id;
    this.tokens.admin = await login(this.server.url, ADMIN.email, ADMIN.password);
    const db = this.server.ctx.db;
    this.ids.admin = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')))[0]?.id ?? '';
    const from = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const ids = await db
      .select({ id: flights.id })
      .from(flights)
      .where(and(gt(flights.departureTime, from), eq(flights.status, 'scheduled')))
      .orderBy(asc(flights.departureTime))
      .limit(12);
    this.flights = await Promise.all(ids.map(async ({ id }) => (await client(this.server.url).get<Flight>(`/api/flights/${id}`)).body));
  }

  api(role: Role) {
    return client(this.server.url, this.tokens[role]);
  }
  unique() {
    return ++this.counter;
  }
  emailOf(role: Role) {
    return role === 'admin' ? ADMIN.email : role === 'owner' ? this.ownerEmail : this.otherEmail;
  }
  /** A new support guest: a fresh identity with no conversation yet. */
  async guest(): Promise<{ token: string; id: string }> {
    const res = await client(this.server.url).post<{ guestUser: { token: string; _id: string } }>('/api/users/login-guest', {
      email: `matrix-guest-${this.unique()}@example.com`,
      fullName: 'Matrix Guest',
    });
    const { token, _id } = ok(res, 201).guestUser;
    return { token, id: _id };
  }
  someFlight(): Flight {
    const flight = this.flights[0];
    if (!flight) throw new Error('no flights');
    return flight;
  }
  /** The next seat nobody holds, walking the flights seat by seat. */
  private async nextSeat(): Promise<{ flight: Flight; seat: string }> {
    const taken = async (flightId: string, seat: string) =>
      (
        await this.server.ctx.db
          .select({ id: seatAllocations.id })
          .from(seatAllocations)
          .where(and(eq(seatAllocations.flightId, flightId), eq(seatAllocations.seatLabel, seat), inArray(seatAllocations.state, ['held', 'sold'])))
      ).length > 0;
    for (;;) {
      const index = this.seat++;
      const flight = this.flights[Math.floor(index / SEAT_LABELS.length)];
      const seat = SEAT_LABELS[index % SEAT_LABELS.length];
      if (!flight || !seat) throw new Error('out of seats');
      if (!(await taken(flight._id, seat))) return { flight, seat };
    }
  }
  async paymentBody(extra: Record<string, unknown> = {}) {
    const { flight, seat } = await this.nextSeat();
    return paymentBody(flight, [seat], extra);
  }
  async adminBookingBody() {
    // The admin's booking has no amount to check: the server prices it.
    const body: Record<string, unknown> = { ...(await this.paymentBody()), userId: this.ids.owner };
    body.seatId = body.seatNumber;
    delete body.seatNumber;
    delete body.amount;
    return body;
  }
  airportBody() {
    const n = this.unique();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    return {
      name: `Matrix Field ${n}`,
      code: `Q${letters[Math.floor(n / 26) % 26] ?? 'A'}${letters[n % 26] ?? 'A'}`,
      city: 'Matrix',
      country: 'Nowhere',
      timeZone: 'UTC',
    };
  }
  async airport(): Promise<string> {
    const res = await this.api('admin').post<{ airport: { _id: string } }>('/api/airports', this.airportBody());
    return ok(res, 201).airport._id;
  }
  async newFlight(): Promise<string> {
    const departure = new Date(Date.now() + (30 + this.unique()) * 86_400_000);
    return (
      await insertFlight(this.server, {
        origin: 'LOS',
        destination: 'LHR',
        departureTime: departure.toISOString(),
        arrivalTime: new Date(departure.getTime() + 6 * 3_600_000).toISOString(),
        price: 400,
      })
    )._id;
  }
  /** A fresh pending booking of the owner's. */
  async booking(method: 'bank_transfer' | 'crypto' = 'bank_transfer') {
    const res = await this.api('owner').post<{ booking: { _id: string; bookingId: string }; payment: { _id: string }; link: string }>(
      '/api/payments',
      await this.paymentBody({ paymentMethod: method, ...(method === 'crypto' ? { cryptoName: 'BTC' } : {}) }),
    );
    const body = ok(res, 201);
    return { bookingId: body.booking._id, reference: body.booking.bookingId, paymentId: body.payment._id, accessKey: body.link.split('/').pop() ?? '' };
  }
  async receipt(): Promise<string> {
    const res = await this.api('owner').post<{ _id: string }>(
      '/api/images',
      imageForm(await makeImage(40 + this.unique(), 30), 'r.png', 'image/png', { kind: 'receipt' }),
    );
    return ok(res, 201)._id;
  }
  private async approve(paymentId: string) {
    ok(await this.api('admin').put(`/api/payments/${paymentId}`, { status: 'successful' }), 200);
  }
  /** A confirmed booking on a flight leaving in a day: inside the check-in window. */
  async confirmedSoon(): Promise<string> {
    const departure = new Date(Date.now() + 24 * 3_600_000 + this.unique() * 60_000);
    const flight = await insertFlight(this.server, {
      origin: 'LHR',
      destination: 'LOS',
      departureTime: departure.toISOString(),
      arrivalTime: new Date(departure.getTime() + 6 * 3_600_000).toISOString(),
      price: 300,
    });
    const res = await this.api('owner').post<{ booking: { _id: string }; payment: { _id: string } }>('/api/payments', paymentBody(flight, ['A1']));
    const body = ok(res, 201);
    await this.approve(body.payment._id);
    return body.booking._id;
  }
  /** The QR payload of a pass the owner got by checking in. */
  async boardingCode(): Promise<string> {
    const id = await this.confirmedSoon();
    const res = await this.api('owner').put<{ boardingPasses: { code: string }[] }>(`/api/bookings/${id}/check-in`);
    const [pass] = ok(res, 200).boardingPasses;
    if (!pass) throw new Error('check-in issued no boarding pass');
    return pass.code;
  }
  /** A paid booking the owner cancelled: its refund is due. */
  async refundable(): Promise<{ id: string; refundDue: number }> {
    const booking = await this.booking();
    await this.approve(booking.paymentId);
    const cancelled = ok(await this.api('owner').put<{ refundDue: number }>(`/api/bookings/${booking.bookingId}/cancel`), 200);
    return { id: booking.bookingId, refundDue: cancelled.refundDue };
  }
  /** The owner's open support conversation, with a message from each side. */
  async conversation(): Promise<string> {
    if (!this.conversationId) {
      const res = await this.api('owner').post<{ _id: string }>('/api/messages/conversations/start', { type: 'Support' });
      this.conversationId = ok(res, [200, 201])._id;
    }
    return this.conversationId;
  }
  /** A fresh reset token of a throwaway account, read from the mail its owner received. */
  async resetToken(): Promise<string> {
    const email = `reset-${this.unique()}@example.com`;
    await registerUser(this.server.url, email);
    ok(await client(this.server.url).post('/api/auths/forgot', { email }), 200);
    const mail = await this.inbox.mailTo(email, 'Reset your SkyWay password');
    const token = /token=([\w-]+)/.exec(mail.parts.get('text/plain') ?? '')?.[1];
    if (!token) throw new Error(`no reset link in the mail to ${email}`);
    return token;
  }
  /** A fresh confirmation token of a throwaway account, read from the mail sent on sign-up. */
  async verifyToken(): Promise<string> {
    const email = `verify-${this.unique()}@example.com`;
    await registerUser(this.server.url, email);
    const mail = await this.inbox.mailTo(email, 'Confirm your SkyWay e-mail address');
    const token = /token=([\w-]+)/.exec(mail.parts.get('text/plain') ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
    return token;
  }
  /** A fresh traveller's account id, for the admin's role and status changes. */
  async account(): Promise<string> {
    return (await registerUser(this.server.url, `matrix-account-${this.unique()}@example.com`)).id;
  }
  /** A browser's subscription on a push service that does not exist (nothing is ever delivered there). */
  pushSubscription() {
    const key = (bytes: number, fill: number) => Buffer.alloc(bytes, fill).toString('base64url');
    return { endpoint: `https://push.invalid/send/${this.unique()}`, keys: { p256dh: key(65, 4), auth: key(16, 7) } };
  }
  /** The endpoint of a fresh subscription of the owner's. */
  async ownerPushEndpoint(): Promise<string> {
    const body = this.pushSubscription();
    ok(await this.api('owner').post('/api/push/subscriptions', body), 201);
    return body.endpoint;
  }
  /** Signs a fresh identity of the role in (for calls that revoke the caller's own tokens). */
  async throwaway(role: Role): Promise<string> {
    if (role === 'guest') return (await this.guest()).token;
    const email = `throwaway-${this.unique()}@example.com`;
    if (role === 'admin') {
      await createUser(this.server.ctx, { email, password: 'Admin-two-pass-1', fullName: 'Second Admin' }, 'admin');
      return login(this.server.url, email, 'Admin-two-pass-1');
    }
    return (await registerUser(this.server.url, email)).token;
  }

  async socket(role: Role): Promise<{ socket: Socket; error?: string }> {
    const socket = connect(this.server.url, { auth: this.tokens[role] ? { token: this.tokens[role] } : {}, transports: ['websocket'], reconnection: false });
    this.sockets.push(socket);
    return new Promise((resolve) => {
      socket.on('connect', () => resolve({ socket }));
      socket.on('connect_error', (error) => resolve({ socket, error: error.message }));
    });
  }
  /** Whether a typing event about the owner's conversation reaches the other party's sockets. */
  async relayed(sender: Socket, event: string): Promise<boolean> {
    const conversationId = await this.conversation();
    const watchers = await Promise.all([this.socket('owner'), this.socket('admin')]);
    let heard = false;
    for (const { socket } of watchers) socket.onAny((_name: string, payload: unknown) => (heard ||= JSON.stringify(payload ?? null).includes(conversationId)));
    sender.emit(event, { conversationId });
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const { socket } of watchers) socket.close();
    return heard;
  }
  /** Whether markAsRead on the owner's conversation marks the other side's messages read. */
  async marksRead(sender: Socket, event: string): Promise<boolean> {
    const conversationId = await this.conversation();
    ok(await this.api('owner').post('/api/messages/send', { conversationId, content: 'from the owner' }), 201);
    ok(await this.api('admin').post('/api/messages/send', { conversationId, content: 'from support' }), 201);
    const unread = async () =>
      (
        await this.server.ctx.db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), isNull(messages.readAt)))
      )[0]?.n ?? 0;
    const before = await unread();
    sender.emit(event, { conversationId });
    await new Promise((resolve) => setTimeout(resolve, 400));
    return (await unread()) < before;
  }
  close() {
    for (const socket of this.sockets) socket.close();
  }
}

function ok<T>(res: Answer<T>, status: number | number[]): T {
  if (![status].flat().includes(res.status)) throw new Error(`fixture call answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('access matrix', () => {
  let server: TestServer;
  let inbox: Inbox;
  let world: World;
  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ seed: 'demo', env: { SMTP_URL: inbox.url, PUSH_SERVICE_HOSTS: 'push.invalid' } });
    liftRateLimits(server.ctx);
    world = new World(server, inbox);
    await world.init();
  }, 120_000);
  afterAll(async () => {
    world.close();
    await server.stop();
    await inbox.close();
  });

  it('every route and socket event answers each of anonymous, a guest, another user, the owner and an admin as its policy says', async () => {
    const routes = apiEndpoints(server.ctx).map((e) => e.key);
    const { socket: probe } = await world.socket('owner');
    const listening = [...server.io.of('/').sockets.values()].find((s) => s.id === probe.id);
    const events = listening ? socketEventNames(listening).map((e) => `socket ${e}`) : [];
    probe.close();
    const unknown = [...routes, ...events].filter((key) => !(key in ACCESS));
    expect(
      unknown.map(
        (key) =>
          `${key.startsWith('socket ') ? 'socket event' : 'route'} ${key.replace(/^socket /, '')} has no access rule (add it to ACCESS in server/test/access-matrix.test.ts)`,
      ),
    ).toEqual([]);

    const mismatches: string[] = [];
    for (const key of [...routes, ...events]) {
      const rule = ACCESS[key];
      if (!rule) continue;
      for (const role of ROLES) {
        if (rule.kind === 'http') {
          const [method = 'GET', route = ''] = key.split(' ');
          const call = await rule.call(world, role);
          const token = call.token === null ? undefined : (call.token ?? world.tokens[role]);
          const api = client(server.url, token);
          const url = `/api${call.path ?? route}`;
          const res =
            method === 'GET'
              ? await api.get(url)
              : method === 'POST'
                ? await api.post(url, call.body ?? {})
                : method === 'PUT'
                  ? await api.put(url, call.body ?? {})
                  : await api.delete(url, call.body ?? {});
          const expected = [rule.expect[role]].flat();
          if (!expected.includes(res.status))
            mismatches.push(
              `${key} (${rule.permission}) as ${role}: expected ${expected.join(' or ')}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
        } else {
          const event = key.replace(/^socket /, '');
          const { socket, error } = await world.socket(role);
          const outcome: SocketOutcome = error ? 'refused' : (await rule.probe(world, socket, event)) ? 'delivered' : 'ignored';
          socket.close();
          if (outcome !== rule.expect[role])
            mismatches.push(`${key} (${rule.permission}) as ${role}: expected ${rule.expect[role]}, got ${outcome}${error ? ` (${error})` : ''}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The table itself must not drift from the app: a row for a route that is gone is stale.
    const stale = Object.keys(ACCESS).filter((key) => !routes.includes(key) && !events.includes(key));
    expect(stale.map((key) => `${key} is in ACCESS but the server has no such route or event`)).toEqual([]);
  }, 120_000);
});
