import { isErrorCode, type ErrorCode } from '../../../sync/error-codes';
import { codeForStatus } from '../../../sync/status-codes';

export const UNKNOWN_ERROR = 'Encounter an unknown error.';
export const NETWORK_ERROR = 'Could not reach SkyWay. Check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Product rules §10.11: the errors[].msg values joined with ', ', else the body's message, else a fixed text. */
export function errorText(body: unknown): string {
  if (!isRecord(body)) return UNKNOWN_ERROR;
  if (Array.isArray(body.errors)) {
    const messages = body.errors.flatMap((item: unknown) => (isRecord(item) && typeof item.msg === 'string' && item.msg !== '' ? [item.msg] : []));
    if (messages.length > 0) return messages.join(', ');
  }
  if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return UNKNOWN_ERROR;
}

/** Why a call failed: the server's reason code, or 'network' when no answer came. */
export type ApiErrorCode = ErrorCode | 'network';

/**
 * A failed call; `status` is 0 when the server could not be reached. Screens branch on `code` (the
 * body's reason code, or the generic one of the status when the body names none it knows), never on
 * the message, which is only shown.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    message: string,
    code?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = status === 0 ? 'network' : isErrorCode(code) ? code : codeForStatus(status);
  }
}

/** The error of a non-2xx answer with its parsed body (`{message, errors?, code}`). */
export function answerError(status: number, body: unknown): ApiError {
  return new ApiError(status, errorText(body), isRecord(body) ? body.code : undefined);
}

/** Whether `error` is a failed call with one of these reason codes. */
export function hasCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The text to show for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNKNOWN_ERROR;
}
