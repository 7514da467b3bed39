import { UserStatusBodySchema } from '../../sync/schemas/admin-user';
import { IdSchema } from '../../sync/schemas/common';
import { authorize } from '../policies';
import { setAccountStatus } from '../services/identity/accounts';
import type { UserRow } from '../actor';
import { defineMutation } from './mutation';

/** 'user.setStatus': admins, on an account other than their own. */
export function maySetStatus(user: UserRow, args: { userId: string }): void {
  authorize('user.manage', user);
  authorize('user.setStatus', user, { name: 'User', ownerId: args.userId });
}

/**
 * An admin disables an account (it cannot sign in, every session of it ends at once: requests, sync
 * pushes and sockets) or enables it again; never the last active admin (409 last_admin); audited.
 */
export const setUserStatus = defineMutation({
  name: 'setUserStatus',
  args: UserStatusBodySchema.extend({ userId: IdSchema }),
  limits: ['accountChange'],
  locks: ({ userId }) => ({ admins: true, accounts: [userId] }),
  permission: maySetStatus,
  async run(tx, deps, admin, { userId, status }) {
    return { result: await setAccountStatus(tx, admin, userId, status, deps.now()), effects: [] };
  },
});
