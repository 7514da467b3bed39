import { useEffect, useState } from 'react';

// NOTE: the worker built from src/sw.ts; it takes over when it gets { type: 'SKIP_WAITING' }.
const WORKER_URL = '/sw.js';
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Checks for a new version on every pageshow and every hour; answers the clean-up. */
function watchForUpdates(registration: ServiceWorkerRegistration): () => void {
  const check = () => {
    if (registration.installing || !navigator.onLine) return;
    // NOTE: a failed check (server down, flaky network) is retried on the next pageshow or hour.
    registration.update().catch(() => undefined);
  };
  window.addEventListener('pageshow', check);
  const timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  return () => {
    window.removeEventListener('pageshow', check);
    window.clearInterval(timer);
  };
}

/** Calls `onWaiting` with a new version's worker once it is installed and an older version runs the page. */
function watchForWaiting(registration: ServiceWorkerRegistration, onWaiting: (worker: ServiceWorker) => void): void {
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) onWaiting(worker);
  };
  const follow = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  };
  offer(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}

/**
 * Registers the service worker once the page has loaded and reports a new version waiting to take over.
 * `update` lets it take over and reloads the page into it.
 */
export function useServiceWorker() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return undefined;
    let stopWatching: (() => void) | undefined;
    let active = true;
    const register = () => {
      navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).then(
        (registration) => {
          if (!active) return;
          watchForWaiting(registration, (worker) => active && setWaiting(worker));
          stopWatching = watchForUpdates(registration);
        },
        () => undefined,
      );
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      active = false;
      window.removeEventListener('load', register);
      stopWatching?.();
    };
  }, []);

  // NOTE: another tab may have let the new version take over already; this tab then only has to reload.
  const update = () => {
    if (!waiting || waiting.state !== 'installed') {
      window.location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };

  return { waiting: waiting !== null, update, dismiss: () => setWaiting(null) };
}
