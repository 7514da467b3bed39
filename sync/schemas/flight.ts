import { z } from 'zod';
import { FLIGHT_STATUSES } from '../constants';
import { AirportSchema } from './airport';
import { IdSchema, IsoDateTimeSchema } from './common';

export const FlightSchema = z.object({
  _id: z.string(),
  flightNumber: z.string(),
  origin: AirportSchema,
  destination: AirportSchema,
  departureTime: z.string(),
  arrivalTime: z.string(),
  duration: z.number().int(),
  availableSeats: z.number().int(),
  status: z.enum(FLIGHT_STATUSES),
  price: z.number(),
  gate: z.string().nullable(),
  boardingTime: z.string().nullable(),
  createdAt: z.string(),
});
export type Flight = z.infer<typeof FlightSchema>;

/** A gate as airports sign it: letters and digits, "B12" or "T2A4". Empty clears it. */
export const GateSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z0-9]{1,6})?$/, 'Gate is up to 6 letters and digits')
  .transform((gate) => gate || null);

const PriceSchema = z
  .number({ error: 'Price must be greater than 0' })
  .gt(0, 'Price must be greater than 0')
  .max(1_000_000, 'Price must be at most 1,000,000')
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), 'Price can have at most 2 decimals');

export const FlightBodySchema = z
  .object({
    origin: z.string({ error: 'Origin is required' }).trim().min(1, 'Origin is required').max(64, 'Must be at most 64 characters'),
    destination: z.string({ error: 'Destination is required' }).trim().min(1, 'Destination is required').max(64, 'Must be at most 64 characters'),
    departureTime: z.string({ error: 'Departure time is required' }).min(1, 'Departure time is required').pipe(IsoDateTimeSchema),
    arrivalTime: z.string({ error: 'Arrival time is required' }).min(1, 'Arrival time is required').pipe(IsoDateTimeSchema),
    price: PriceSchema,
    flightNumber: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{2}\d{1,4}$/, 'Flight number looks like SW123')
      .optional(),
    status: z.enum(FLIGHT_STATUSES).optional(),
  })
  .refine((f) => f.origin !== f.destination, { message: 'Origin and destination cannot be the same', path: ['destination'] })
  .refine((f) => Date.parse(f.arrivalTime) > Date.parse(f.departureTime), {
    message: 'Arrival must be after departure',
    path: ['arrivalTime'],
  });
export type FlightBody = z.infer<typeof FlightBodySchema>;

export const FlightUpdateBodySchema = z.object({
  origin: z.string().trim().min(1, 'Origin is required').max(64).optional(),
  destination: z.string().trim().min(1, 'Destination is required').max(64).optional(),
  departureTime: IsoDateTimeSchema.optional(),
  arrivalTime: IsoDateTimeSchema.optional(),
  price: PriceSchema.optional(),
  status: z.enum(FLIGHT_STATUSES).optional(),
  gate: GateSchema.nullable().optional(),
  boardingTime: IsoDateTimeSchema.nullable().optional(),
});
export type FlightUpdateBody = z.infer<typeof FlightUpdateBodySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `departureTime` is a calendar date at the origin; a full ISO string is cut to its date part. */
export const FlightSearchQuerySchema = z.object({
  origin: z.string().trim().max(64).optional(),
  destination: z.string().trim().max(64).optional(),
  departureTime: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'departureTime must start with a date (YYYY-MM-DD)')
    .transform((s) => s.slice(0, 10))
    .optional(),
  search: z.string().trim().max(20).optional(),
  /** The admin's list: a range of local departure dates at the origin, both ends included, and a status. */
  from: z.string().trim().regex(DAY, 'from must be a date (YYYY-MM-DD)').optional(),
  to: z.string().trim().regex(DAY, 'to must be a date (YYYY-MM-DD)').optional(),
  status: z.enum(FLIGHT_STATUSES, { error: `status must be one of ${FLIGHT_STATUSES.join(', ')}` }).optional(),
});
export type FlightSearchQuery = z.infer<typeof FlightSearchQuerySchema>;

export const TakenSeatSchema = z.object({ seatNumber: z.string() });
export const FlightIdParamsSchema = z.object({ id: IdSchema });
