import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../sync/money';
import { localDate, zonedToUtc } from '../../../sync/time';
import type { DatabaseHandle } from '../../db/open';
import type { Machine } from '../../ops/machine';
import type { DbAndClock } from '../deps';
import { bookings, payments, seatAllocations } from '../../db/schema';
import type { Health } from '../../ops/machine';

dayjs.extend(utc);

export const OVERVIEW_DAYS = 30;

/** `revenue` is what the day's confirmed payments brought less what has since been refunded of them; `refunds` is what was paid back that day. */
export type OverviewDay = { date: string; bookings: number; revenue: number; refunds: number };
export type Overview = {
  timeZone: string;
  today: OverviewDay & { pendingReviews: number; seatsSold: number };
  days: OverviewDay[];
  /** The machine's state, as /api/health tells it. */
  server: Health;
};

/** The last `count` calendar dates up to `today` (YYYY-MM-DD), oldest first. */
function lastDates(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    dayjs
      .utc(today)
      .subtract(count - 1 - i, 'day')
      .format('YYYY-MM-DD'),
  );
}

/**
 * The admin's figures, by calendar day in `timeZone`: bookings made, revenue from payments confirmed
 * that day (refunded money excluded), refunds paid that day, seats those payments sold, and payments
 * waiting for a decision.
 */
export async function overview(ctx: DbAndClock & { machine: Machine; database: Pick<DatabaseHandle, 'engine'> }, timeZone: string): Promise<Overview> {
  const today = localDate(ctx.now().toISOString(), timeZone);
  const dates = lastDates(today, OVERVIEW_DAYS);
  const since = zonedToUtc(`${dates[0] ?? today}T00:00`, timeZone);
  const days = new Map(dates.map((date) => [date, { date, bookings: 0, revenueCents: 0, refundsCents: 0 }]));

  const made = await ctx.db.select({ createdAt: bookings.createdAt }).from(bookings).where(gte(bookings.createdAt, since));
  for (const row of made) {
    const day = days.get(localDate(row.createdAt, timeZone));
    if (day) day.bookings += 1;
  }

  const paid = await ctx.db
    .select({
      decidedAt: payments.decidedAt,
      amountCents: payments.amountCents,
      bookingId: payments.bookingId,
      refundedCents: sql<number>`coalesce(case when ${bookings.refundPaidAt} is not null then ${bookings.refundDueCents} end, 0)`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.status, 'successful'), isNotNull(payments.decidedAt), gte(payments.decidedAt, since)));
  const paidToday: string[] = [];
  for (const row of paid) {
    const date = localDate(row.decidedAt ?? since, timeZone);
    const day = days.get(date);
    if (day) day.revenueCents += row.amountCents - Math.min(row.refundedCents, row.amountCents);
    if (date === today) paidToday.push(row.bookingId);
  }

  const refunded = await ctx.db
    .select({ paidAt: bookings.refundPaidAt, cents: bookings.refundDueCents })
    .from(bookings)
    .where(and(isNotNull(bookings.refundPaidAt), gte(bookings.refundPaidAt, since)));
  for (const row of refunded) {
    const day = days.get(localDate(row.paidAt ?? since, timeZone));
    if (day) day.refundsCents += row.cents ?? 0;
  }

  const seatsSold = paidToday.length
    ? await ctx.db.$count(seatAllocations, and(eq(seatAllocations.state, 'sold'), inArray(seatAllocations.bookingId, paidToday)))
    : 0;
  const pendingReviews = await ctx.db.$count(payments, and(eq(payments.status, 'pending'), isNotNull(payments.awaitingReviewAt)));

  const series = [...days.values()].map((d) => ({
    date: d.date,
    bookings: d.bookings,
    revenue: centsToDollars(d.revenueCents),
    refunds: centsToDollars(d.refundsCents),
  }));
  const last = series[series.length - 1] ?? { date: today, bookings: 0, revenue: 0, refunds: 0 };
  return { timeZone, today: { ...last, pendingReviews, seatsSold }, days: series, server: ctx.machine.health(ctx.database.engine, true) };
}
