import { z } from 'zod';

/**
 * What a Web Push message carries (encrypted, RFC 8291) to the service worker: the notification's title and
 * text, the app path a click opens, and a tag so a newer notice about the same thing replaces the older one.
 */
export const PushPayloadSchema = z.object({
  title: z.string().max(120),
  body: z.string().max(400),
  url: z.string().startsWith('/').max(300),
  tag: z.string().max(100),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** A key of `bytes` bytes in base64url (padding allowed), measured without Buffer so the browser shares it. */
const base64urlKey = (bytes: number) =>
  z
    .string()
    .max(100)
    .regex(/^[\w-]+={0,2}$/, 'must be base64url')
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${bytes} bytes`);

/** A host name label: letters, digits and inner hyphens. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** `https://`, a plain host name and a path (with its query): no port, no user, no escape, no space, no fragment. */
const ENDPOINT = new RegExp(`^https://((?:${LABEL}\\.)*${LABEL})(/[^\\s#]*)$`);
/** A last label WHATWG URL reads as a number makes the host an IPv4 address (`127.0.0.1`, `1.0x7f`). */
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|[0-9]+)$/;

/**
 * The host and path a push endpoint names, or undefined when it is not one the server may post to: it must
 * be `https:` with a plain host name (no IP address), no port, no user and no percent-escape in the host,
 * and the one parser (WHATWG URL) must read the same host. NOTE: web-push connects to the host Node's
 * legacy `url.parse()` finds, which stops at `;` `'` `{` `}` `"` or a backtick where URL reads on (issue
 * #43): the server sends only to `https://<host><path>` rebuilt from these parts, which both read alike.
 */
export function pushEndpointParts(endpoint: string): { host: string; path: string } | undefined {
  const match = ENDPOINT.exec(endpoint);
  const host = match?.[1];
  if (!host || host.length > 253 || NUMERIC_LABEL.test(host.slice(host.lastIndexOf('.') + 1))) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.hostname !== host || url.port !== '' || url.username !== '' || url.password !== '') return undefined;
  return { host, path: `${url.pathname}${url.search}` };
}

/** A browser's push subscription as `PushSubscription.toJSON()` gives it: where to send, and the keys to encrypt for. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(1000)
    .refine((endpoint) => pushEndpointParts(endpoint) !== undefined, 'endpoint must be an https URL with a plain host name and no port'),
  expirationTime: z.number().nullable().optional(),
  /** The browser's P-256 public key (uncompressed point) and its 16-byte auth secret. */
  keys: z.object({ p256dh: base64urlKey(65), auth: base64urlKey(16) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** The subscription to forget, named by its endpoint. */
export const PushEndpointBodySchema = z.object({ endpoint: z.string().max(1000) });

export const PushPublicKeySchema = z.object({ publicKey: z.string() });
