import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import type { User } from '../../sync/schemas/user';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { book, expectAnswer, traveller, upcomingFlight, type Api } from './booking-fixtures';
import { expectError, readDb } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { startInbox, type Inbox } from './smtp-inbox';

const CONFIRM = 'Confirm your SkyWay e-mail address';
const INVALID = 'This confirmation link is invalid or has expired';
const PASSWORD = 'Secret-pass-1';

type MailRow = { to: string; subject: string; text: string; html: string };

describe('account e-mails are confirmed by a mailed link before booking mails go there', () => {
  let server: TestServer;
  let smtp: Inbox;
  let admin: Api;
  let flight: Flight;

  beforeAll(async () => {
    smtp = await startInbox();
    server = await startTestServer({ seed: 'demo', env: { SMTP_URL: smtp.url } });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    flight = await upcomingFlight(server.url, 'LOS', 'LHR', 9);
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  /** The outbox rows, which admins read. The mailer writes a row before the request that caused it answers. */
  const outboxTo = (to: string) =>
    readDb(server, (db) => db.prepare('select "to", subject, text, html from mail_outbox where "to" = ? order by id').all(to) as MailRow[]);

  /** The token of the next confirmation link that reached `email` over SMTP. */
  async function mailedToken(email: string): Promise<string> {
    const text = (await smtp.mailTo(email, CONFIRM)).parts.get('text/plain') ?? '';
    const link = new RegExp(`${server.url}/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(link, text).not.toBeNull();
    return link?.[1] ?? '';
  }

  async function signUp(tag: string): Promise<{ api: Api; email: string; token: string }> {
    const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
    const account = await registerUser(server.url, email, PASSWORD);
    return { api: client(server.url, account.token), email, token: await mailedToken(email) };
  }

  const confirm = (token: string) => client(server.url).post<{ message: string; user: User }>('/api/auths/verify-email', { token });

  it('an unconfirmed account books and is paid for, and nothing reaches its address; after the link, booking mails do', async () => {
    const { api, email, token } = await signUp('unconfirmed');
    expect((await api.get<User>('/api/users')).body.emailVerified).toBe(false);
    const first = await book(api, flight, ['A1'], { travellers: [{ ...traveller(1), firstName: 'Click', lastName: 'Here To Win' }] });
    expectAnswer(await admin.put(`/api/payments/${first.payment._id}`, { status: 'successful' }), 200);
    expectAnswer(await api.put(`/api/bookings/${first.booking._id}/cancel`), 200);
    expect(outboxTo(email).map((m) => m.subject)).toEqual([CONFIRM]);
    expect((await api.get<{ _id: string; status: string }[]>('/api/bookings/user')).body.map((b) => b.status)).toEqual(['cancelled']);

    const confirmed = await confirm(token);
    expectAnswer(confirmed, 200);
    expect(confirmed.body).toMatchObject({ message: 'Your email address is confirmed.', user: { email, emailVerified: true } });
    expect((await api.get<User>('/api/users')).body.emailVerified).toBe(true);
    const second = await book(api, flight, ['A2']);
    expectAnswer(await admin.put(`/api/payments/${second.payment._id}`, { status: 'successful' }), 200);
    const mail = await smtp.mailTo(email, `Your booking ${second.booking.bookingId} is confirmed`);
    expect(mail.parts.get('text/plain')).toContain(second.booking.bookingId);
  });

  it('a link is kept only as a hash, works once, is replaced by a newer one and expires after 24 hours', async () => {
    const once = await signUp('once');
    const rows = readDb(
      server,
      (db) =>
        db.prepare('select token_hash, expires_at, created_at from email_verifications').all() as {
          token_hash: string;
          expires_at: string;
          created_at: string;
        }[],
    );
    expect(JSON.stringify(rows)).not.toContain(once.token);
    expect(Buffer.from(once.token, 'base64url')).toHaveLength(32);
    expectAnswer(await confirm(once.token), 200);
    expectError(await confirm(once.token), 400, INVALID);

    const replaced = await signUp('replaced');
    expectAnswer(await replaced.api.post('/api/auths/verify-email/resend'), 200);
    const newer = await mailedToken(replaced.email);
    expectError(await confirm(replaced.token), 400, INVALID);
    expectAnswer(await confirm(newer), 200);

    const late = await signUp('late');
    server.setNow(new Date(Date.now() + 24 * 3_600_000 + 60_000));
    try {
      expectError(await confirm(late.token), 400, INVALID);
    } finally {
      server.setNow(new Date());
    }
    expect((await late.api.get<User>('/api/users')).body.emailVerified).toBe(false);
    expectError(await confirm('x'.repeat(43)), 400, INVALID);
    expectError(await confirm(''), 400, INVALID);
  });

  it('resending is limited per account and per network address; a confirmed account gets nothing', async () => {
    const busy = await signUp('busy');
    for (let i = 0; i < DEFAULT_RATE_LIMITS.verifyMail.limit; i++) expectAnswer(await busy.api.post('/api/auths/verify-email/resend'), 200);
    expectError(await busy.api.post('/api/auths/verify-email/resend'), 429, DEFAULT_RATE_LIMITS.verifyMail.message);
    expect(outboxTo(busy.email)).toHaveLength(1 + DEFAULT_RATE_LIMITS.verifyMail.limit);

    const neighbour = await signUp('neighbour');
    setRateLimits(server.ctx, { verifyMailAddress: 0 });
    try {
      expectError(await neighbour.api.post('/api/auths/verify-email/resend'), 429, DEFAULT_RATE_LIMITS.verifyMailAddress.message);
    } finally {
      setRateLimits(server.ctx, { verifyMailAddress: DEFAULT_RATE_LIMITS.verifyMailAddress.limit });
    }
    expect(outboxTo(neighbour.email)).toHaveLength(1);

    expectAnswer(await confirm(neighbour.token), 200);
    expectError(await neighbour.api.post('/api/auths/verify-email/resend'), 409, 'Your email address is already confirmed.');
    expectError(await client(server.url).post('/api/auths/verify-email/resend'), 401, 'Please sign in to continue');
  });

  it('a new e-mail is unconfirmed and gets a link; a link to the old address confirms nothing', async () => {
    const mover = await signUp('mover');
    const stale = await signUp('stale');
    expectAnswer(await confirm(mover.token), 200);
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const changed = await mover.api.put<{ token: string; user: User }>('/api/users/update', { email: newEmail, currentPassword: PASSWORD });
    expectAnswer(changed, 200);
    expect(changed.body.user).toMatchObject({ email: newEmail, emailVerified: false });
    const api = client(server.url, changed.body.token);
    const second = await book(api, flight, ['B1']);
    expectAnswer(await admin.put(`/api/payments/${second.payment._id}`, { status: 'successful' }), 200);
    expect(outboxTo(newEmail).map((m) => m.subject)).toEqual([CONFIRM]);
    expectAnswer(await confirm(await mailedToken(newEmail)), 200);
    expect((await api.get<User>('/api/users')).body.emailVerified).toBe(true);

    const staleEmail = `stale-moved-${randomUUID().slice(0, 8)}@example.com`;
    const staleChange = await stale.api.put<{ token: string }>('/api/users/update', { email: staleEmail, currentPassword: PASSWORD });
    expectAnswer(staleChange, 200);
    expectError(await confirm(stale.token), 400, INVALID);

    // A new address costs a confirmation mail, so e-mail changes count against the same per-account limit.
    setRateLimits(server.ctx, { verifyMail: 0 });
    try {
      const refused = await client(server.url, staleChange.body.token).put('/api/users/update', {
        email: `third-${randomUUID().slice(0, 8)}@example.com`,
        currentPassword: PASSWORD,
      });
      expectError(refused, 429, DEFAULT_RATE_LIMITS.verifyMail.message);
    } finally {
      setRateLimits(server.ctx, { verifyMail: DEFAULT_RATE_LIMITS.verifyMail.limit });
    }
    expect((await client(server.url, staleChange.body.token).get<User>('/api/users')).body.email).toBe(staleEmail);
  });

  it('the outbox admins read keeps confirmation mails without a usable link', async () => {
    const { email, token } = await signUp('outbox');
    const [row] = outboxTo(email);
    expect(row?.text).toContain(`${server.url}/verify-email?token=[redacted]`);
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await admin.get<MailRow[]>('/api/mail-outbox?limit=200')).body.filter((m) => m.to === email);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(token);
    expectAnswer(await confirm(token), 200);
  });
});
