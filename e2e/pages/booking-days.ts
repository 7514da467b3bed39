import type { APIRequestContext } from '@playwright/test';
import { datePlus } from './dates';
import { findFlight, type ApiFlight } from './journey-api';

/** A demo route, origin and destination, as the seed flies it every day (server/seed/flights.ts). */
type Route = `${string}-${string}`;

/**
 * Where each spec books on the demo schedule: its route and day, counted from today, and how many days in
 * a row (one by default) when it books one traveller a day. Specs run side by side on one server, and a
 * booking takes the first free seat of its flight: two specs booking one flight at once could reach for
 * the same seat, and one would be refused. So no two bookings here share a route and a day (checked as
 * this module loads). A spec that runs at two widths books a day for each. The days stay within the seed's
 * 60 days ahead. Specs that only look at a listing, and those that book flights of their own, are not here.
 */
const BOOKINGS = {
  'dashboard-admin-catalogue': ['LOS-LHR', 5],
  'accessibility own bookings': ['LOS-LHR', 13],
  'dashboard-traveller unpaid': ['LOS-LHR', 20],
  'dashboard-traveller paid': ['LOS-LHR', 21],
  'dashboard-payments approve': ['LOS-LHR', 24],
  'dashboard-payments reject': ['LOS-LHR', 25],
  'dashboard-payments refunded': ['LOS-LHR', 26],
  'dashboard-two-admins': ['LOS-LHR', 27],
  'dashboard-overview': ['LOS-LHR', 28],
  'journey-seat-conflict': ['LOS-LHR', 29],
  'search-box-owns-text at 1280': ['LOS-LHR', 30],
  'search-box-owns-text at 390': ['LOS-LHR', 31],
  'journey-manage-booking later at 360': ['LOS-LHR', 32],
  'journey-manage-booking re-upload at 1280': ['LOS-LHR', 33],
  'journey-manage-booking re-upload at 360': ['LOS-LHR', 34],
  'accessibility traveller': ['LOS-LHR', 40],
  'offline-server-down': ['LOS-LHR', 41],
  'server-refuses-changes': ['LOS-LHR', 42],
  'offline-accounts': ['LOS-LHR', 43],
  'offline-decision at 1280': ['LOS-LHR', 44],
  'offline-decision at 390': ['LOS-LHR', 45],
  'admin-users-audit at 390': ['LOS-LHR', 46],
  'admin-users-audit at 1366': ['LOS-LHR', 47],
  'journey-manage-booking later at 1280': ['LOS-LHR', 48],
  'admin-review-queue at 390': ['LOS-LHR', 49, 3],
  'admin-review-queue at 1366': ['LOS-LHR', 52, 3],
  'journey-offline-receipt': ['LOS-JFK', 28],
  'journey-pdf-receipt': ['LOS-JFK', 29],
  'offline-own-pages own': ['LOS-JFK', 30],
  'offline-own-pages theirs': ['LOS-JFK', 31],
  'journey-manage-booking crypto at 1280': ['LOS-JFK', 35],
  'journey-manage-booking crypto at 360': ['LOS-JFK', 36],
  'background-sync': ['LOS-JFK', 37],
  'journey-tracking': ['LOS-DXB', 26],
  'journey-tracking offline': ['LOS-DXB', 27],
  'journey-one-way': ['LOS-ACC', 21],
  'journey-three-travellers at 1280': ['LOS-ACC', 26],
  'journey-three-travellers at 360': ['LOS-ACC', 27],
  'journey-three-travellers new search at 1280': ['LOS-ACC', 28],
  'journey-three-travellers new search at 390': ['LOS-ACC', 29],
  'journey-browse-methods at 1280': ['LOS-ACC', 30],
  'journey-browse-methods at 360': ['LOS-ACC', 31],
  'journey-round-trip outbound': ['LHR-CDG', 22],
  'journey-round-trip return': ['CDG-LHR', 25],
  'journey-login-detour': ['LOS-ABV', 23],
  'journey-payment-modals': ['JFK-MIA', 24],
  'true-texts at 1280': ['HND-LAX', 20],
  'true-texts at 390': ['HND-LAX', 21],
} as const satisfies Record<string, readonly [Route, number, number?]>;

export type Booking = keyof typeof BOOKINGS;

function refuseSharedDays(): void {
  const taken = new Map<string, string>();
  for (const [name, [route, first, days = 1]] of Object.entries(BOOKINGS) as [string, readonly [Route, number, number?]][]) {
    for (let day = first; day < first + days; day += 1) {
      const other = taken.get(`${route} ${day}`);
      if (other) throw new Error(`${name} and ${other} both book ${route} on day ${day}: give one of them a day of its own`);
      taken.set(`${route} ${day}`, name);
    }
  }
}
refuseSharedDays();

/** Where `booking` books: its route's airports, its first day counted from today, and how many days in a row. */
function placeOf(booking: Booking): { from: string; to: string; day: number; days: number } {
  const [route, day, days = 1] = BOOKINGS[booking] as readonly [Route, number, number?];
  const [from = '', to = ''] = route.split('-');
  return { from, to, day, days };
}

/** The first day, counted from today, that `booking` books on. */
export function bookingDay(booking: Booking): number {
  return placeOf(booking).day;
}

/** The demo flight `booking` books: on its route, on its day (`dayAfter` days later, within its run). */
export function bookingFlight(request: APIRequestContext, booking: Booking, dayAfter = 0): Promise<ApiFlight> {
  const { from, to, day, days } = placeOf(booking);
  if (dayAfter >= days) throw new Error(`${booking} books ${days} day(s), not a day ${dayAfter} later`);
  return findFlight(request, from, to, datePlus(day + dayAfter));
}
