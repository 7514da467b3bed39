import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer } from './booking-fixtures';
import { connect, loginGuest, send, sleep, startSupport, type Guest } from './chat-fixtures';
import { readDb } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';
import { startInbox, type Inbox, type Received } from './smtp-inbox';

const REPLY = 'SkyWay Support replied to your message';
const CONFIRM = 'Confirm your e-mail for SkyWay support';

describe('a support reply to an offline guest is e-mailed to a confirmed address only, at most once per conversation per 10 minutes', () => {
  let inbox: Inbox;
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  const start = new Date('2031-03-01T09:00:00.000Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

  const text = (mail: Received | undefined) => mail?.parts.get('text/plain') ?? '';
  const mailsTo = (address: string, subject = REPLY) => inbox.received.filter((m) => m.to.includes(address) && m.headers.get('subject') === subject);
  /** Waits for `n` mails, then a little longer for any extra one on its way, and checks exactly `n` came. */
  async function expectMails(address: string, n: number, subject = REPLY): Promise<Received[]> {
    for (let i = 0; i < 100 && mailsTo(address, subject).length < n; i++) await sleep(30);
    await sleep(300);
    const got = mailsTo(address, subject);
    expect(got, got.map((m) => text(m).slice(0, 200)).join('\n---\n')).toHaveLength(n);
    return got;
  }

  /** The guest's confirmation link, as mailed on its log-in. */
  async function mailedToken(email: string): Promise<string> {
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text(await inbox.mailTo(email, CONFIRM)))?.[1];
    if (!token) throw new Error(`no link mailed to ${email}`);
    return token;
  }

  async function confirmedGuest(fullName: string, email: string): Promise<Guest> {
    const guest = await loginGuest(server.url, fullName, email);
    expectAnswer(await client(server.url).post('/api/auths/verify-email', { token: await mailedToken(email) }), 200);
    return guest;
  }

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://skyway.example' } });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    server.setNow(new Date());
    await server.stop();
    await inbox.close();
  });

  it('mails the first reply, not the next ones within 10 minutes, and again once 10 minutes have passed', async () => {
    const email = `offline.${randomUUID().slice(0, 6)}@example.com`;
    const guest = await confirmedGuest('Olu Offline', email);
    const conversation = await startSupport(guest.api);
    server.setNow(at(0));
    await send(guest.api, conversation._id, 'Can I bring a surfboard?');
    await expectMails(email, 0);

    await send(admin, conversation._id, 'Yes, as special baggage for $50.');
    const [first] = await expectMails(email, 1);
    expect(text(first)).toMatch(/^Hello,/);
    expect(text(first)).toContain('Yes, as special baggage for $50.');
    expect(text(first)).toContain('https://skyway.example');

    await send(admin, conversation._id, 'Book it at least 48 hours ahead.');
    server.setNow(at(9.9));
    await send(admin, conversation._id, 'Anything else?');
    await expectMails(email, 1);

    server.setNow(at(10));
    await send(admin, conversation._id, 'We are still here if you need us.');
    const mails = await expectMails(email, 2);
    expect(text(mails[1])).toContain('We are still here if you need us.');
    const stored = readDb(server, (db) => db.prepare('select count(*) as n from mail_outbox where "to" = ? and status = \'sent\'').get(email) as { n: number });
    expect(stored.n).toBe(3);
  });

  it('an address nobody confirmed gets the link and no reply; no mail repeats what the guest typed as a name', async () => {
    const email = `unconfirmed.${randomUUID().slice(0, 6)}@example.com`;
    const name = 'customer. URGENT: your ticket is void, re-pay at http://pay.example';
    const guest = await loginGuest(server.url, name, email);
    const token = await mailedToken(email);
    const conversation = await startSupport(guest.api);
    server.setNow(at(200));
    await send(admin, conversation._id, 'We can help with that.');
    await expectMails(email, 0);

    const confirmed = await client(server.url).post<{ message: string; user?: unknown }>('/api/auths/verify-email', { token });
    expectAnswer(confirmed, 200);
    expect(confirmed.body.user).toBeUndefined();
    server.setNow(at(211));
    await send(admin, conversation._id, 'Your ticket is fine.');
    const [reply] = await expectMails(email, 1);
    expect(text(reply)).toContain('Your ticket is fine.');
    for (const mail of inbox.received.filter((m) => m.to.includes(email))) {
      expect(text(mail)).not.toContain('URGENT');
      expect(mail.parts.get('text/html') ?? '').not.toContain('pay.example');
    }
  });

  it('a connected guest gets the reply live and no mail; a signed-in traveller gets no guest mail', async () => {
    const email = `online.${randomUUID().slice(0, 6)}@example.com`;
    const guest = await confirmedGuest('Nia Online', email);
    const conversation = await startSupport(guest.api);
    server.setNow(at(100));
    const socket = await connect(server.url, guest.token);
    try {
      await send(admin, conversation._id, 'Hello while you are here');
      await expectMails(email, 0);
    } finally {
      socket.close();
    }
    for (let i = 0; i < 100 && (await server.ctx.realtime.isConnected(guest._id)); i++) await sleep(20);
    await send(admin, conversation._id, 'And now you have left');
    await expectMails(email, 1);

    const memberEmail = `member.${randomUUID().slice(0, 6)}@example.com`;
    const member = client(server.url, (await registerUser(server.url, memberEmail)).token);
    const memberConversation = await startSupport(member);
    await send(admin, memberConversation._id, 'Reply to a member');
    await expectMails(memberEmail, 0);
    // Only the confirmation link mailed on sign-up.
    await expectMails(memberEmail, 1, 'Confirm your SkyWay e-mail address');
  });
});
