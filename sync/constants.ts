export const TRAVEL_CLASSES = ['Economy', 'Premium Economy', 'Business', 'First Class'] as const;
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Dr'] as const;
export const FLIGHT_STATUSES = ['scheduled', 'delayed', 'cancelled', 'departed'] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const PAYMENT_STATUSES = ['pending', 'successful', 'failed'] as const;
export const PAYMENT_METHODS = ['bank_transfer', 'crypto', 'cashApp'] as const;
export const ROLES = ['user', 'admin', 'guest'] as const;
export const GENDERS = ['male', 'female', 'others'] as const;
export const SEAT_ROWS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const SEATS_PER_ROW = 4;
export const SEATS_PER_FLIGHT = SEAT_ROWS.length * SEATS_PER_ROW;
export const MAX_TRAVELLERS = 5;
/** The listing's date strip asks at most this many days either side of the searched date. */
export const LOWEST_FARE_DAYS_MAX = 3;
export const PAGE_SIZE = 5;
/** The most flights GET /api/flights answers at once, and its page size when none is asked for. */
export const FLIGHT_PAGE_MAX = 100;
export const CURRENCY = 'USD';

export const SEAT_LABELS: readonly string[] = SEAT_ROWS.flatMap((row) => Array.from({ length: SEATS_PER_ROW }, (_, i) => `${row}${i + 1}`));

export type TravelClass = (typeof TRAVEL_CLASSES)[number];
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type Role = (typeof ROLES)[number];

/** Days of every route's flights a signed-in device keeps, for searches offline (docs/decisions/012). */
export const FLIGHT_WINDOW_DAYS = 14;

/** The newest messages of each conversation a device keeps; older ones load from the server on scroll, online. */
export const RECENT_MESSAGES = 50;
