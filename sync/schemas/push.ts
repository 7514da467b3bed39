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

/** A browser's push subscription as `PushSubscription.toJSON()` gives it: where to send, and the keys to encrypt for. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  /** The browser's P-256 public key (uncompressed point) and its 16-byte auth secret. */
  keys: z.object({ p256dh: base64urlKey(65), auth: base64urlKey(16) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** The subscription to forget, named by its endpoint. */
export const PushEndpointBodySchema = z.object({ endpoint: z.string().max(1000) });

export const PushPublicKeySchema = z.object({ publicKey: z.string() });
