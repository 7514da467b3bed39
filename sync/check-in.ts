const HOUR = 3_600_000;

/** Online check-in opens this long before the first departure. */
export const CHECK_IN_OPENS_MS = 48 * HOUR;
/** And closes this long before it. */
export const CHECK_IN_CLOSES_MS = HOUR;
