import { useState } from 'react';
import type { Account } from '../../../../../sync/schemas/admin-user';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useToast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-error';
import { useChangeAccount, type AccountChange } from './use-accounts';

type Question = { change: AccountChange; title: string; confirm: string; text: string; done: string };

function questions(account: Account): { role: Question; status: Question } {
  const name = account.fullName;
  return {
    role:
      account.role === 'admin'
        ? {
            change: { kind: 'role', value: 'user' },
            title: 'Remove admin?',
            confirm: 'Remove admin',
            text: `${name} keeps the account and its bookings, but no longer opens the back office. SkyWay always keeps one active admin.`,
            done: `${name} is no longer an admin`,
          }
        : {
            change: { kind: 'role', value: 'admin' },
            title: 'Make admin?',
            confirm: 'Make admin',
            text: `${name} will see every booking, payment and conversation, and can change the catalogue, the settings and other accounts.`,
            done: `${name} is now an admin`,
          },
    status:
      account.status === 'active'
        ? {
            change: { kind: 'status', value: 'disabled' },
            title: 'Disable account?',
            confirm: 'Disable account',
            text: `${name} is signed out everywhere at once and cannot sign in until the account is enabled again. Bookings stay as they are.`,
            done: `${name}'s account is disabled`,
          }
        : {
            change: { kind: 'status', value: 'active' },
            title: 'Enable account?',
            confirm: 'Enable account',
            text: `${name} can sign in again.`,
            done: `${name}'s account is enabled`,
          },
  };
}

type AccountActionsProps = { account: Account; self: boolean };

/** Make or remove an admin, disable or enable the account, each after a question; an admin never disables their own account. */
export function AccountActions({ account, self }: AccountActionsProps) {
  const toast = useToast();
  const change = useChangeAccount(account._id);
  const [asking, setAsking] = useState<Question | null>(null);
  const { role, status } = questions(account);

  const confirm = async (question: Question) => {
    try {
      await change.mutateAsync(question.change);
      toast.success(question.done);
      setAsking(null);
    } catch (error) {
      toast.error(messageOf(error));
      setAsking(null);
    }
  };

  return (
    <>
      <div className="account-actions">
        <button type="button" className="button button-secondary" onClick={() => setAsking(role)}>
          {role.confirm}
        </button>
        <button
          type="button"
          className={status.change.value === 'disabled' ? 'button button-danger' : 'button'}
          disabled={self}
          onClick={() => setAsking(status)}
        >
          {status.confirm}
        </button>
      </div>
      {self ? <p className="muted">This is your account: another admin can disable it.</p> : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        confirmLabel={asking?.confirm ?? ''}
        busy={change.isPending}
        onConfirm={() => asking && void confirm(asking)}
        onClose={() => setAsking(null)}
      >
        <p>{asking?.text}</p>
      </ConfirmDialog>
    </>
  );
}
