import { useState } from 'react';
import { chooseNotifications } from './browser-notifications';
import { useNotificationChoice } from './use-support-alerts';

/** The admin's switch for browser notifications of waiting travellers; the browser asks only after this click. */
export function NotificationToggle() {
  const choice = useNotificationChoice();
  const [busy, setBusy] = useState(false);
  if (choice === 'unsupported') return null;

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await chooseNotifications(on);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="support-notify">
      <label className="support-notify-label">
        <input type="checkbox" checked={choice === 'on'} disabled={busy || choice === 'blocked'} onChange={(event) => void toggle(event.target.checked)} />
        Notify me when a traveller writes
      </label>
      <p className="muted support-notify-note">A browser notification, while this tab is in the background.</p>
      {choice === 'blocked' && <p className="muted support-notify-note">Notifications are blocked for this site in the browser&apos;s settings.</p>}
    </div>
  );
}
