import { MutationArgsSchemas } from '../../sync/protocol';
import { unauthorized } from '../errors';
import { pokeEffect } from '../outbox/effects';
import { updateProfile as saveProfile, type UserRow } from '../services/users';
import { defineMutation } from './mutation';

/** Signed-in users change their own profile; guests have none. */
export function mayUpdateProfile(user: UserRow): void {
  if (user.role === 'guest') throw unauthorized();
}

/** Name, phone and the other profile fields; never the e-mail (that needs the current password, online). */
export const updateProfile = defineMutation({
  name: 'updateProfile',
  args: MutationArgsSchemas.updateProfile,
  permission: mayUpdateProfile,
  run(tx, ctx, user, args) {
    const updated = saveProfile(tx, user, args, ctx.now());
    return { result: updated, effects: [pokeEffect([updated.id])] };
  },
});
