import { describe, expect, it } from 'vitest';
import type { UserRow } from '../actor';
import { messagesQuery } from '../services/sync/sync-own';
import { scratchDatabase } from './fixtures';

/**
 * A conversation may hold years of messages; a pull sends only its recent ones. Reading every message of
 * it to find them would cost each fresh device, and each of an admin's pulls, more as the chat grows.
 */
describe("the pull's message pages", () => {
  const { sqlite, db } = scratchDatabase('sync-plans');
  const plan = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  };
  const page = (role: UserRow['role'], keepSince: string | null) =>
    plan(messagesQuery(db, { user: { id: 'u1', role } as UserRow, since: 0, nowIso: '2031-01-01T00:00:00.000Z', keepSince }, '', 500));

  it("read a traveller's and a guest's recent messages alone, from their conversations' index", () => {
    for (const role of ['user', 'guest'] as const)
      expect(page(role, null)).toContain('SEARCH messages USING INDEX messages_conversation (conversation_id=? AND created_at>?)');
  });

  it("find where each conversation's recent messages start through the index, for an admin too", () => {
    const steps = page('admin', '2030-12-25T00:00:00.000Z');
    expect(steps).toContain('SEARCH recent USING COVERING INDEX messages_conversation (conversation_id=?)');
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });
});
