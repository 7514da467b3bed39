/** Only a path on this site: '/booking?id=1', never '//evil.example' or 'https://…'. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * The page to return to after login or signup, from `?redirect=`. Links may carry the target encoded
 * (redirect=%2Fbooking%3Fid%3D1) or raw (redirect=/booking?id=1&return=2); a raw target with its own
 * query owns the rest of the query string.
 */
export function redirectTarget(search: string, fallback = '/'): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const raw = /(?:^|&)redirect=(.*)$/.exec(query)?.[1];
  if (raw === undefined) return fallback;
  let target: string | null;
  try {
    target = raw.includes('?') ? decodeURIComponent(raw) : new URLSearchParams(query).get('redirect');
  } catch {
    return fallback;
  }
  return target && isLocalPath(target) ? target : fallback;
}

/** A link to the other auth page that keeps the redirect. */
export function withRedirect(path: '/login' | '/signup', target: string): string {
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
