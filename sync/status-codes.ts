import type { ErrorCode } from './error-codes';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'busy',
  507: 'storage_full',
};

/** The generic code of an HTTP status, for an answer that names no (known) code of its own. */
export function codeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
}
