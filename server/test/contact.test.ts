import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, readDb } from './fixtures';
import { ADMIN, client, login, registerUser, startTestServer, type TestServer } from './harness';

type MailRow = { to: string; subject: string; text: string; html: string };
type MessageRow = { user_id: string | null; name: string; email: string; mobile: string; message: string };

const message = { name: 'Ada Lovelace', email: 'Ada@Example.test', mobile: '+44 20 7946 0000', message: 'Can I bring a bicycle?', terms: true };

describe('contact form', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const mails = () => readDb(server, (db) => db.prepare('select "to", subject, text, html from mail_outbox order by id').all() as MailRow[]);
  const messages = () =>
    readDb(server, (db) => db.prepare('select user_id, name, email, mobile, message from contact_messages order by created_at').all() as MessageRow[]);

  it('stores the message and mails the operator a copy', async () => {
    const res = await client(server.url).post('/api/contact', message);
    expect(res.status).toBe(201);
    expect(messages()).toEqual([
      { user_id: null, name: 'Ada Lovelace', email: 'ada@example.test', mobile: '+44 20 7946 0000', message: 'Can I bring a bicycle?' },
    ]);
    const mail = mails().at(-1);
    expect(mail?.to).toBe('bookings@skyway.test');
    expect(mail?.subject).toBe('Contact form: message from Ada Lovelace');
    expect(mail?.text).toContain('Ada Lovelace <ada@example.test>');
    expect(mail?.text).toContain('Can I bring a bicycle?');
  });

  it('writes to the operator address from the settings and escapes the message in the HTML part', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const settings = await admin.get<Record<string, unknown>>('/api/settings');
    const saved = await admin.put('/api/settings', { ...settings.body, mail: { name: 'desk@skyway.test', password: 'secret-pass' } });
    expect(saved.status).toBe(200);
    await client(server.url).post('/api/contact', { ...message, message: '<script>alert(1)</script>' });
    const mail = mails().at(-1);
    expect(mail?.to).toBe('desk@skyway.test');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('remembers who sent it when signed in', async () => {
    const user = await registerUser(server.url, 'contact.user@example.test');
    expect((await client(server.url, user.token).post('/api/contact', message)).status).toBe(201);
    expect(messages().at(-1)?.user_id).toBe(user.id);
  });

  it('validates each field with a clear message and stores nothing', async () => {
    const api = client(server.url);
    const before = messages().length;
    expectInvalid(await api.post('/api/contact', { ...message, terms: false }), 'Please accept the terms and conditions');
    expectInvalid(await api.post('/api/contact', { ...message, terms: undefined }), 'Please accept the terms and conditions');
    expectInvalid(await api.post('/api/contact', { ...message, name: '  ' }), 'Enter your name');
    expectInvalid(await api.post('/api/contact', { ...message, email: 'nope' }), 'A valid email is required');
    expectInvalid(await api.post('/api/contact', { ...message, message: '' }), 'Enter your message');
    expect(messages()).toHaveLength(before);
  });
});
