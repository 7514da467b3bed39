import { and, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditEntity = (typeof auditLog.$inferSelect)['entity'];

export type StatusChange = {
  actorId: string | null;
  entity: AuditEntity;
  entityId: string;
  from: string | null;
  to: string;
  reason?: string | null;
};

/** Every status change of a booking, payment or flight: who, when, from, to, why. */
export function recordChange(q: Queryable, change: StatusChange, at: Date): void {
  q.insert(auditLog)
    .values({
      actorId: change.actorId,
      entity: change.entity,
      entityId: change.entityId,
      fromStatus: change.from,
      toStatus: change.to,
      reason: change.reason ?? null,
      createdAt: at.toISOString(),
    })
    .run();
}

export function listAudit(q: Queryable, filter: { entity?: AuditEntity; entityId?: string; limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (filter.entity) parts.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  return q
    .select({ ...getTableColumns(auditLog), actorName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
}
