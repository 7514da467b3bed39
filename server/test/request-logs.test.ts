import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createContext, listen } from '../start';

/** Runs `work` against a real server logging at `level`, whose log lines are collected in `lines`. */
async function withLoggedServer(level: 'info' | 'debug', work: (url: string, lines: string[]) => Promise<void>): Promise<void> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-logs-'));
  const env = parseEnv({ PORT: '0', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: level });
  const running = await listen(await createContext(env, pino({ level }, sink)));
  try {
    await work(running.url, lines);
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('request logs', () => {
  it('carry the request id, method, url and status, and never the bearer token', async () => {
    await withLoggedServer('info', async (url, lines) => {
      const res = await fetch(`${url}/api/users`, { headers: { authorization: 'Bearer secret-token-xyz' } });
      expect(res.status).toBe(401);
      const requestId = res.headers.get('x-request-id');
      const line = lines.find((l) => l.includes('/api/users'));
      expect(line).toBeDefined();
      expect(JSON.parse(line ?? '{}')).toMatchObject({ req: { id: requestId, method: 'GET', url: '/api/users' }, res: { statusCode: 401 } });
      expect(lines.join('')).not.toContain('secret-token-xyz');
    });
  });

  it('lose the reset tokens and payment access keys in request URLs', async () => {
    const secret = 'Sup3rSecretTokenValue_abcdefghijklmnop';
    await withLoggedServer('debug', async (url, lines) => {
      for (const path of [
        `/reset-password?token=${secret}`,
        `/payment/${secret}`,
        `/api/payments/token/${secret}`,
        `/api/Payments/Token/${secret}?x=1`,
        `/api/anything?key=${secret}&page=2`,
      ]) {
        await (await fetch(`${url}${path}`)).arrayBuffer();
      }
      await (await fetch(`${url}/api/payments/token/${secret}`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } })).arrayBuffer();
      const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
      expect(urls).toEqual([
        '/reset-password?token=[redacted]',
        '/payment/[redacted]',
        '/api/payments/token/[redacted]',
        '/api/Payments/Token/[redacted]?x=1',
        '/api/anything?key=[redacted]&page=2',
        '/api/payments/token/[redacted]',
      ]);
      expect(lines.join('')).not.toContain(secret);
    });
  });

  it('at info write a line for a refusal but none for a success, whose line is at debug', async () => {
    for (const level of ['info', 'debug'] as const) {
      await withLoggedServer(level, async (url, lines) => {
        const ok = await fetch(`${url}/api/health`);
        const missing = await fetch(`${url}/api/nope`);
        const levels = (res: Response) =>
          lines
            .map((l) => JSON.parse(l) as { level: number; req?: { id?: string } })
            .filter((l) => l.req?.id === res.headers.get('x-request-id'))
            .map((l) => l.level);
        expect(levels(missing)).toEqual([40]);
        expect(levels(ok)).toEqual(level === 'debug' ? [20] : []);
      });
    }
  });
});
