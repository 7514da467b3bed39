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
