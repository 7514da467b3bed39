import { z } from 'zod';
import { LOWEST_FARE_DAYS_MAX, MAX_TRAVELLERS } from '../constants';
import { IsoDateSchema } from './common';

const AirportParam = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`);
const DAYS = `days must be a whole number from 0 to ${LOWEST_FARE_DAYS_MAX}`;
const TRAVELERS = `travelers must be a whole number from 1 to ${MAX_TRAVELLERS}`;

/** GET /api/flights/lowest-fares: a route (airport ids or IATA codes), a local date at the origin, days either side. */
export const LowestFaresQuerySchema = z.object({
  from: AirportParam('from'),
  to: AirportParam('to'),
  date: IsoDateSchema,
  days: z.coerce.number({ error: DAYS }).int(DAYS).min(0, DAYS).max(LOWEST_FARE_DAYS_MAX, DAYS).default(LOWEST_FARE_DAYS_MAX),
  travelers: z.coerce.number({ error: TRAVELERS }).int(TRAVELERS).min(1, TRAVELERS).max(MAX_TRAVELLERS, TRAVELERS).default(1),
});
export type LowestFaresQuery = z.infer<typeof LowestFaresQuerySchema>;

/**
 * One day of the strip: the lowest Economy price (dollars, per traveller) among the flights still bookable
 * for that many travellers (scheduled or delayed, not yet departed, enough seats), and how many there are.
 */
export const LowestFareSchema = z.object({
  date: IsoDateSchema,
  lowestPrice: z.number().nullable(),
  flights: z.number().int(),
});
export type LowestFare = z.infer<typeof LowestFareSchema>;
