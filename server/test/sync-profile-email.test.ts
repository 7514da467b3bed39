import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NEEDS_PASSWORD } from '../../sync/schemas/user';
import { expectError } from './fixtures';
import { client, login } from './harness';
import { member, SyncClient, withDb, type Member, type SyncServer, startSyncServer } from './sync-fixtures';

/**
 * Profile edits through the sync outbox: e-mails compare without case, an e-mail change never travels
 * through the outbox (it needs the current password), and a write a database rule refuses is a stored
 * rejection, never a fault that stalls the client's queue (guarantees 1 and 5).
 */
describe('sync: profile e-mails and refused writes', { timeout: 60_000 }, () => {
  let server: SyncServer;
  let casey: Member;
  let other: Member;
  const clock = { now: 10_000 };
  const url = () => server.url;
  const device = (m: Member) => new SyncClient({ url, token: () => m.token, now: () => clock.now });
  const outboxOf = async (d: SyncClient) => (await d.store.outbox()).map((r) => [r.mutationId, r.state, r.lastError]);
  const storedEmail = (id: string) => withDb(server, (db) => (db.prepare('select email from users where id = ?').get(id) as { email: string }).email);

  beforeAll(async () => {
    server = await startSyncServer();
    casey = await member(server.url, 'casey');
    other = await member(server.url, 'other');
  });
  afterAll(() => server.stop());

  it("the owner's own address in other case changes nothing: they still log in, and nobody can take it", async () => {
    const phone = device(casey);
    await phone.mutate.updateProfile({ fullName: 'Casey Renamed', email: casey.email.toUpperCase() });
    await phone.drain(clock);
    expect(await outboxOf(phone)).toEqual([]);
    expect(phone.profileName()).toBe('Casey Renamed');
    expect(storedEmail(casey.id)).toBe(casey.email);
    expect(await login(server.url, casey.email.toUpperCase(), 'Secret-pass-1')).toMatch(/^ey/);
    const copy = await client(server.url).post('/api/auths/register', { fullName: 'Copycat', email: casey.email, password: 'Copycat-pass-1' });
    expectError(copy, 409, 'An account with this email already exists');
  });

  it("a second client pushing someone else's address is rejected with a reason and its queue moves on", async () => {
    const laptop = device(other);
    await laptop.mutate.updateProfile({ fullName: 'Other', email: casey.email.replace(/^c/, 'C') });
    await laptop.mutate.updateProfile({ fullName: 'Other Renamed', email: other.email });
    await laptop.drain(clock);
    expect(laptop.engine.currentStatus).toBe('idle');
    expect(await outboxOf(laptop)).toEqual([[1, 'rejected', EMAIL_NEEDS_PASSWORD]]);
    expect(laptop.profileName()).toBe('Other Renamed');
    expect(storedEmail(other.id)).toBe(other.email);
    expect(await login(server.url, casey.email, 'Secret-pass-1')).toMatch(/^ey/);
  });

  it('a change of address is never applied from the outbox, even with a free address', async () => {
    const laptop = device(other);
    await laptop.mutate.updateProfile({ fullName: 'Other', email: 'free-address@example.com' });
    await laptop.drain(clock);
    expect(await outboxOf(laptop)).toEqual([[1, 'rejected', EMAIL_NEEDS_PASSWORD]]);
    expect(storedEmail(other.id)).toBe(other.email);
  });

  it('a write a database rule refuses is stored as a rejection, not retried as a fault (two clients)', async () => {
    // A unique rule no service checks first, so only the database refuses the second write.
    withDb(server, (db) => db.exec('create unique index test_users_full_name on users (full_name)'));
    try {
      const first = device(casey);
      const second = device(other);
      await first.mutate.updateProfile({ fullName: 'Same Name', email: casey.email });
      await first.drain(clock);
      await second.mutate.updateProfile({ fullName: 'Same Name', email: other.email });
      await second.mutate.updateProfile({ fullName: 'Other Moved On', email: other.email });
      await second.drain(clock);
      expect(second.engine.currentStatus).toBe('idle');
      expect(await outboxOf(second)).toEqual([[1, 'rejected', 'This change conflicts with data already saved']]);
      expect(second.profileName()).toBe('Other Moved On');
      expect(first.profileName()).toBe('Same Name');
    } finally {
      withDb(server, (db) => db.exec('drop index test_users_full_name'));
    }
  });
});
