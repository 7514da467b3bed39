import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { DEFAULT_RATE_LIMITS, setRateLimits } from '../middleware/rate-limits';
import { expectError } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

const wrongLogin = (n: number) => ({ email: `nobody${n}@example.com`, password: 'wrong-pass-1' });

/** Three failed log-ins, each claiming another client address in X-Forwarded-For; answers the statuses. */
async function spoofedFailures(server: TestServer): Promise<number[]> {
  setRateLimits(server.ctx, { login: 2 });
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const res = await client(server.url).post('/api/auths/login', wrongLogin(i), { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY: who may name the client address', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('unset, a spoofed X-Forwarded-For does not pick the rate-limit bucket', async () => {
    server = await startTestServer();
    expect(await spoofedFailures(server)).toEqual([401, 401, 429]);
    const refused = await client(server.url).post('/api/auths/login', wrongLogin(9), { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expectError(refused, 429, DEFAULT_RATE_LIMITS.login.message);
  });

  it('set to addresses that do not include the peer, the header is still ignored', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' } });
    expect(await spoofedFailures(server)).toEqual([401, 401, 429]);
  });

  it('set to the proxy in front (loopback here, or one hop), the forwarded client address is the bucket', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    expect(await spoofedFailures(server)).toEqual([401, 401, 401]);
    await server.stop();
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    expect(await spoofedFailures(server)).toEqual([401, 401, 401]);
  });

  it('refuses a value that is neither a hop count nor addresses', () => {
    for (const value of ['true', '0', 'anywhere', '10.0.0.0/33', '1.2.3.4/8/1']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be a hop count/);
    }
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
  });
});
