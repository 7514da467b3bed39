import { useEffect, useState } from 'react';
import { syncToken } from '../../local/token';

/** Private images fetched once per page life; an <img> cannot send the bearer token itself. */
const fetched = new Map<string, Promise<string>>();

function privateImage(url: string): Promise<string> {
  let pending = fetched.get(url);
  if (!pending) {
    const token = syncToken();
    pending = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then(async (response) => {
      if (!response.ok) throw new Error(`image ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    pending.catch(() => fetched.delete(url));
    fetched.set(url, pending);
  }
  return pending;
}

/** A displayable URL for a chat image: the device's own copy while it uploads, else the server's. */
export function useImageSrc(url: string | null, blob: Blob | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (blob) {
      const local = URL.createObjectURL(blob);
      setSrc(local);
      return () => URL.revokeObjectURL(local);
    }
    if (!url) {
      setSrc(null);
      return undefined;
    }
    let live = true;
    privateImage(url).then(
      (objectUrl) => live && setSrc(objectUrl),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [url, blob]);
  return src;
}
