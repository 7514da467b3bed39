import pg from 'pg';

/** A message a pooled connection sent to PostgreSQL: one round trip. */
export type Sent = { client: pg.Client; text: string };

/** The messages every connection sends while `work` runs, read off `pg.Client.prototype.query`. */
export async function messagesDuring(work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const query = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  Reflect.set(pg.Client.prototype, 'query', function (this: pg.Client, ...args: unknown[]): unknown {
    const config = args[0];
    sent.push({ client: this, text: typeof config === 'string' ? config : String((config as { text?: string }).text) });
    return Reflect.apply(query, this, args);
  });
  try {
    await work();
  } finally {
    Reflect.set(pg.Client.prototype, 'query', query);
  }
  return sent;
}
