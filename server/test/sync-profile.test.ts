import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../sync/client/engine';
import { httpTransport } from '../../sync/client/http-transport';
import { MemoryStore } from '../../sync/client/memory-store';
import { EMAIL_NEEDS_PASSWORD } from '../../sync/schemas/user';
import { mutatorsOf } from './device-queue';
import { client, registerUser, startTestServer, type TestServer } from './harness';

/** Profile edits go through the outbox like every other change; an e-mail change never does. */
describe('sync: the updateProfile mutation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'none' });
  });
  afterAll(() => server.stop());

  async function device() {
    const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
    const { token } = await registerUser(server.url, email, 'Secret-pass-1', 'Nia Obi');
    const store = new MemoryStore(randomUUID());
    const engine = new SyncEngine({ store, transport: httpTransport(server.url, () => token) });
    const profile = async () => (await client(server.url, token).get<Record<string, unknown>>('/api/users')).body;
    return { email, store, engine, mutate: mutatorsOf({ store, engine }), profile };
  }

  it('carries every field of the personal information form, and answers in the pulled profile', async () => {
    const { store, engine, mutate, profile } = await device();
    await mutate.updateProfile({
      fullName: 'Nia A. Obi',
      phone: '+234 800 000 0000',
      nationality: 'Ghana',
      dob: '1990-04-02',
      gender: 'female',
      address: '2 Ring Road, Accra',
    });
    await engine.sync();
    expect(await store.outbox()).toEqual([]);
    const expected = {
      fullName: 'Nia A. Obi',
      mobile: '+234 800 000 0000',
      nationality: 'Ghana',
      dob: '1990-04-02',
      gender: 'female',
      address: '2 Ring Road, Accra',
    };
    expect(store.tables.profile.values().next().value).toMatchObject(expected);
    expect(await profile()).toMatchObject(expected);
  });

  it('refuses an e-mail change with the reason and changes nothing; the account’s own e-mail is let through', async () => {
    const { email, store, engine, mutate, profile } = await device();
    await mutate.updateProfile({ fullName: 'Taken Over', email: 'someone-else@example.com' });
    await mutate.updateProfile({ fullName: 'Nia Obi-Mensah', email: email.toUpperCase() });
    await engine.sync();
    expect((await store.outbox()).map((r) => [r.state, r.lastError])).toEqual([['rejected', EMAIL_NEEDS_PASSWORD]]);
    expect(await profile()).toMatchObject({ fullName: 'Nia Obi-Mensah', email });
  });
});
