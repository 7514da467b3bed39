import type { User } from '../../../../sync/schemas/user';
import { UserMenu } from '../../components/layout/user-menu';
import { SignOutDialog } from './sign-out-dialog';
import { useSignOut } from './use-sign-out';

/** The navbar's avatar menu with its sign-out, which asks first when changes are not yet sent. */
export function AccountMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  return (
    <>
      <UserMenu user={user} onSignOut={() => void signOut.request()} />
      <SignOutDialog signOut={signOut} />
    </>
  );
}
