import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Pages use named exports; React.lazy wants a default one.
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
