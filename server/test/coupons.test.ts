import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectError, expectInvalid } from './fixtures';
import { client, startTestServer, type TestServer } from './harness';

describe('coupon codes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("answers 404 'Invalid coupon code' for any code while no coupons exist", async () => {
    const api = client(server.url);
    expectError(await api.post('/api/coupons/validate', { code: 'SAVE10' }), 404, 'Invalid coupon code');
    expectError(await api.post('/api/coupons/validate', { code: '  welcome  ' }), 404, 'Invalid coupon code');
  });

  it('asks for a code when none is given', async () => {
    const api = client(server.url);
    expectInvalid(await api.post('/api/coupons/validate', { code: '' }), 'Enter a coupon code');
    expectInvalid(await api.post('/api/coupons/validate', {}), 'Enter a coupon code');
    expectInvalid(await api.post('/api/coupons/validate', { code: 'x'.repeat(41) }), 'Invalid coupon code');
  });
});
