import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<C extends ComponentType = ComponentType> = LazyExoticComponent<C> & {
  /** Loads the page's code, so that its first render does not suspend. */
  preload: () => Promise<void>;
};

// Pages use named exports; React.lazy wants a default one.
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyPage<M[K]> {
  let loaded: M | undefined;
  const page = lazy(() => {
    if (!loaded) return load().then((module) => ({ default: module[name] }));
    // NOTE: React.lazy takes any thenable, and one that answers at once renders without suspending: a
    // preloaded page shows at once instead of the loading spinner (which would wipe a pre-rendered page).
    const ready = { default: loaded[name] };
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
  const preload = async () => {
    loaded = await load();
  };
  return Object.assign(page, { preload });
}
