import { useRegisterSW } from 'virtual:pwa-register/react';

const updateCheckInterval = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration) {
  const check = () => {
    if (registration.installing || !navigator.onLine) return;
    // NOTE: a failed check (server down, flaky network) is retried on the next pageshow or hour.
    registration.update().catch(() => undefined);
  };
  window.addEventListener('pageshow', check);
  window.setInterval(check, updateCheckInterval);
}

export function UpdateToast() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
  });

  if (!needRefresh) return null;

  return (
    <div className="toast" role="status">
      <span>New version available</span>
      <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="button button-ghost" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
