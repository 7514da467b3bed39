import { z } from 'zod';
import { BOOKING_STATUSES, FLIGHT_STATUSES, PAYMENT_STATUSES, SEAT_LABELS, TITLES, TRAVEL_CLASSES } from '../constants';
import { IdSchema, ImageRefSchema, IsoDateSchema, IsoDateTimeSchema, requiredString } from './common';

export const SeatLabelSchema = z
  .string({ error: 'Seat must be a label from A1 to F4' })
  .refine((s) => SEAT_LABELS.includes(s), 'Seat must be a label from A1 to F4');

export const DobSchema = z.object({
  day: z.coerce.number({ error: 'Date of birth is required' }).int().min(1).max(31),
  month: z.coerce.number({ error: 'Date of birth is required' }).int().min(1).max(12),
  year: z.coerce.number({ error: 'Date of birth is required' }).int().min(1900).max(2100),
});

export const TravellerInputSchema = z.object({
  title: z.enum(TITLES, { error: 'Title must be Mr, Mrs, Ms or Dr' }),
  firstName: requiredString('First name is required', 60),
  lastName: requiredString('Last name is required', 60),
  dob: DobSchema,
  nationality: requiredString('Nationality is required', 60),
  passportNumber: z
    .string({ error: 'Passport number is required' })
    .trim()
    .regex(/^[A-Za-z0-9]{5,20}$/, 'Enter a valid passport number'),
  passportCountry: requiredString('Passport country is required', 60),
  passportExpiry: IsoDateSchema,
  /** The traveller's photo: an image the booker uploaded here (kind avatar), never another site's address. */
  image: ImageRefSchema.optional(),
});
export type TravellerInput = z.infer<typeof TravellerInputSchema>;

export const TravellerSchema = TravellerInputSchema.extend({
  _id: z.string(),
  image: z.string().nullable(),
  dob: z.object({ day: z.number(), month: z.number(), year: z.number() }),
});
export type Traveller = z.infer<typeof TravellerSchema>;

const BookingFlightSchema = z.object({
  _id: z.string(),
  flightNumber: z.string(),
  origin: z.object({ _id: z.string(), city: z.string(), code: z.string(), timeZone: z.string() }),
  destination: z.object({ _id: z.string(), city: z.string(), code: z.string(), timeZone: z.string() }),
  departureTime: z.string(),
  arrivalTime: z.string(),
  status: z.enum(FLIGHT_STATUSES),
  price: z.number(),
  gate: z.string().nullable(),
  boardingTime: z.string().nullable(),
  /** The times the booking was made on, once the airline has changed them since; null while they stand. */
  bookedTimes: z.object({ departureTime: z.string(), arrivalTime: z.string() }).nullable(),
});
export type BookingFlight = z.infer<typeof BookingFlightSchema>;

/** One traveller's pass for one leg, issued at check-in; `code` is the signed payload its QR code carries. */
export const BoardingPassSchema = z.object({ travellerId: z.string(), flightId: z.string(), seat: z.string(), code: z.string() });
export type BoardingPass = z.infer<typeof BoardingPassSchema>;
/** What a gate scanner sends: the QR payload as read. */
export const BoardingPassCheckSchema = z.object({ code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(200) });

export const BookingSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  userId: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  flightId: BookingFlightSchema,
  returnFlightId: BookingFlightSchema.nullable(),
  seatId: z.array(z.object({ seatNumber: z.string(), class: z.string(), flightId: z.string() })),
  class: z.enum(TRAVEL_CLASSES),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  email: z.string(),
  phone: z.string(),
  totalAmount: z.number(),
  refundDue: z.number().nullable(),
  /** When an admin marked the refund paid; null while it is still owed (or none is due). */
  refundPaidAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  /** When the booking last changed: an admin's device keeps recent ones (sync/working-set.ts). */
  updatedAt: z.string(),
  travellers: z.array(TravellerSchema),
  boardingPasses: z.array(BoardingPassSchema),
});
export type Booking = z.infer<typeof BookingSchema>;

export const TrackBodySchema = z.object({
  bookingId: z
    .string({ error: 'Please enter both Booking Reference and Email.' })
    .trim()
    .toUpperCase()
    .min(1, 'Please enter both Booking Reference and Email.')
    .max(12),
  email: z
    .string({ error: 'Please enter both Booking Reference and Email.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter both Booking Reference and Email.')
    .max(254),
});

export const BookingIdParamsSchema = z.object({ id: IdSchema });

/** GET /bookings (admins): a page of every booking, newest first; `after` and `before` bound when it was made. */
export const BookingListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  after: IsoDateTimeSchema.optional(),
  before: IsoDateTimeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(5),
});

/** How the airline sent a refund back; the admin names it when marking the refund paid. */
export const REFUND_METHODS = ['bank transfer', 'crypto', 'Cash App', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * PUT /bookings/{id}/refund: the admin confirms the amount sent, which must be the refund due (a refund
 * is paid whole, never in parts), the method and an optional note or reference.
 */
export const RefundPaidBodySchema = z.object({
  amount: z.number({ error: 'Amount is required' }).positive('Amount must be more than 0').max(1_000_000, 'Amount is too large'),
  method: z.enum(REFUND_METHODS, { error: 'Method must be bank transfer, crypto, Cash App or other' }),
  note: z.string().trim().max(200, 'Note must be at most 200 characters').optional(),
});
export type RefundPaidBody = z.infer<typeof RefundPaidBodySchema>;
