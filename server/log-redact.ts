/**
 * Request URLs that carry a secret: a payment's access key in its path (the API and the PWA page),
 * a reset or access token in the query. Logs keep the route and lose the secret.
 */
const SECRET_PATHS = [/(\/payments\/token\/)[^/?#]+/gi, /^(\/payment\/)[^/?#]+/i];
const SECRET_PARAMS = /([?&](?:token|key|accessKey|access_key)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at);
  return SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, `$1${REDACTED}`), path) + query.replace(SECRET_PARAMS, `$1${REDACTED}`);
}
