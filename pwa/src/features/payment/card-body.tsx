import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';

const CARD_CHECK_MS = 2_000;

/** Credit / Debit Card: a 2-second check, then the unavailable notice (product rules §10.5). */
export function CardBody() {
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(true), CARD_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!checked) return <Spinner label="Checking card payment…" />;
  return (
    <p className="notice notice-error" role="alert">
      Card Payment is currently not available. Try other payment method.
    </p>
  );
}
