import type { z } from 'zod';
import { AppError } from './errors';

/** Parses outside input with a shared schema; a failure is a 400 listing each field's message. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ msg: issue.message, path: issue.path.join('.') }));
  const unique = [...new Set(errors.map((e) => e.msg))];
  throw new AppError(400, unique.join(', '), { errors });
}
