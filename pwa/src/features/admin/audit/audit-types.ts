/** A row of GET /api/audit: one status change of a booking, payment or flight. */
export type AuditRow = {
  id: number;
  actorId: string | null;
  /** The actor's name today; null for the system, or when the account is gone. */
  actorName: string | null;
  entity: 'booking' | 'payment' | 'flight';
  entityId: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  createdAt: string;
};

export const AUDIT_ENTITIES = ['booking', 'payment', 'flight'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_PAGE_SIZE = 20;
