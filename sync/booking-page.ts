/** The path of one booking's own page (status, deadline, next action): the app and the mails link to it. */
export function bookingPagePath(bookingId: string): string {
  return `/dashboard/bookings/${encodeURIComponent(bookingId)}`;
}

/** The path of a booking's boarding passes (once checked in). */
export function boardingPassPath(bookingId: string): string {
  return `${bookingPagePath(bookingId)}/boarding-pass`;
}
