import type { ErrorCode } from '../sync/error-codes';
import type { ErrorBody } from '../sync/schemas/common';
import { codeForStatus } from '../sync/status-codes';

export type FieldError = { msg: string; path: string };

/** The one error services throw; the error middleware turns it into the product's error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(
    readonly status: number,
    message: string,
    options: { code?: ErrorCode; errors?: FieldError[] } = {},
  ) {
    super(message);
    this.code = options.code ?? codeForStatus(status);
    this.errors = options.errors;
  }

  toBody(): ErrorBody {
    return this.errors ? { code: this.code, message: this.message, errors: this.errors } : { code: this.code, message: this.message };
  }
}

/** A 400 about one field: the message is also that field's error. */
export const invalidField = (message: string, path: string, code: ErrorCode = 'invalid_input') =>
  new AppError(400, message, { code, errors: [{ msg: message, path }] });
export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const forbidden = () => new AppError(403, 'You are not allowed to do this');
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, message, { code });

/** The server cannot take changes now (503: the database is locked; 507: the disk is full); the client retries after `retryAfterSeconds`. */
export class NotNow extends AppError {
  constructor(
    status: 503 | 507,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, message, { code: status === 503 ? 'database_locked' : 'storage_full' });
  }
}
