import { describe, expect, it } from 'vitest';
import { PaymentQueueQuerySchema } from '../../../../sync/schemas/admin-lists';
import { queryOf } from './use-url-query';

describe('a list query in the address', () => {
  const defaults = PaymentQueueQuerySchema.parse({});

  it('writes only what differs from the defaults, a flag as 1, and reads back the same values', () => {
    const values = { ...defaults, q: 'Ngozi Ade', status: 'awaiting' as const, receipt: true, from: '2031-01-01', page: 2 };
    const query = queryOf(values, defaults);
    expect(query.toString()).toBe('q=Ngozi+Ade&status=awaiting&receipt=1&from=2031-01-01&page=2');
    expect(PaymentQueueQuerySchema.parse(Object.fromEntries(query))).toEqual(values);
    expect(queryOf(defaults, defaults).toString()).toBe('');
  });
});
