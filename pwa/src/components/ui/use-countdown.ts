import { useCallback, useEffect, useState } from 'react';
import { formatClock, secondsLeft } from './clock';

type Countdown = {
  /** Whole seconds left. */
  remaining: number;
  /** 'mm:ss' (or 'h:mm:ss'). */
  display: string;
  expired: boolean;
  /** Starts again from the full duration (without a deadline). */
  restart: () => void;
};

/**
 * Counts down from `seconds` (or to `deadline`, epoch ms, when given), once a second. It runs against a
 * deadline rather than decrementing, so a throttled background tab shows the right time when it wakes.
 */
export function useCountdown(seconds: number, deadline?: number): Countdown {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const end = deadline ?? startedAt + seconds * 1000;
  const remaining = secondsLeft(end, now);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  const restart = useCallback(() => {
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
  }, []);

  return { remaining, display: formatClock(remaining), expired: !running, restart };
}
