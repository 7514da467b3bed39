import { useEffect, useState } from 'react';
import { readAuthToken } from '../../lib/auth-token';

const loaded = new Map<string, Promise<string>>();

function load(url: string): Promise<string> {
  let pending = loaded.get(url);
  if (!pending) {
    const token = readAuthToken();
    pending = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then(async (response) => {
      if (!response.ok) throw new Error(`image ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    pending.catch(() => loaded.delete(url));
    loaded.set(url, pending);
  }
  return pending;
}

export type ImageState = { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/**
 * A receipt or traveller photo is served only to its owner and admins, and an <img> cannot send the
 * bearer token: fetched once per page life and shown from a blob URL.
 */
export function usePrivateImage(url: string | null): ImageState {
  const [state, setState] = useState<ImageState>({ kind: 'loading' });
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    load(url).then(
      (src) => live && setState({ kind: 'ready', src }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
      setState({ kind: 'loading' });
    };
  }, [url]);
  return state;
}
