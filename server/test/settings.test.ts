import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsSchema, PublicSettingsSchema, type AdminSettings } from '../../sync/schemas/settings';
import { expectError, expectInvalid, HUGE, readDb, snapshot } from './fixtures';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';
import { makeAccount } from './account-factory';

type Saved = { message: string; settings: AdminSettings };

function storedSettings(server: TestServer): { mail: { name: string; password: string }; smtpUrl: string } {
  return readDb(server, (db) => JSON.parse((db.prepare('select data from settings where id = 1').get() as { data: string }).data) as never);
}

const BODY = {
  bankingInfo: { accountNumber: '9876543210', accountName: 'SkyWay Ltd', bankName: 'Harbour Bank', routing: '', address: '' },
  cryptoInfo: [{ name: 'BTC', network: 'Bitcoin', address: 'bc1qexampleaddress000000', rate: 0.000015 }],
  cashApp: { tag: '$SkyWay', name: 'SkyWay' },
  mail: { name: 'ops@skyway.test' },
  whatsApp: 'https://wa.me/15550001111',
};

describe('settings', () => {
  let server: TestServer;
  let admin: ReturnType<typeof client>;
  let user: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    user = client(server.url, (await makeAccount(server, { email: 'payer@example.test', fullName: 'Test User', confirmed: false })).token);
  });
  afterAll(() => server.stop());

  it('anonymous and ordinary users get only what a payer needs: no mail key, no secrets', async () => {
    const secret = storedSettings(server).mail.password;
    expect(secret.length).toBeGreaterThan(8);
    for (const api of [client(server.url), user]) {
      const res = await api.get('/api/settings');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body as object).sort()).toEqual([
        'bankingInfo',
        'cancellationPenaltyPercent',
        'cashApp',
        'classFares',
        'contact',
        'cryptoInfo',
        'paymentDeadlineHours',
        'whatsApp',
      ]);
      PublicSettingsSchema.strict().parse(res.body);
      expect(JSON.stringify(res.body)).not.toContain(secret);
    }
  });

  it('admins see mail.hasPassword, never the mail password', async () => {
    const secret = storedSettings(server).mail.password;
    const res = await admin.get<AdminSettings>('/api/settings');
    expect(res.status).toBe(200);
    const parsed = AdminSettingsSchema.strict().parse(res.body);
    expect(parsed.mail).toEqual({ name: 'bookings@skyway.test', hasPassword: true });
    expect(Object.keys(res.body.mail)).not.toContain('password');
    expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it('PUT needs an admin: anonymous 401, ordinary user 403, nothing written', async () => {
    const before = snapshot(server);
    expectError(await client(server.url).put('/api/settings', BODY), 401, 'Please sign in to continue');
    expectError(await user.put('/api/settings', BODY), 403, 'You are not allowed to do this');
    expect(snapshot(server)).toEqual(before);
  });

  it('an admin saves the whole object; an omitted mail password keeps the stored one', async () => {
    const secret = storedSettings(server).mail.password;
    const res = await admin.put<Saved>('/api/settings', BODY);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated successfully!');
    expect(res.body.settings).toMatchObject({
      bankingInfo: BODY.bankingInfo,
      cryptoInfo: BODY.cryptoInfo,
      whatsApp: BODY.whatsApp,
      mail: { name: 'ops@skyway.test', hasPassword: true },
    });
    expect(storedSettings(server).mail).toEqual({ name: 'ops@skyway.test', password: secret });
    expect((await client(server.url).get('/api/settings')).body).toMatchObject({ bankingInfo: BODY.bankingInfo, cashApp: BODY.cashApp });
    const empty = await admin.put<Saved>('/api/settings', { ...BODY, mail: { name: 'ops@skyway.test', password: '' } });
    expect(empty.status).toBe(200);
    expect(storedSettings(server).mail.password).toBe(secret);
  });

  it('a new mail password or SMTP URL is stored but never answered back', async () => {
    const put = await admin.put<Saved>('/api/settings', {
      ...BODY,
      mail: { name: 'ops@skyway.test', password: 'N3w-mail-secret' },
      smtpUrl: 'smtp://mailer:Smtp-secret-9@mail.example.test:587',
    });
    expect(put.status).toBe(200);
    expect(storedSettings(server)).toMatchObject({ mail: { password: 'N3w-mail-secret' }, smtpUrl: 'smtp://mailer:Smtp-secret-9@mail.example.test:587' });
    expect(put.body.settings.smtp).toEqual({ host: 'mail.example.test:587', configured: true });
    const answers = [put, await admin.get('/api/settings'), await user.get('/api/settings'), await client(server.url).get('/api/settings')];
    for (const res of answers) expect(JSON.stringify(res.body)).not.toMatch(/N3w-mail-secret|Smtp-secret-9|mailer:/);
  });

  it('validates every card with the spec texts and writes nothing', async () => {
    const before = snapshot(server);
    const put = (patch: Record<string, unknown>) => admin.put('/api/settings', { ...BODY, ...patch });
    for (const field of ['accountName', 'accountNumber', 'bankName'] as const) {
      expectInvalid(await put({ bankingInfo: { ...BODY.bankingInfo, [field]: '' } }), 'All fields are required.');
      expectInvalid(await put({ bankingInfo: { ...BODY.bankingInfo, [field]: undefined } }), 'All fields are required.');
    }
    expectInvalid(await put({ bankingInfo: [] }), 'All fields are required.');
    expectInvalid(await put({ cashApp: 'SkyWay' }), 'Cash App name and tag are required.');
    expectInvalid(await put({ cryptoInfo: [] }), 'All fields in cryptoInfo are required.');
    expectInvalid(await put({ cryptoInfo: {} }), 'All fields in cryptoInfo are required.');
    for (const field of ['name', 'network', 'address'] as const) {
      expectInvalid(await put({ cryptoInfo: [{ ...BODY.cryptoInfo[0], [field]: '' }] }), 'All fields in cryptoInfo are required.');
    }
    for (const rate of [0, -1, '1', undefined])
      expectInvalid(await put({ cryptoInfo: [{ ...BODY.cryptoInfo[0], rate }] }), 'All fields in cryptoInfo are required.');
    expectInvalid(await put({ cashApp: { tag: '', name: 'SkyWay' } }), 'Cash App name and tag are required.');
    expectInvalid(await put({ cashApp: { tag: '$SkyWay', name: '' } }), 'Cash App name and tag are required.');
    expectInvalid(await put({ mail: { name: '' } }), 'Mail email and password are required.');
    expectInvalid(await put({ mail: undefined }), 'Mail email and password are required.');
    expectInvalid(await put({ mail: { name: 'ops@skyway.test', password: HUGE } }), 'Must be at most 200 characters');
    expectInvalid(await put({ whatsApp: '' }), 'WhatsApp link is required.');
    expectInvalid(await put({ whatsApp: undefined }), 'WhatsApp link is required.');
    expectInvalid(await put({ whatsApp: HUGE }), 'Must be at most 300 characters');
    expectInvalid(await put({ smtpUrl: 'http://evil.example.test' }), 'SMTP URL must start with smtp:// or smtps://');
    expect((await admin.put('/api/settings', [BODY])).status).toBe(400);
    expect((await admin.put('/api/settings', {})).status).toBe(400);
    expect(snapshot(server)).toEqual(before);
  });
});
