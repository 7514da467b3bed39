import { MutationArgsSchemas } from '../../sync/protocol';
import { authorize } from '../policies';
import { pokeEffect } from '../outbox/effects';
import type { UserRow } from '../actor';
import { updateProfile as saveProfile } from '../services/identity/users';
import { defineMutation } from './mutation';

/** 'profile.update': signed-in accounts change their own profile; guests have none. */
export function mayUpdateProfile(user: UserRow): void {
  authorize('profile.update', user);
}

/** Name, phone and the other profile fields; never the e-mail (that needs the current password, online). */
export const updateProfile = defineMutation({
  name: 'updateProfile',
  args: MutationArgsSchemas.updateProfile,
  locks: (_args, user) => ({ accounts: [user.id] }),
  permission: mayUpdateProfile,
  async run(tx, deps, user, args) {
    const updated = await saveProfile(tx, user, args, deps.now());
    return { result: updated, effects: [pokeEffect([updated.id])] };
  },
});
