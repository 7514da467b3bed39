import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { immediate, snapshot } from '../db/client';
import { insertReturning, insertRow } from '../db/insert-row';
import { auditLog, settings } from '../db/schema';
import { scratchDatabase } from './fixtures';

describe('an insert prepared once per table and set of columns', () => {
  const { sqlite, db } = scratchDatabase('insert-row');
  const change = (entityId: string) => ({
    action: 'flight.status' as const,
    entity: 'flight' as const,
    entityId,
    toStatus: 'departed',
    createdAt: '2031-01-01T00:00:00.000Z',
  });

  it('stores each row with its own values and answers it as stored, a column left out at its default', async () => {
    const first = await immediate(db, (tx) => insertReturning(tx, auditLog, { ...change('F1'), reason: undefined, actorName: null }));
    const second = await immediate(db, (tx) => insertReturning(tx, auditLog, { ...change('F2'), reason: undefined, actorName: null }));
    expect(second.id).toBe(first.id + 1);
    expect(first).toMatchObject({ entityId: 'F1', label: '', reason: null, actorName: null, toStatus: 'departed' });
    expect(await db.select().from(auditLog).where(eq(auditLog.id, second.id))).toEqual([second]);
  });

  it('encodes a value as the column does (JSON text here), as drizzle does for a literal', async () => {
    await immediate(db, (tx) => insertRow(tx, settings, { id: 7, data: { bank: 'Ecobank', rates: [1, 2] }, updatedAt: '2031-01-01T00:00:00.000Z' }));
    expect(sqlite.prepare('select data from settings where id = 7').pluck().get()).toBe('{"bank":"Ecobank","rates":[1,2]}');
    expect((await db.select().from(settings).where(eq(settings.id, 7)))[0]?.data).toEqual({ bank: 'Ecobank', rates: [1, 2] });
  });

  it('builds the SQL once for the same columns, again for other columns', async () => {
    const compile = vi.spyOn(sqlite, 'prepare');
    try {
      await immediate(db, (tx) => insertRow(tx, auditLog, change('F3')));
      const once = compile.mock.calls.length;
      await immediate(db, (tx) => insertRow(tx, auditLog, change('F4')));
      expect(compile.mock.calls.length).toBe(once);
      await immediate(db, (tx) => insertRow(tx, auditLog, { ...change('F5'), reason: 'schedule' }));
      expect(compile.mock.calls.length).toBe(once + 1);
    } finally {
      compile.mockRestore();
    }
    const rows = await db.select({ entityId: auditLog.entityId, reason: auditLog.reason }).from(auditLog);
    expect(rows.slice(-3)).toEqual([
      { entityId: 'F3', reason: null },
      { entityId: 'F4', reason: null },
      { entityId: 'F5', reason: 'schedule' },
    ]);
  });

  it('asks for a write transaction: the bare database or a snapshot does not type-check', () => {
    const typeChecks = () => {
      // @ts-expect-error a bare database is no transaction: its write would escape the caller's
      void insertRow(db, auditLog, change('F7'));
      // @ts-expect-error a snapshot reads only
      void snapshot(db, (q) => insertRow(q, auditLog, change('F8')));
    };
    expect(typeChecks).toBeTypeOf('function');
  });

  it('refuses a key that is no column of the table', async () => {
    await expect(immediate(db, (tx) => insertRow(tx, auditLog, { ...change('F6'), note: 'x' } as never))).rejects.toThrow('audit_log has no column note');
  });
});
