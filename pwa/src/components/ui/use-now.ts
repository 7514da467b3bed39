import { useEffect, useState } from 'react';

/** The time now (epoch ms), read again every `everyMs`: for 'waiting 3 h 12 min' that moves on while the page is open. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
