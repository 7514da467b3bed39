import { useEffect, useRef } from 'react';
import { Modal } from '../../components/ui/modal';
import { pendingWarning } from '../../local/pending-warning';
import type { useSignOut } from './use-sign-out';

/**
 * Signing out with changes not yet sent: names them and keeps them by default. Kept changes wait on this
 * device, unseen by anyone else who signs in here, and are sent when their author signs in again.
 */
export function SignOutDialog({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  const { pending, busy } = signOut;
  const keepRef = useRef<HTMLButtonElement>(null);
  const open = pending !== null;
  // Keeping is the default: it has the focus once the dialog is up (the modal's own effect runs first).
  useEffect(() => {
    if (open) keepRef.current?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title="Sign out?"
      onClose={signOut.cancel}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={signOut.cancel}>
            Stay signed in
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void signOut.discard()}>
            Discard
          </button>
          <button ref={keepRef} type="button" className="button" disabled={busy} onClick={() => void signOut.keep()}>
            {busy ? 'Signing out…' : 'Keep for next sign-in'}
          </button>
        </>
      }
    >
      <p>{pendingWarning(pending?.count ?? 0)}</p>
      <ul>
        {pending?.names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p>They stay on this device and are sent when you sign in again; no one else who signs in here sees or sends them. Discard deletes them.</p>
    </Modal>
  );
}
