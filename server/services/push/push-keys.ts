import webpush from 'web-push';
import type { Env } from '../../env';
import type { DbAndClock } from '../deps';

/** Where the keys come from: the settings, else the database (made once). */
export type KeySource = DbAndClock & { env: Pick<Env, 'VAPID_SUBJECT' | 'ADMIN_EMAIL' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'> };
import { first, immediate } from '../../db/client';
import { pushKeys } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const loaded = new WeakMap<KeySource, Promise<VapidKeys>>();

/**
 * The VAPID key pair the server signs its pushes with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or else
 * the pair in the database, generated on first use (the first writer wins, so every process agrees).
 */
export function vapidKeys(ctx: KeySource): Promise<VapidKeys> {
  const known = loaded.get(ctx);
  if (known) return known;
  const loading = readOrCreate(ctx);
  loading.catch(() => loaded.delete(ctx));
  loaded.set(ctx, loading);
  return loading;
}

async function readOrCreate(ctx: KeySource): Promise<VapidKeys> {
  const subject = ctx.env.VAPID_SUBJECT ?? `mailto:${ctx.env.ADMIN_EMAIL}`;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = ctx.env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const generated = webpush.generateVAPIDKeys();
  const stored = await immediate(ctx.db, async (tx) => {
    await tx
      .insert(pushKeys)
      .values({ id: 1, ...generated, createdAt: ctx.now().toISOString() })
      .onConflictDoNothing();
    return first(tx.select().from(pushKeys));
  });
  if (!stored) throw new Error('no VAPID key pair stored');
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
