import Dexie, { type EntityTable } from 'dexie';

type MirroredToken = { key: 'sync'; token: string };

/**
 * The sync token (lib/auth-token.ts, or the support guest's) lives in localStorage, which a service worker
 * cannot read; a copy is kept here for the background flush. NOTE: its own small database, so the main
 * one's schema versions are not touched; it holds nothing localStorage does not already hold.
 */
class TokenMirrorDb extends Dexie {
  tokens!: EntityTable<MirroredToken, 'key'>;
  constructor() {
    super('skyway-token');
    this.version(1).stores({ tokens: 'key' });
  }
}

const mirror = new TokenMirrorDb();
let written: string | null | undefined;

/** Writes the token the device syncs with now (null after sign-out); a no-op when unchanged since the last write. */
export async function mirrorToken(token: string | null): Promise<void> {
  if (token === written) return;
  written = token;
  if (token) await mirror.tokens.put({ key: 'sync', token });
  else await mirror.tokens.delete('sync');
}

/** The token mirrored by the page, for the service worker. */
export async function mirroredToken(): Promise<string | null> {
  return (await mirror.tokens.get('sync'))?.token ?? null;
}
