import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { immediate, openDatabase } from '../db/client';
import { isNull } from 'drizzle-orm';
import { events } from '../db/schema';
import { pokeEffect, type Effect } from '../outbox/effects';
import { Outbox } from '../outbox/outbox';

describe('outbox claims: two dispatchers on one database', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('send each unclaimed event once between them, and leave the events another one holds alone', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-outbox-claims-'));
    const first = openDatabase(dataDir);
    const second = openDatabase(dataDir);
    const sent: { by: string; userIds: string[] }[] = [];
    const dispatcher = (name: string, db: typeof first.db) =>
      new Outbox({
        db,
        log: pino({ level: 'silent' }),
        now: () => new Date(),
        dispatch: true,
        leaseMs: 60_000,
        deliver: (effect: Effect) => {
          if (effect.type === 'poke') sent.push({ by: name, userIds: effect.userIds });
        },
      });
    const a = dispatcher('a', first.db);
    const b = dispatcher('b', second.db);
    try {
      const stamp = new Date().toISOString();
      await first.db
        .insert(events)
        .values(Array.from({ length: 150 }, (_, i) => ({ effect: JSON.stringify(pokeEffect([`u${i}`])), createdAt: stamp, dueAt: stamp })));
      // Held by a third dispatcher whose lease has not ended: nobody else sends it.
      await first.db.insert(events).values({
        effect: JSON.stringify(pokeEffect(['held'])),
        createdAt: stamp,
        dueAt: stamp,
        claimedBy: 'c',
        claimedUntil: new Date(Date.now() + 60_000).toISOString(),
      });

      while ((await Promise.all([a.drain(), b.drain()])).some((n) => n > 0));
      const ids = sent.flatMap((s) => s.userIds).sort();
      expect(ids).toHaveLength(150);
      expect(new Set(ids).size).toBe(150);
      expect(ids).not.toContain('held');
      expect(new Set(sent.map((s) => s.by))).toEqual(new Set(['a', 'b']));
    } finally {
      first.sqlite.close();
      second.sqlite.close();
    }
  });

  it('idle settles once every send under way has ended and its sent mark is written', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'skyway-outbox-idle-'));
    const { db, sqlite } = openDatabase(dataDir);
    const outbox = new Outbox({
      db,
      log: pino({ level: 'silent' }),
      now: () => new Date(),
      dispatch: true,
      leaseMs: 60_000,
      deliver: () => new Promise<void>((resolve) => setTimeout(resolve, 50)),
    });
    try {
      const pending = await immediate(db, (tx) => outbox.record(tx, [pokeEffect(['u1']), pokeEffect(['u2'])]));
      outbox.dispatch(pending);
      const unsent = () => db.select({ id: events.id }).from(events).where(isNull(events.doneAt));
      expect(await unsent()).toHaveLength(2);
      await outbox.idle();
      expect(await unsent()).toHaveLength(0);
    } finally {
      sqlite.close();
    }
  });
});
