import { IdSchema } from '../../sync/schemas/common';
import { UserRoleBodySchema } from '../../sync/schemas/admin-user';
import { pokeEffect } from '../outbox/effects';
import { authorize } from '../policies';
import { setAccountRole } from '../services/identity/accounts';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'user.setRole': admins only. */
export function maySetRole(user: UserRow): void {
  authorize('user.setRole', user);
}

/**
 * An admin makes an account admin or a regular user, never leaving SkyWay without an active admin
 * (409 last_admin); audited. The account's sockets reconnect in their new rooms (realtime/sessions.ts)
 * and its devices are poked to pull the new profile.
 */
export const setUserRole = defineMutation({
  name: 'setUserRole',
  args: UserRoleBodySchema.extend({ userId: IdSchema }),
  limits: ['accountChange'],
  locks: ({ userId }) => ({ admins: true, accounts: [userId] }),
  permission: maySetRole,
  async run(tx, deps, admin, { userId, role }) {
    const updated = await setAccountRole(tx, admin, userId, role, deps.now());
    return { result: updated, effects: [pokeEffect([updated.id])] };
  },
});
