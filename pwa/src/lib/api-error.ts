export const UNKNOWN_ERROR = 'Encounter an unknown error.';
export const NETWORK_ERROR = 'Could not reach SkyWay. Check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Spec §8: the errors[].msg values joined with ', ', else the body's message, else a fixed text. */
export function errorText(body: unknown): string {
  if (!isRecord(body)) return UNKNOWN_ERROR;
  if (Array.isArray(body.errors)) {
    const messages = body.errors.flatMap((item: unknown) =>
      isRecord(item) && typeof item.msg === 'string' && item.msg !== '' ? [item.msg] : [],
    );
    if (messages.length > 0) return messages.join(', ');
  }
  if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  return UNKNOWN_ERROR;
}

/** A failed call; `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNKNOWN_ERROR;
}
