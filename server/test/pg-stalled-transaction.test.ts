import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ADMIN, client, login, startTestServer } from './harness';

describe('a transaction left open on PostgreSQL', () => {
  it('shows its age in health until the idle timeout ends it, and a statement that runs too long is cancelled', async () => {
    const server = await startTestServer({ env: { PG_IDLE_TRANSACTION_TIMEOUT_MS: '2000', PG_STATEMENT_TIMEOUT_MS: '1000' } });
    try {
      const pool = server.ctx.database.pool;
      if (!pool) throw new Error('no PostgreSQL pool');
      const admin = client(server.url, await login(server.url, ADMIN.email, ADMIN.password));
      const oldest = async () => (await admin.get<{ oldestTransactionSeconds: number | null }>('/api/health')).body.oldestTransactionSeconds;
      expect(await oldest()).toBe(0);

      // One of the server's own connections, as a request that stalls mid-transaction would leave it.
      const stalled = await pool.connect();
      const ended = new Promise<Error>((resolve) => stalled.once('error', resolve));
      await stalled.query('begin');
      await stalled.query('select 1');
      await sleep(1_200);
      expect(await oldest()).toBeGreaterThanOrEqual(1);
      const error = await Promise.race([ended, sleep(5_000).then(() => new Error('still open'))]);
      expect(error.message).toMatch(/idle-in-transaction timeout/);
      stalled.release(error);
      expect(await oldest()).toBe(0);

      await expect(pool.query('select pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
      expect((await admin.get('/api/health')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
