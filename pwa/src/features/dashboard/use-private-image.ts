import { useEffect, useState } from 'react';
import { readAuthToken } from '../../lib/auth-token';

/** A private file as loaded: its blob URL, type and size, and the name the server gives it (PDFs have one). */
export type PrivateFile = { src: string; type: string; size: number; name: string | null };

const loaded = new Map<string, Promise<PrivateFile>>();

function fileName(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

function load(url: string): Promise<PrivateFile> {
  let pending = loaded.get(url);
  if (!pending) {
    const token = readAuthToken();
    pending = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then(async (response) => {
      if (!response.ok) throw new Error(`image ${response.status}`);
      const blob = await response.blob();
      return { src: URL.createObjectURL(blob), type: blob.type, size: blob.size, name: fileName(response.headers.get('Content-Disposition')) };
    });
    pending.catch(() => loaded.delete(url));
    loaded.set(url, pending);
  }
  return pending;
}

export type ImageState = { kind: 'loading' } | ({ kind: 'ready' } & PrivateFile) | { kind: 'failed' };

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
      (file) => live && setState({ kind: 'ready', ...file }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
      setState({ kind: 'loading' });
    };
  }, [url]);
  return state;
}
