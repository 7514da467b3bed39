import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common';

/** What an audit row is about; its `label` names it as people know it (a reference, a flight number, a name). */
export const AUDIT_ENTITIES = ['booking', 'payment', 'flight', 'airport', 'user', 'settings'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Every kind of change the audit records. */
export const AUDIT_ACTIONS = [
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.completed',
  'refund.paid',
  'payment.created',
  'payment.claimed',
  'payment.approved',
  'payment.rejected',
  'payment.failed',
  'payment.method',
  'flight.created',
  'flight.updated',
  'flight.status',
  'flight.deleted',
  'airport.created',
  'airport.updated',
  'airport.deleted',
  'user.role',
  'user.disabled',
  'user.enabled',
  'settings.updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The words a reviewer reads for each action (the filter's options, the CSV's column). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'booking.created': 'Booking made',
  'booking.confirmed': 'Booking confirmed',
  'booking.cancelled': 'Booking cancelled',
  'booking.completed': 'Booking completed',
  'refund.paid': 'Refund paid',
  'payment.created': 'Payment opened',
  'payment.claimed': 'Payment claimed',
  'payment.approved': 'Payment approved',
  'payment.rejected': 'Payment rejected',
  'payment.failed': 'Payment failed',
  'payment.method': 'Payment method changed',
  'flight.created': 'Flight created',
  'flight.updated': 'Flight updated',
  'flight.status': 'Flight status changed',
  'flight.deleted': 'Flight deleted',
  'airport.created': 'Airport created',
  'airport.updated': 'Airport updated',
  'airport.deleted': 'Airport deleted',
  'user.role': 'Role changed',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account enabled',
  'settings.updated': 'Settings changed',
};

/** The most rows one CSV export carries (the newest of the filtered set). */
export const AUDIT_EXPORT_MAX = 5_000;

/** Whose changes: a user id, or 'system' for the server's own (expiries, departures). */
export const AUDIT_SYSTEM_ACTOR = 'system';

/**
 * GET /audit and GET /audit/export: the filters, all optional, combined with 'and'. `from` is inclusive and
 * `to` exclusive, as instants (the browser turns the admin's local days into them).
 */
export const AuditFilterSchema = z
  .object({
    actor: IdSchema.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: IdSchema.optional(),
    /** Part of the label: a booking reference, a flight number, a name or an e-mail. */
    search: z.string().trim().max(100).optional(),
    from: IsoDateTimeSchema.optional(),
    to: IsoDateTimeSchema.optional(),
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) < new Date(f.to), { message: 'The start must be before the end', path: ['to'] });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditQuerySchema = AuditFilterSchema.and(
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One row of GET /audit (newest first; the total is in X-Total-Count). */
export const AuditRowSchema = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  actorId: z.string().nullable(),
  /** The actor's name when the change was made; null for the system. */
  actorName: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** What the change was about, as it read then: 'K7QX2P · Ada Obi', 'SW1234 LOS-LHR 2031-03-01'. */
  label: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
