import { useEffect } from 'react';
import { useCountdown } from '../../components/ui/use-countdown';
import { minutesClock } from './minutes-clock';

/** Product rules §10.6: the bank account number refreshes every 3600 seconds; the countdown starts again at zero. */
const ACCOUNT_REFRESH_SECONDS = 3600;

export function AccountRefresh() {
  const { remaining, expired, restart } = useCountdown(ACCOUNT_REFRESH_SECONDS);
  useEffect(() => {
    if (expired) restart();
  }, [expired, restart]);
  const clock = minutesClock(remaining);
  return (
    <p className="account-refresh">
      Account number refresh{' '}
      <strong role="timer" aria-label={`Account number refresh ${clock}`}>
        {clock}
      </strong>
    </p>
  );
}
