/**
 * The answer of GET /api/admin/overview (server/services/back-office/overview.ts).
 * NOTE: mirrored here as pwa/ may not import server/; it belongs in sync/schemas once that is opened up.
 */
/** `revenue` leaves out what has since been refunded; `refunds` is what was paid back that day. */
export type OverviewDay = { date: string; bookings: number; revenue: number; refunds: number };
export type Overview = {
  timeZone: string;
  today: OverviewDay & { pendingReviews: number; seatsSold: number };
  days: OverviewDay[];
  server: ServerHealth;
};

/** GET /api/health, also part of the overview (server/ops/machine.ts). */
export type ServerHealth = {
  status: 'ok' | 'degraded';
  engine: 'sqlite' | 'postgres';
  database: 'ok' | 'locked' | 'full' | 'unreachable';
  disk: { freeBytes: number | null; watermarkBytes: number | null; uploadsRefused: boolean };
  log: { droppedLines: number };
};
