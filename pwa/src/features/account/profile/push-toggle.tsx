import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { pushState, turnPushOff, turnPushOn, type PushState } from './push-subscription';

const FAILED = 'This browser could not turn notifications on. Try again later.';

/** The switch for SkyWay's notifications on this device: off until the user turns it on. */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void pushState().then(setState);
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : FAILED);
      setState(await pushState());
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="push-heading">
      <h2 id="push-heading">Notifications</h2>
      {state === 'unsupported' ? (
        <p>This browser cannot show notifications from SkyWay.</p>
      ) : (
        <>
          <label className="field">
            <input
              type="checkbox"
              checked={state === 'on'}
              disabled={busy || state === null || state === 'blocked'}
              onChange={(event) => void toggle(event.target.checked)}
            />
            Notifications on this device
          </label>
          <p className="muted">Payment decisions, flight changes, check-in opening and support replies, even while SkyWay is closed.</p>
          {state === 'blocked' && <p role="status">Notifications are blocked for this site in the browser&apos;s settings.</p>}
          {error && <p role="alert">{error}</p>}
        </>
      )}
    </section>
  );
}
