import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../local/db';
import { api } from '../../../lib/api';
import { AUDIT_PAGE_SIZE, type AuditEntity, type AuditRow } from './audit-types';

export type AuditFilter = { entity: AuditEntity | null; entityId: string; page: number };

export function useAudit({ entity, entityId, page }: AuditFilter) {
  const query = new URLSearchParams({ page: String(page), limit: String(AUDIT_PAGE_SIZE) });
  if (entity) query.set('entity', entity);
  if (entityId) query.set('entityId', entityId);
  return useQuery({
    queryKey: ['admin-audit', entity, entityId, page],
    queryFn: ({ signal }) => api<AuditRow[]>(`/audit?${query.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Names people know for the ids in the log, from the device (admins sync every booking and payment):
 * booking references, transaction ids, flight numbers. Also turns a typed reference back into its id.
 */
export function useAuditNames() {
  return useLiveQuery(async () => {
    const [bookings, payments, flights] = await Promise.all([db.bookings.toArray(), db.payments.toArray(), db.flights.toArray()]);
    const names = new Map<string, string>();
    for (const b of bookings) {
      names.set(b._id, b.bookingId);
      for (const leg of [b.flightId, b.returnFlightId]) if (leg) names.set(leg._id, leg.flightNumber);
    }
    for (const p of payments) names.set(p._id, p.transactionId);
    for (const f of flights) names.set(f._id, f.flightNumber);
    return names;
  }, []);
}

/** The entity id for what the admin typed: an id as is, or the id behind a reference or transaction id. */
export function resolveEntityId(typed: string, names: ReadonlyMap<string, string> | undefined): string {
  const text = typed.trim();
  if (!text || !names) return text;
  for (const [id, name] of names) if (name.toUpperCase() === text.toUpperCase() && name !== id) return id;
  return text;
}
