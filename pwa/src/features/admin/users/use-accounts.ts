import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountDetail, AccountRole, AccountStatus } from '../../../../../sync/schemas/admin-user';
import { api } from '../../../lib/api';
import { apiPage } from '../../../lib/api-page';

const KEY = 'admin-users';
export const USERS_PAGE_SIZE = 20;

export type AccountFilters = { search: string; role: AccountRole | 'any'; status: AccountStatus | 'any' };

/** GET /admin/users's query for one page of the search. */
export function accountsQuery(filters: AccountFilters, page: number): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.role !== 'any') query.set('role', filters.role);
  if (filters.status !== 'any') query.set('status', filters.status);
  return query;
}

/** One page of accounts whose name or e-mail contains the search, found on the server. */
export function useAccounts(filters: AccountFilters, page: number) {
  const query = accountsQuery(filters, page);
  return useQuery({
    queryKey: [KEY, 'search', query.toString()],
    queryFn: ({ signal }) => apiPage<Account>(`/admin/users?${query.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** One account and its bookings. */
export function useAccount(id: string) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    queryFn: ({ signal }) => api<AccountDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
  });
}

export type AccountChange = { kind: 'role'; value: AccountRole } | { kind: 'status'; value: AccountStatus };

/** Changes an account's role or status; every list and page of accounts (and the audit) is fetched again. */
export function useChangeAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccountChange) =>
      api<Account>(`/admin/users/${encodeURIComponent(id)}/${change.kind}`, {
        method: 'PUT',
        body: change.kind === 'role' ? { role: change.value } : { status: change.value },
      }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [KEY] }), queryClient.invalidateQueries({ queryKey: ['admin-audit'] })]),
  });
}
