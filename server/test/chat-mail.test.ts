import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, loginGuest, send, sleep, startSupport } from './chat-fixtures';
import { readDb } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

type Received = { to: string[]; raw: string };

describe('a support reply to an offline guest is e-mailed, at most once per conversation per 10 minutes', () => {
  let smtp: SMTPServer;
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  const inbox: Received[] = [];
  const start = new Date('2031-03-01T09:00:00.000Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

  const mailsTo = (address: string) => inbox.filter((m) => m.to.includes(address));
  async function waitForMails(address: string, n: number): Promise<Received[]> {
    for (let i = 0; i < 100 && mailsTo(address).length < n; i++) await sleep(30);
    return mailsTo(address);
  }
  /** Waits for `n` mails, then a little longer for any extra one on its way, and checks exactly `n` came. */
  async function expectMails(address: string, n: number): Promise<Received[]> {
    await waitForMails(address, n);
    await sleep(300);
    const got = mailsTo(address);
    expect(got, got.map((m) => m.raw.slice(0, 200)).join('\n---\n')).toHaveLength(n);
    return got;
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://skyway.example' } });
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    server.setNow(new Date());
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the first reply, not the next ones within 10 minutes, and again once 10 minutes have passed', async () => {
    const email = `offline.${randomUUID().slice(0, 6)}@example.com`;
    const guest = await loginGuest(server.url, 'Olu Offline', email);
    const conversation = await startSupport(guest.api);
    server.setNow(at(0));
    await send(guest.api, conversation._id, 'Can I bring a surfboard?');
    await expectMails(email, 0);

    await send(admin, conversation._id, 'Yes, as special baggage for $50.');
    const [first] = await expectMails(email, 1);
    expect(first?.raw).toMatch(/^Subject: SkyWay Support replied to your message/m);
    expect(first?.raw).toContain('Dear Olu Offline,');
    expect(first?.raw).toContain('Yes, as special baggage for $50.');
    expect(first?.raw).toContain('https://skyway.example');

    await send(admin, conversation._id, 'Book it at least 48 hours ahead.');
    server.setNow(at(9.9));
    await send(admin, conversation._id, 'Anything else?');
    await expectMails(email, 1);

    server.setNow(at(10));
    await send(admin, conversation._id, 'We are still here if you need us.');
    const mails = await expectMails(email, 2);
    expect(mails[1]?.raw).toContain('We are still here if you need us.');
    const stored = readDb(server, (db) => db.prepare('select count(*) as n from mail_outbox where "to" = ? and status = \'sent\'').get(email) as { n: number });
    expect(stored.n).toBe(2);
  });

  it('a connected guest gets the reply live and no mail; a signed-in traveller gets no guest mail', async () => {
    const email = `online.${randomUUID().slice(0, 6)}@example.com`;
    const guest = await loginGuest(server.url, 'Nia Online', email);
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
    // Only the confirmation link mailed on sign-up.
    const [signUp] = await expectMails(memberEmail, 1);
    expect(signUp?.raw).toContain('Confirm your SkyWay e-mail address');
  });
});
