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

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[\w-]+={0,2}$/, 'must be base64url')
    .max(max);

/** A browser's push subscription as `PushSubscription.toJSON()` gives it: where to send, and the keys to encrypt for. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(100), auth: base64url(40) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** The subscription to forget, named by its endpoint. */
export const PushEndpointBodySchema = z.object({ endpoint: z.string().max(1000) });

export const PushPublicKeySchema = z.object({ publicKey: z.string() });
