import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createContext, listen } from '../start';

describe('request logs', () => {
  it('carry the request id, method, url and status, and never the bearer token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-logs-'));
    const env = parseEnv({ PORT: '0', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'info' });
    const running = await listen(createContext(env, pino({ level: 'info' }, sink)));
    try {
      const res = await fetch(`${running.url}/api/users`, { headers: { authorization: 'Bearer secret-token-xyz' } });
      expect(res.status).toBe(401);
      const requestId = res.headers.get('x-request-id');
      const line = lines.find((l) => l.includes('/api/users'));
      expect(line).toBeDefined();
      expect(JSON.parse(line ?? '{}')).toMatchObject({ req: { id: requestId, method: 'GET', url: '/api/users' }, res: { statusCode: 401 } });
      expect(lines.join('')).not.toContain('secret-token-xyz');
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
