import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<C extends ComponentType = ComponentType> = LazyExoticComponent<C> & {
  /** Loads the page's code, so that its first render does not suspend. */
  preload: () => Promise<void>;
};

const RELOADED_KEY = 'skyway-stale-reload';
const RELOAD_GUARD_MS = 30_000;

/**
 * A page's code that will not load is, after a deploy, a file of the previous version (404): the tab
 * reloads once into the new version. A second failure within 30 s is a real one and is thrown.
 */
function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  return load().catch((error: unknown) => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (!navigator.onLine || Date.now() - last < RELOAD_GUARD_MS) throw error;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
    return new Promise<M>(() => undefined);
  });
}

// Pages use named exports; React.lazy wants a default one.
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyPage<M[K]> {
  let loaded: M | undefined;
  const page = lazy(() => {
    if (!loaded) return loadOrReload(load).then((module) => ({ default: module[name] }));
    // NOTE: React.lazy takes any thenable, and one that answers at once renders without suspending: a
    // preloaded page shows at once instead of the loading spinner (which would wipe a pre-rendered page).
    const ready = { default: loaded[name] };
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
  const preload = async () => {
    loaded = await loadOrReload(load);
  };
  return Object.assign(page, { preload });
}
