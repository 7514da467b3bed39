import type { Conversation } from '../../../../sync/schemas/chat';

/** Product rules §9.8: the tab's title led by the number of waiting travellers, as `(2) SkyWay Airlines`. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** What a menu badge says to a screen reader. */
export function waitingText(count: number): string {
  return count === 1 ? '1 traveller waiting' : `${count} travellers waiting`;
}

export type UnreadSeen = ReadonlyMap<string, number>;

/**
 * The conversations whose unread count grew since `seen` (a traveller wrote again), and the counts to
 * remember. With nothing seen yet (the first look) nothing is new: what waited before is no news.
 */
export function newlyWaiting(seen: UnreadSeen | null, waiting: readonly Conversation[]): { fresh: Conversation[]; seen: UnreadSeen } {
  const next = new Map(waiting.map((c) => [c._id, c.unreadCount]));
  if (!seen) return { fresh: [], seen: next };
  return { fresh: waiting.filter((c) => c.unreadCount > (seen.get(c._id) ?? 0)), seen: next };
}
