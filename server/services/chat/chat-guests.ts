import { randomUUID } from 'node:crypto';
import type { GuestLoginBody } from '../../../sync/schemas/chat';
import type { DbAndClock } from '../deps';
import { insertUser } from '../identity/users';
import type { UserRow } from '../../actor';

const GUEST_PREFIX = 'guest:';

/**
 * NOTE: a guest's e-mail is not unique (the same person may start over on another device) and must never
 * collide with an account's, so it is stored as `guest:<id>:<email>`: unique per guest, never a valid
 * address, so no log-in or sign-up can ever match it.
 */
function storedGuestEmail(id: string, email: string): string {
  return `${GUEST_PREFIX}${id}:${email}`;
}

/** The address to write to: a guest's real e-mail, or an account's. */
export function contactEmail(user: Pick<UserRow, 'id' | 'email' | 'role'>): string {
  const prefix = `${GUEST_PREFIX}${user.id}:`;
  return user.role === 'guest' && user.email.startsWith(prefix) ? user.email.slice(prefix.length) : user.email;
}

/**
 * Every guest log-in makes a new guest with a new id, so knowing someone's e-mail never opens their
 * earlier conversations; the device keeps the token to come back to its own.
 */
export async function createGuest(ctx: DbAndClock, body: GuestLoginBody): Promise<UserRow> {
  const id = randomUUID();
  return insertUser(ctx, { id, fullName: body.fullName, email: storedGuestEmail(id, body.email), passwordHash: null }, 'guest');
}
