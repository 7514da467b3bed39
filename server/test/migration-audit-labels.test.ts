import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseBefore } from './migration-fixtures';

describe('migration 0006: the audit rows written before it read well', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names each old row its action, the object by reference, flight number and names, and the actor; accounts start enabled', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-migrate-'));
    const old = databaseBefore(dataDir, '0005_events');
    const at = '2026-01-01T10:00:00.000Z';
    old.exec(`
      insert into users (id, full_name, email, role, created_at, updated_at) values
        ('admin', 'Ops Admin', 'ops@example.com', 'admin', '${at}', '${at}'),
        ('ada', 'Ada Obi', 'ada@example.com', 'user', '${at}', '${at}');
      insert into airports (id, name, code, city, country, time_zone, created_at, updated_at) values
        ('los', 'Murtala Muhammed', 'LOS', 'Lagos', 'Nigeria', 'Africa/Lagos', '${at}', '${at}'),
        ('lhr', 'Heathrow', 'LHR', 'London', 'United Kingdom', 'Europe/London', '${at}', '${at}');
      insert into flights (id, flight_number, origin_id, destination_id, departure_time, arrival_time, departure_local_date, price_cents, created_at, updated_at)
        values ('f1', 'SW1234', 'los', 'lhr', '2026-02-01T09:00:00.000Z', '2026-02-01T15:00:00.000Z', '2026-02-01', 40000, '${at}', '${at}');
      insert into bookings (id, reference, user_id, flight_id, travel_class, email, phone, total_cents, created_at, updated_at)
        values ('b1', 'K7QX2P', 'ada', 'f1', 'Economy', 'ada@example.com', '+234', 40000, '${at}', '${at}');
      insert into payments (id, transaction_id, access_key, booking_id, user_id, amount_cents, method, deadline_at, created_at, updated_at)
        values ('p1', 'TXN-1', 'key-1', 'b1', 'ada', 40000, 'bank_transfer', '${at}', '${at}', '${at}');
      insert into audit_log (actor_id, entity, entity_id, from_status, to_status, reason, created_at) values
        ('ada', 'booking', 'b1', null, 'pending', 'booked', '${at}'),
        ('ada', 'payment', 'p1', null, 'pending', 'bank_transfer', '${at}'),
        ('ada', 'payment', 'p1', 'pending', 'pending', 'method bank_transfer -> crypto', '${at}'),
        ('admin', 'payment', 'p1', 'pending', 'failed', 'Unreadable', '2026-01-01T11:00:00.000Z'),
        ('ada', 'payment', 'p1', 'failed', 'pending', 'new receipt', '2026-01-01T12:00:00.000Z'),
        ('admin', 'payment', 'p1', 'pending', 'successful', null, '2026-01-01T13:00:00.000Z'),
        ('admin', 'booking', 'b1', 'pending', 'confirmed', 'payment confirmed', '2026-01-01T13:00:00.000Z'),
        ('ada', 'booking', 'b1', 'confirmed', 'cancelled', 'cancelled by the traveller', '2026-01-01T14:00:00.000Z'),
        ('ada', 'payment', 'p1', 'pending', 'failed', 'cancelled by the traveller', '2026-01-01T14:00:00.000Z'),
        ('admin', 'booking', 'b1', 'refund_due', 'refund_paid', '$360.00 by Cash App', '2026-01-01T15:00:00.000Z'),
        ('admin', 'flight', 'f1', 'scheduled', 'delayed', null, '2026-01-01T16:00:00.000Z'),
        ('admin', 'flight', 'gone', 'scheduled', 'cancelled', null, '2026-01-01T16:00:00.000Z'),
        (null, 'booking', 'b1', 'pending', 'completed', 'last flight departed', '2026-01-01T17:00:00.000Z');
    `);
    old.close();

    const { sqlite } = openDatabase(dataDir);
    try {
      const rows = sqlite.prepare('select action, label, actor_name as actorName from audit_log order by id').all();
      const booking = 'K7QX2P · Ada Obi';
      const payment = 'K7QX2P · TXN-1 · Ada Obi';
      expect(rows).toEqual([
        { action: 'booking.created', label: booking, actorName: 'Ada Obi' },
        { action: 'payment.created', label: payment, actorName: 'Ada Obi' },
        { action: 'payment.method', label: payment, actorName: 'Ada Obi' },
        { action: 'payment.rejected', label: payment, actorName: 'Ops Admin' },
        { action: 'payment.claimed', label: payment, actorName: 'Ada Obi' },
        { action: 'payment.approved', label: payment, actorName: 'Ops Admin' },
        { action: 'booking.confirmed', label: booking, actorName: 'Ops Admin' },
        { action: 'booking.cancelled', label: booking, actorName: 'Ada Obi' },
        { action: 'payment.failed', label: payment, actorName: 'Ada Obi' },
        { action: 'refund.paid', label: booking, actorName: 'Ops Admin' },
        { action: 'flight.status', label: 'SW1234 LOS-LHR 2026-02-01', actorName: 'Ops Admin' },
        // A flight deleted before labels were kept reads as its id (the list shows the id when the label is empty).
        { action: 'flight.status', label: '', actorName: 'Ops Admin' },
        { action: 'booking.completed', label: booking, actorName: null },
      ]);
      expect(sqlite.prepare('select count(*) as n from users where disabled_at is not null').get()).toEqual({ n: 0 });
    } finally {
      sqlite.close();
    }
  });
});
