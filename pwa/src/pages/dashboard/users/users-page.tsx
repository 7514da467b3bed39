import { UsersTable } from '../../../features/admin/users/users-table';

export function UsersPage() {
  return (
    <section className="page">
      <div className="page-head">
        <h1>Users</h1>
      </div>
      <UsersTable />
    </section>
  );
}
