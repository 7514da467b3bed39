import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../../sync/schemas/admin-user';
import type { AuditRow } from '../../../../../sync/schemas/audit';
import { downloadCsv } from '../../../components/table/csv';
import { answerError, ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { api } from '../../../lib/api';
import { apiPage } from '../../../lib/api-page';
import { readAuthToken } from '../../../lib/auth-token';
import { AUDIT_PAGE_SIZE, auditQuery, type AuditFilters } from './audit-filters';

/** One page of the filtered audit, newest first, with the total the filters find. */
export function useAuditPage(filters: AuditFilters, page: number) {
  const query = auditQuery(filters);
  query.set('page', String(page));
  query.set('limit', String(AUDIT_PAGE_SIZE));
  return useQuery({
    queryKey: ['admin-audit', query.toString()],
    queryFn: ({ signal }) => apiPage<AuditRow>(`/audit?${query.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** The admins, for the 'Who' filter (every admin fits one page). */
export function useAdmins() {
  return useQuery({
    queryKey: ['admin-users', 'admins'],
    queryFn: ({ signal }) => api<Account[]>('/admin/users?role=admin&limit=100', { signal }),
    staleTime: 60_000,
  });
}

/** The account a filter names when it is no admin (a traveller's history, linked from their page). */
export function useActorName(actorId: string | null) {
  return useQuery({
    queryKey: ['admin-users', 'one', actorId],
    queryFn: ({ signal }) => api<{ user: Account }>(`/admin/users/${encodeURIComponent(actorId ?? '')}`, { signal }),
    enabled: actorId !== null,
    select: (detail) => detail.user.fullName,
    staleTime: 60_000,
  });
}

/**
 * Saves the filtered audit as the server writes it (the newest rows up to its bound); answers how many
 * rows the filters found and how many the file holds.
 */
export async function exportAudit(filters: AuditFilters): Promise<{ total: number; rows: number }> {
  const token = readAuthToken();
  const headers = new Headers({ Accept: 'text/csv' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api/audit/export?${auditQuery(filters).toString()}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) throw answerError(response.status, await response.json().catch(() => undefined));
  const csv = await response.text();
  downloadCsv(`skyway-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  return { total: Number(response.headers.get('X-Total-Count') ?? 0), rows: Number(response.headers.get('X-Row-Count') ?? 0) };
}
