import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_ROLES, ACCOUNT_STATUSES } from '../../../../../sync/schemas/admin-user';
import { DataTable } from '../../../components/table/data-table';
import { Pager } from '../../../components/table/pager';
import { pageCount } from '../../../components/table/paging';
import { TableToolbar, counted } from '../../../components/table/table-toolbar';
import { Dropdown } from '../../../components/ui/dropdown';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { messageOf } from '../../../lib/api-error';
import { formatAdminDate } from '../../../lib/format';
import { AccountStatusBadge, RoleBadge } from './account-badges';
import { USERS_PAGE_SIZE, useAccounts, type AccountFilters } from './use-accounts';
import './users.css';

const ROLE_OPTIONS = [
  { value: 'any', label: 'Any role' },
  ...ACCOUNT_ROLES.map((value) => ({ value, label: value === 'admin' ? 'Admins' : 'Travellers' })),
] as const;
const STATUS_OPTIONS = [
  { value: 'any', label: 'Any status' },
  ...ACCOUNT_STATUSES.map((value) => ({ value, label: value === 'active' ? 'Active' : 'Disabled' })),
] as const;
const COLUMNS = ['Name', 'E-mail', 'Role', 'Status', 'Bookings', 'Joined', 'Actions'] as const;

/** Accounts found on the server by a part of the name or e-mail, by role and status; support-chat guests are not accounts. */
export function UsersTable() {
  const [filters, setFilters] = useState<AccountFilters>({ search: '', role: 'any', status: 'any' });
  const [page, setPage] = useState(1);
  const accounts = useAccounts(filters, page);
  const total = accounts.data?.total ?? 0;
  const filter = (changes: Partial<AccountFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };

  return (
    <>
      <TableToolbar
        searchLabel="Search by name or e-mail"
        search={filters.search}
        onSearch={(search) => filter({ search: search.slice(0, 100) })}
        count={accounts.data ? counted(total, 'account') : undefined}
      />
      <fieldset className="users-filters">
        <legend className="visually-hidden">Filter accounts</legend>
        <Dropdown label="Role" options={ROLE_OPTIONS} value={filters.role} onChange={(role) => filter({ role })} />
        <Dropdown label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(status) => filter({ status })} />
      </fieldset>
      <p className="muted users-note">Support-chat guests are not accounts and are not listed here.</p>
      {accounts.isPending ? <PageSpinner label="Loading accounts…" /> : null}
      {accounts.isError ? <p className="form-error">{messageOf(accounts.error)}</p> : null}
      {accounts.data ? (
        <DataTable caption="Accounts" columns={COLUMNS} empty="No accounts found" rowCount={accounts.data.items.length}>
          {accounts.data.items.map((account) => (
            <tr key={account._id}>
              <td className="wrap">{account.fullName}</td>
              <td className="wrap users-email">{account.email}</td>
              <td>
                <RoleBadge role={account.role} />
              </td>
              <td>
                <AccountStatusBadge status={account.status} />
              </td>
              <td>{account.bookings}</td>
              <td>{formatAdminDate(account.createdAt)}</td>
              <td>
                <Link className="button button-secondary button-small" to={`/dashboard/users/${account._id}`} aria-label={`Open ${account.fullName}`}>
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <Pager page={page} pages={pageCount(total, USERS_PAGE_SIZE)} onPage={setPage} label="Account pages" />
    </>
  );
}
