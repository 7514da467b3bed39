import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySegment } from '../routes/by-segment';

function router(build: (r: Router) => void): Router {
  const r = Router();
  build(r);
  return r;
}

describe('bySegment', () => {
  const heard: string[] = [];
  let base = '';
  let close = () => {};

  beforeAll(async () => {
    const first = router((r) => {
      r.get('/users/update', (_req, res) => void res.send('first update'));
      r.get('/users/skip', (_req, _res, next) => {
        heard.push('first skip');
        next('router');
      });
    });
    const second = router((r) => {
      r.get('/payments/user', (_req, res) => void res.send('payments'));
    });
    const third = router((r) => {
      r.get('/users/skip', (_req, res) => void res.send('third skip'));
      r.get('/users/fail', () => {
        throw new Error('broke');
      });
      r.get('/users/:id', (req, res) => void res.send(`user ${req.params.id}`));
    });
    const app = express();
    app.use('/api', bySegment([first, second, third]));
    app.use('/api', (_req, res) => void res.status(404).send('none'));
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its four parameters.
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(error.message));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    close = () => server.close();
  });
  afterAll(() => close());

  const text = async (path: string, method = 'GET') => {
    const res = await fetch(base + path, { method });
    return `${res.status} ${await res.text()}`;
  };

  it('answers from the router that has the route, in mount order', async () => {
    expect(await text('/payments/user')).toBe('200 payments');
    expect(await text('/users/update')).toBe('200 first update');
    expect(await text('/users/42')).toBe('200 user 42');
  });

  it('matches the segment whatever its case, as Express matches routes', async () => {
    expect(await text('/Payments/USER')).toBe('200 payments');
  });

  it("hands a route's error to the error handler, not to the next router", async () => {
    expect(await text('/users/fail')).toBe('500 broke');
  });

  it("goes on to the next router with the segment on next('router')", async () => {
    expect(await text('/users/skip')).toBe('200 third skip');
    expect(heard).toEqual(['first skip']);
  });

  it('hands a path no router has, or a method no route takes, to what follows', async () => {
    expect(await text('/nothing/here')).toBe('404 none');
    expect(await text('/payments/other')).toBe('404 none');
    expect(await text('/payments/user', 'POST')).toBe('404 none');
    expect(await text('')).toBe('404 none');
  });

  it('refuses a router-level middleware and a route under a parameter, which would apply to every segment', () => {
    expect(() => bySegment([router((r) => r.use((_req, _res, next) => next()))])).toThrow(/fixed first segment/);
    expect(() => bySegment([router((r) => r.get('/:anything', (_req, res) => void res.end()))])).toThrow(/fixed first segment/);
  });
});
