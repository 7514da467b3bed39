import { z } from 'zod';
import { IdSchema, requiredString } from './common';

export const AirportSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  country: z.string(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Airport = z.infer<typeof AirportSchema>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const AirportBodySchema = z.object({
  name: requiredString('Airport name is required', 120),
  code: z
    .string({ error: 'Airport code must be exactly 3 letters' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Airport code must be exactly 3 letters')
    .transform((code) => code.toUpperCase()),
  city: requiredString('City is required', 100),
  country: requiredString('Country is required', 100),
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'Time zone must be an IANA name such as Europe/London').optional(),
});
export type AirportBody = z.infer<typeof AirportBodySchema>;

export const AirportUpdateBodySchema = AirportBodySchema.partial().extend({ id: IdSchema });
export const AirportDeleteBodySchema = z.object({ id: IdSchema });
export const AirportQuerySchema = z.object({ id: IdSchema.optional() });
