import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client';
import { hearUserWrites, KEPT_USERS, keepUser, keptUser, userMark, writingUser } from '../db/user-writes';
import { fakeListen } from './pg-listeners';

/** A pool as user-writes.ts sees it: any object it can key its state by. */
const newPool = () => ({}) as Queryable;

async function listeningPool() {
  const pool = newPool();
  const heard = fakeListen();
  await hearUserWrites(pool, heard.listen);
  heard.setListening(true);
  return { pool, ...heard };
}

/** Reads account `id` as callerById does: kept if no write was heard meanwhile. */
function read(pool: Queryable, id: string, row: object = { id }, meanwhile = () => undefined as unknown): void {
  const mark = userMark(pool);
  meanwhile();
  if (mark !== undefined) keepUser(pool, mark, id, row);
}

describe("the callers' rows a PostgreSQL pool keeps (db/user-writes.ts)", () => {
  it('keeps nothing and answers nothing until it listens, and drops everything when it stops', async () => {
    const pool = newPool();
    const { listen, setListening } = fakeListen();
    await hearUserWrites(pool, listen);
    read(pool, 'a');
    expect(keptUser(pool, 'a')).toBeUndefined();
    setListening(true);
    read(pool, 'a');
    expect(keptUser(pool, 'a')).toEqual({ id: 'a' });
    setListening(false);
    expect(keptUser(pool, 'a')).toBeUndefined();
    setListening(true);
    expect(keptUser(pool, 'a')).toBeUndefined();
  });

  it('drops the row a write names, every row for an empty payload, and keeps no row read while a write was heard', async () => {
    const { pool, notify } = await listeningPool();
    for (const id of ['a', 'b', 'c']) read(pool, id);
    notify('users_written', 'a');
    notify('user_session_changed', 'b');
    expect([keptUser(pool, 'a'), keptUser(pool, 'b'), keptUser(pool, 'c')]).toEqual([undefined, undefined, { id: 'c' }]);
    notify('users_written', '');
    expect(keptUser(pool, 'c')).toBeUndefined();
    read(pool, 'd', { id: 'd' }, () => notify('users_written', 'someone else'));
    expect(keptUser(pool, 'd')).toBeUndefined();
  });

  it('answers a copy of the row it keeps, so a request that changes its copy changes no other', async () => {
    const { pool } = await listeningPool();
    read(pool, 'a', { id: 'a', fullName: 'Ada' });
    const first = keptUser<{ fullName: string }>(pool, 'a');
    if (first) first.fullName = 'Changed';
    expect(keptUser(pool, 'a')).toEqual({ id: 'a', fullName: 'Ada' });
  });

  it('drops the row its own write transaction writes, at once', async () => {
    const { pool } = await listeningPool();
    read(pool, 'a');
    writingUser(pool, 'a');
    expect(keptUser(pool, 'a')).toBeUndefined();
  });

  it(`keeps ${KEPT_USERS} rows at most, the least recently used going first`, async () => {
    const { pool } = await listeningPool();
    for (let i = 0; i < KEPT_USERS; i++) read(pool, `u${i}`);
    expect(keptUser(pool, 'u0')).toEqual({ id: 'u0' });
    read(pool, 'one more');
    expect(keptUser(pool, 'u0')).toEqual({ id: 'u0' });
    expect(keptUser(pool, 'u1')).toBeUndefined();
    expect(keptUser(pool, 'one more')).toEqual({ id: 'one more' });
  });
});
