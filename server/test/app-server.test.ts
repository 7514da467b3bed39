import express from 'express';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../app-server';

describe('the HTTP server of an Express app', () => {
  const app = express();
  app.use(express.json());
  app.post('/echo/:word', (req, res) => {
    res.status(201).json({ word: req.params.word, query: req.query, body: req.body as unknown, ip: req.ip });
  });
  const server = createAppServer(app);
  /** What each request and response was made as, seen before Express starts on them. */
  const seen: { requestMadeAsApp: boolean; responseMadeAsApp: boolean; node: boolean }[] = [];
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    seen.push({
      requestMadeAsApp: Object.getPrototypeOf(req) === app.request,
      responseMadeAsApp: Object.getPrototypeOf(res) === app.response,
      node: req instanceof IncomingMessage && res instanceof ServerResponse,
    });
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('makes requests and responses with the app’s prototypes, and Express works on them as on its own', async () => {
    const res = await fetch(`${base}/echo/hello?page=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seat":"A1"}' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ word: 'hello', query: { page: '2' }, body: { seat: 'A1' }, ip: '127.0.0.1' });
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(seen).toEqual([
      { requestMadeAsApp: true, responseMadeAsApp: true, node: true },
      { requestMadeAsApp: true, responseMadeAsApp: true, node: true },
    ]);
  });
});
