import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';

/** A non-empty trimmed string whose missing, wrong-typed and empty cases all read `message`. */
export function requiredString(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const IdSchema = z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64, 'id is too long');
export const IdParamsSchema = z.object({ id: IdSchema });

export const EmailSchema = z
  .string({ error: 'A valid email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'A valid email is required')
  .pipe(z.email('A valid email is required'));

/** One of our own uploads, as '/api/images/{id}' or the bare id; answers the id. Any other address is refused. */
export const ImageRefSchema = z
  .string({ error: 'No image found' })
  .trim()
  .regex(/^(?:\/api\/images\/)?[0-9a-f]{32}$/, 'No image found')
  .transform((ref) => ref.slice(-32));

export const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' });
export const IsoDateSchema = z.iso.date('Must be a date (YYYY-MM-DD)');

export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
