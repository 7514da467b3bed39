import { useServiceWorker } from './use-service-worker';

export function UpdateToast() {
  const { waiting, update, dismiss } = useServiceWorker();

  if (!waiting) return null;

  return (
    <div className="toast" role="status">
      <span>New version available</span>
      <button type="button" className="button" onClick={update}>
        Reload
      </button>
      <button type="button" className="button button-ghost" onClick={dismiss}>
        Later
      </button>
    </div>
  );
}
