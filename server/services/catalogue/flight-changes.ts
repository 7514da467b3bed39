import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import { flightChanges } from '../../db/schema';

type Times = { departureTime: string; arrivalTime: string };

/** Keeps the times a flight had before an edit moved them, so bookings made on them can show both (product rules §6.8). */
export async function recordTimesChange(tx: Tx, flightId: string, before: Times, after: Times, nowIso: string): Promise<void> {
  if (before.departureTime === after.departureTime && before.arrivalTime === after.arrivalTime) return;
  await tx
    .insert(flightChanges)
    .values({ id: randomUUID(), flightId, departureTime: before.departureTime, arrivalTime: before.arrivalTime, changedAt: nowIso });
}
