import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSyncHistory } from '../services/sync/history-purge';
import { ADMIN, client, login, startTestServer, type TestServer } from './harness';

describe('sync history purge', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const count = (table: string) => {
    const db = new Database(path.join(server.dataDir, 'airline.sqlite'), { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it('keeps tombstones for 30 days, then drops them', async () => {
    const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const created = await admin.post<{ airport: { _id: string } }>('/api/airports', {
      name: 'Test Field',
      code: 'TFX',
      city: 'Testville',
      country: 'Testland',
      timeZone: 'UTC',
    });
    await admin.delete('/api/airports', { id: created.body.airport._id });
    await purgeSyncHistory(server.ctx);
    expect(count('tombstones')).toBe(1);
    server.setNow(new Date(Date.now() + 31 * 86_400_000));
    await purgeSyncHistory(server.ctx);
    expect(count('tombstones')).toBe(0);
  });
});
