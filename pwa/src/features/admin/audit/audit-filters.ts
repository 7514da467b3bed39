import dayjs from 'dayjs';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '../../../../../sync/schemas/audit';

export const ANY = 'any';
export const AUDIT_PAGE_SIZE = 20;

/**
 * The audit page's filters, kept in the address (so a user's page links to their history): who, what,
 * the admin's local days from and to (inclusive), and a part of the label.
 */
export type AuditFilters = {
  actor: string;
  action: AuditAction | typeof ANY;
  entity: AuditEntity | typeof ANY;
  entityId: string;
  from: string;
  to: string;
  search: string;
};

const isAction = (value: string | null): value is AuditAction => AUDIT_ACTIONS.some((a) => a === value);
const isEntity = (value: string | null): value is AuditEntity => AUDIT_ENTITIES.some((e) => e === value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters an address names; anything it names wrongly is left open. */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const entity = params.get('entity');
  const from = params.get('from');
  const to = params.get('to');
  return {
    actor: params.get('actor') ?? ANY,
    action: isAction(action) ? action : ANY,
    entity: isEntity(entity) ? entity : ANY,
    entityId: params.get('entityId') ?? '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    search: params.get('search') ?? '',
  };
}

/** The address of these filters: only what is set. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actor !== ANY) params.set('actor', filters.actor);
  if (filters.action !== ANY) params.set('action', filters.action);
  if (filters.entity !== ANY) params.set('entity', filters.entity);
  if (filters.entityId) params.set('entityId', filters.entityId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search.trim()) params.set('search', filters.search);
  return params;
}

/**
 * GET /audit's filter query: the admin's local days become instants (from the start of `from` to the
 * start of the day after `to`), so 'today' means the admin's today.
 */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = filtersToParams({ ...filters, from: '', to: '', search: filters.search.trim() });
  if (filters.from) query.set('from', dayjs(filters.from).startOf('day').toISOString());
  if (filters.to) query.set('to', dayjs(filters.to).add(1, 'day').startOf('day').toISOString());
  return query;
}
