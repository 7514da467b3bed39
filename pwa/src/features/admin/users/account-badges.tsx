import type { Account } from '../../../../../sync/schemas/admin-user';
import { StatusBadge } from '../../../components/ui/status-badge';

export const RoleBadge = ({ role }: Pick<Account, 'role'>) => (
  <StatusBadge label={role === 'admin' ? 'Admin' : 'Traveller'} tone={role === 'admin' ? 'info' : 'muted'} />
);

export const AccountStatusBadge = ({ status }: Pick<Account, 'status'>) => (
  <StatusBadge label={status === 'active' ? 'Active' : 'Disabled'} tone={status === 'active' ? 'success' : 'danger'} />
);
