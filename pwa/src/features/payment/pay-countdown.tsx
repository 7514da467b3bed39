import { useCountdown } from '../../components/ui/use-countdown';

/** Crypto and Cash App: 15:56 to pay (product rules §10.6), counted to the server's deadline when known. */
const PAY_WINDOW_SECONDS = 956;

export function usePayCountdown(deadlineAt: string) {
  return useCountdown(PAY_WINDOW_SECONDS, Date.parse(deadlineAt));
}

export function PayCountdown({ countdown }: { countdown: ReturnType<typeof usePayCountdown> }) {
  return (
    <p className="pay-countdown">
      Time left to pay{' '}
      <strong role="timer" aria-label={`Time left to pay ${countdown.display}`}>
        {countdown.display}
      </strong>
      {countdown.expired && <span className="field-error"> The time to pay has passed. Close this and choose a method again.</span>}
    </p>
  );
}
