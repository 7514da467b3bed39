import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startTestServer, type TestServer } from './harness';

const SHELL = '<!doctype html><title>SkyWay</title><script type="module" src="/assets/index-abc123.js"></script>';

/** The app over a small PWA build of its own: the shell, one hashed script. */
describe('the PWA: the app shell for pages, 404 for files that are not there', () => {
  let server: TestServer;
  let pwa: Server;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(path.join(tmpdir(), 'skyway-pwa-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    pwa = createServer(createApp(server.ctx, dir));
    await new Promise<void>((resolve) => pwa.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pwa.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => pwa.close(resolve));
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

  it('a hashed asset that is there is served, immutable', async () => {
    const res = await get('/assets/index-abc123.js', { 'sec-fetch-dest': 'script' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log(1);');
  });

  it('a hashed asset of an earlier deploy answers 404 in the error shape, never the app shell', async () => {
    const asked: Record<string, string>[] = [
      { 'sec-fetch-dest': 'script' },
      { accept: 'text/html' },
      { 'sec-fetch-dest': 'document', accept: 'text/html' },
      {},
    ];
    for (const headers of asked) {
      const res = await get('/assets/index-old999.js', headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Not found' });
    }
    expect((await get('/assets/style-old999.css', { 'sec-fetch-dest': 'style' })).status).toBe(404);
  });

  it('a navigation to any app route gets the shell', async () => {
    for (const url of ['/', '/payment/abcdef123456', '/dashboard/payments', '/confirm?paymentId=x']) {
      const res = await get(url, { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SHELL);
    }
    expect(await (await get('/dashboard')).text()).toBe(SHELL);
  });

  it('a navigation to a path the app has no page for gets the app (its not-found page) with HTTP 404', async () => {
    const navigate = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' };
    for (const url of ['/no-such-page', '/listing/extra', '/dashboard/nope', '/payment/a/b', '/articles', '/index?x=1']) {
      const res = await get(url, navigate);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toBe(SHELL);
    }
    expect((await get('/no-such-page')).status).toBe(404);
    for (const url of ['/listing?from=LOS', '/booking?flightId=x', '/dashboard/bookings/', '/articles/3', '/Contact']) {
      expect((await get(url, navigate)).status, url).toBe(200);
    }
  });

  it('a script, style or image request for a path that is no file answers 404', async () => {
    const files: [string, string][] = [
      ['/registerSW.js', 'script'],
      ['/old-chunk.js', 'script'],
      ['/missing.png', 'image'],
    ];
    for (const [url, dest] of files) {
      expect((await get(url, { 'sec-fetch-dest': dest, accept: '*/*' })).status, url).toBe(404);
    }
    expect((await get('/data.json', { accept: 'application/json' })).status).toBe(404);
  });
});
