import type { ErrorBody } from '../sync/schemas/common';

export type FieldError = { msg: string; path: string };

/** The one error services throw; the error middleware turns it into the product's error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const forbidden = () => new AppError(403, 'You are not allowed to do this');
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const conflict = (message: string) => new AppError(409, message);

/** The server cannot take changes now (503: the database is locked; 507: the disk is full); the client retries after `retryAfterSeconds`. */
export class NotNow extends AppError {
  constructor(
    status: 503 | 507,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, message);
  }
}
