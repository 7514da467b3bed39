import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Flight } from '../../sync/schemas/flight';
import { freePort } from '../../scripts/free-port';
import { databaseFile } from '../db/client';
import { paymentBody } from './booking-fixtures';
import { crash, startChild, type ChildServer } from './child-server';
import { client, login, TRAVELLER } from './harness';
import { startInbox, type Inbox } from './smtp-inbox';

type Created = { booking: { bookingId: string } };
type EventRow = { effect: string; done_at: string | null; attempts: number };

function readOnly<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * The real server as a child process, its dispatch paused so the kill falls between the commit of a
 * change and the sending of its effects; restarted on the same DATA_DIR, the effect goes out once.
 */
describe('outbox: an effect survives a SIGKILL between commit and dispatch', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-outbox-'));
  let child: ChildServer | undefined;
  let smtp: Inbox | undefined;
  afterAll(async () => {
    if (child) await crash(child);
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the operator mail of a booking acknowledged before the kill is sent exactly once after the restart', async () => {
    const port = await freePort();
    // A mail with no SMTP URL is stored in its change's own transaction: this one is to be sent, after the commit.
    const inbox = await startInbox();
    smtp = inbox;
    // The dead process's claim lasts its lease; a short one keeps the test short.
    const env = { SMTP_URL: inbox.url, OUTBOX_LEASE_MS: '500' };
    child = await startChild(dataDir, port, { env: { ...env, OUTBOX_DISPATCH: 'paused' } });
    const traveller = client(child.url, await login(child.url, TRAVELLER.email, TRAVELLER.password));
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const flight = (await traveller.get<Flight[]>(`/api/flights?origin=LOS&destination=LHR&departureTime=${date}`)).body[0];
    if (!flight) throw new Error('no flight');
    const res = await traveller.post<Created>('/api/payments', paymentBody(flight, ['F4']));
    expect(res.status).toBe(201);
    const subject = `Payment requested: booking ${res.body.booking.bookingId}`;
    const mailEvents = () =>
      readOnly(dataDir, (db) => db.prepare("select effect, done_at, attempts from events where effect like '%' || ? || '%'").all(subject) as EventRow[]);
    const mailed = () => readOnly(dataDir, (db) => db.prepare('select count(*) as n from mail_outbox where subject = ?').get(subject));
    expect(mailEvents()).toMatchObject([{ done_at: null }]);
    expect(mailed()).toEqual({ n: 0 });

    await crash(child);
    child = await startChild(dataDir, port, { env });
    await expect.poll(() => mailEvents()[0]?.done_at ?? null, { timeout: 15_000 }).not.toBeNull();
    // Two more sweeps: nothing sends it again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mailed()).toEqual({ n: 1 });
    expect(inbox.received.filter((mail) => mail.headers.get('subject') === subject)).toHaveLength(1);
    expect(mailEvents()).toMatchObject([{ attempts: 2 }]);
  }, 180_000);
});
