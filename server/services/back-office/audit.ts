import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { toCsv } from '../../../sync/csv';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_EXPORT_MAX,
  AUDIT_SYSTEM_ACTOR,
  type AuditAction,
  type AuditEntity,
  type AuditFilter,
  type AuditRow,
} from '../../../sync/schemas/audit';
import type { Queryable, Tx } from '../../db/client';
import { insertRow } from '../../db/insert-row';
import { auditLog } from '../../db/schema';
import { auditLabels, matching } from '../../db/search';
import { actorName, auditLabel } from './audit-labels';

export type Change = {
  action: AuditAction;
  actorId: string | null;
  entity: AuditEntity;
  entityId: string;
  from: string | null;
  to: string;
  reason?: string | null;
};

/**
 * Every change of a booking, payment, flight, airport, account or the settings: who, when, what, from,
 * to and why. The object's label and the actor's name are written with it (product rules §4.8), so a
 * deleted flight or a renamed account still reads well; a deletion is recorded before the row goes.
 * A caller that has both in hand (it just wrote the object) passes them as `known`.
 */
export async function recordChange(q: Tx, change: Change, at: Date, known?: { actorName: string | null; label: string }): Promise<void> {
  await insertRow(q, auditLog, {
    action: change.action,
    actorId: change.actorId,
    actorName: known ? known.actorName : await actorName(q, change.actorId),
    entity: change.entity,
    entityId: change.entityId,
    label: known ? known.label : await auditLabel(q, change.entity, change.entityId),
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? null,
    createdAt: at.toISOString(),
  });
}

/** 'price $400.00 -> $450.00; city Lagos -> Ikeja': the fields whose values differ, or null when none does. */
export function describeChanges(fields: readonly (readonly [name: string, before: string, after: string])[]): string | null {
  const changed = fields.filter(([, before, after]) => before !== after).map(([name, before, after]) => `${name} ${before} -> ${after}`);
  return changed.length ? changed.join('; ') : null;
}

function where(q: Queryable, filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actor) parts.push(filter.actor === AUDIT_SYSTEM_ACTOR ? isNull(auditLog.actorId) : eq(auditLog.actorId, filter.actor));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.search) parts.push(matching(q, auditLabels, filter.search));
  if (filter.from) parts.push(gte(auditLog.createdAt, new Date(filter.from).toISOString()));
  if (filter.to) parts.push(lt(auditLog.createdAt, new Date(filter.to).toISOString()));
  return parts.length ? and(...parts) : undefined;
}

function toAuditRow(row: typeof auditLog.$inferSelect): AuditRow {
  return { ...row, label: row.label || row.entityId };
}

/** One page of the filtered log, newest first, and how many rows the filter finds in all. */
export async function listAudit(q: Queryable, filter: AuditFilter & { limit: number; offset: number }): Promise<{ items: AuditRow[]; total: number }> {
  const condition = where(q, filter);
  const items = await q.select().from(auditLog).where(condition).orderBy(desc(auditLog.id)).limit(filter.limit).offset(filter.offset);
  const total = await q.$count(auditLog, condition);
  return { items: items.map(toAuditRow), total };
}

const CSV_HEADER = ['When (UTC)', 'Action', 'Object', 'Which', 'From', 'To', 'Details', 'Who', 'Actor id', 'Object id'] as const;

/** The filtered log as CSV, newest first, at most AUDIT_EXPORT_MAX rows; `total` says how many the filter found. */
export async function exportAudit(q: Queryable, filter: AuditFilter): Promise<{ csv: string; rows: number; total: number }> {
  const { items, total } = await listAudit(q, { ...filter, limit: AUDIT_EXPORT_MAX, offset: 0 });
  const rows = items.map((r) => [
    r.createdAt,
    AUDIT_ACTION_LABELS[r.action],
    r.entity,
    r.label,
    r.fromStatus,
    r.toStatus,
    r.reason,
    r.actorId === null ? 'System' : (r.actorName ?? r.actorId),
    r.actorId,
    r.entityId,
  ]);
  return { csv: toCsv(CSV_HEADER, rows), rows: rows.length, total };
}
