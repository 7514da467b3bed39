import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type TestServer } from './harness';

describe('server smoke', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
  });
  afterAll(() => server.stop());

  it('answers health and the seeded catalogue', async () => {
    const api = client(server.url);
    expect((await api.get('/api/health')).body).toEqual({ status: 'ok' });
    const airports = await api.get<unknown[]>('/api/airports');
    expect(airports.body.length).toBeGreaterThanOrEqual(60);
  });
});
