import { Link } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOf } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { formatAdminDate } from '../../../lib/format';
import { AccountActions } from './account-actions';
import { AccountStatusBadge, RoleBadge } from './account-badges';
import { AccountBookings } from './account-bookings';
import { useAccount } from './use-accounts';
import './users.css';

/** One account: who it is, its role and status with the actions that change them, its bookings and its history. */
export function AccountView({ id }: { id: string }) {
  const { user } = useAuth();
  const detail = useAccount(id);
  if (detail.isPending) return <PageSpinner label="Loading the account…" />;
  if (detail.isError) {
    return (
      <section className="page">
        <h1>Account</h1>
        <p className="form-error">{messageOf(detail.error)}</p>
        <Link to="/dashboard/users">Back to Users</Link>
      </section>
    );
  }
  const { user: account, bookings } = detail.data;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{account.fullName}</h1>
      </div>
      <div className="card">
        <dl className="detail-list account-facts">
          <dt>E-mail</dt>
          <dd>
            {account.email} {account.emailVerified ? '' : '(not confirmed)'}
          </dd>
          <dt>Role</dt>
          <dd>
            <RoleBadge role={account.role} />
          </dd>
          <dt>Status</dt>
          <dd>
            <AccountStatusBadge status={account.status} />
            {account.disabledAt ? ` since ${formatAdminDate(account.disabledAt)}` : ''}
          </dd>
          <dt>Joined</dt>
          <dd>{formatAdminDate(account.createdAt)}</dd>
        </dl>
        <AccountActions account={account} self={account._id === user?._id} />
        <p className="account-links">
          <Link to={`/dashboard/audit?actor=${account._id}`}>What {account.fullName} did</Link>
          <Link to={`/dashboard/audit?entity=user&entityId=${account._id}`}>Changes to this account</Link>
        </p>
      </div>
      <h2 className="account-bookings-title">Bookings ({account.bookings})</h2>
      <AccountBookings bookings={bookings} />
      <p className="account-back">
        <Link to="/dashboard/users">Back to Users</Link>
      </p>
    </section>
  );
}
