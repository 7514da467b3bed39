import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { lockFile, runningServer } from '../ops/server-lock';
import { SERVER_RESTART_EVENT } from '../ops/shutdown';
import { seedIfEmpty } from '../seed/seed';
import { createContext, listen, type Running } from '../start';
import { ADMIN, client, login, TRAVELLER } from './harness';
import { sqliteOf } from './fixtures';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type LogLine = { level: number; msg: string; req?: { id?: string }; err?: { message?: string } };

/** The real app with its log lines captured and an optional clock that can be made to fail. */
async function serve(options: { graceMs?: number; now?: () => Date } = {}): Promise<Running & { lines: LogLine[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-shutdown-'));
  folders.push(dataDir);
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const env = parseEnv({ PORT: '0', DATA_DIR: dataDir, SEED: 'none', ADMIN_PASSWORD: ADMIN.password, DEMO_PASSWORD: TRAVELLER.password, LOG_LEVEL: 'info' });
  const ctx = await createContext(env, pino({ level: 'info' }, sink), options.now);
  await seedIfEmpty(ctx);
  const running = await listen(ctx, { backups: false, shutdownGraceMs: options.graceMs });
  return { ...running, lines };
}

/** Sends a POST whose JSON body arrives in two parts; `finish` sends the rest. */
function slowPost(url: string, pathname: string, body: string, token: string) {
  const target = new URL(pathname, url);
  let answer: (value: { status: number; body: string }) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const req = request(
    target,
    { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` } },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => answer({ status: res.statusCode ?? 0, body: text }));
      res.on('error', fail);
    },
  );
  req.on('error', fail);
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { done, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown', () => {
  it('close() stops accepting, lets an in-flight request finish, then closes the database and removes server.pid', async () => {
    const server = await serve();
    expect(runningServer(server.ctx.dataDir)?.url).toBe(server.url);
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    const slow = slowPost(
      server.url,
      '/api/airports',
      JSON.stringify({ name: 'Slow Field', code: 'SLW', city: 'Slowtown', country: 'Nowhere', timeZone: 'UTC' }),
      token,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    let closedYet = false;
    void closed.then(() => (closedYet = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closedYet).toBe(false);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    slow.finish();
    const answer = await slow.done;
    expect(answer.status, answer.body).toBe(201);
    await closed;
    expect(sqliteOf(server.ctx).open).toBe(false);
    expect(existsSync(lockFile(server.ctx.dataDir))).toBe(false);
  });

  it('the wait for in-flight requests is bounded: a request that never finishes is cut after the grace period', async () => {
    const server = await serve({ graceMs: 300 });
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    const stuck = slowPost(server.url, '/api/airports', JSON.stringify({ name: 'Never Field', code: 'NVR' }), token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    // Heard before the close: the cut may come while close() still stops the rest of the server.
    const cut = expect(stuck.done).rejects.toThrow();
    await server.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await cut;
  });

  it('socket clients are told the server restarts, and their transport closes so they reconnect by themselves', async () => {
    const server = await serve();
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    const socket = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const told = new Promise<unknown>((resolve) => socket.on(SERVER_RESTART_EVENT, resolve));
    const reason = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await server.close();
    expect(await told).toEqual({ reconnect: true });
    // 'io server disconnect' would stop socket.io-client from reconnecting; 'transport close' does not.
    expect(await reason).toBe('transport close');
    socket.close();
  });
});

describe('error logging', () => {
  it('a 500 is logged once, at error level, with its request id and the error; the answer is generic', async () => {
    let fail = false;
    const server = await serve({
      now: () => {
        if (fail) throw new Error('clock exploded');
        return new Date();
      },
    });
    try {
      const token = await login(server.url, ADMIN.email, ADMIN.password);
      fail = true;
      const res = await client(server.url, token).get('/api/bookings/user');
      fail = false;
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).not.toBe('');
      const errors = server.lines.filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.req?.id).toBe(id);
      expect(errors[0]?.err?.message).toBe('clock exploded');
      const forRequest = server.lines.filter((l) => l.req?.id === id);
      expect(forRequest).toHaveLength(1);
      // A 4xx is one warn line with its id, not an error.
      const missing = await client(server.url).get('/api/nope');
      const warn = server.lines.filter((l) => l.req?.id === missing.headers.get('x-request-id'));
      expect(warn.map((l) => l.level)).toEqual([40]);
    } finally {
      await server.close();
    }
  });
});
