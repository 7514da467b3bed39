import { MessageSchema } from '../../../sync/schemas/chat';
import { db } from './db';

/**
 * A message pushed over the socket goes straight onto the device, ahead of the pull that follows it.
 * NOTE: only when absent: a row already there came from a pull and is at least as new.
 */
export async function storeIncomingMessage(payload: unknown): Promise<void> {
  const parsed = MessageSchema.safeParse(payload);
  if (!parsed.success) return;
  await db.transaction('rw', db.messages, async () => {
    if (!(await db.messages.get(parsed.data._id))) await db.messages.add(parsed.data);
  });
}
