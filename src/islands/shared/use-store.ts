import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value in an island, re-rendered when it changes: React's own `useSyncExternalStore` on the
 * store's `listen` and `get`. `@nanostores/react`'s `useStore` does the same and more (per-key listening,
 * which the islands never use), and its extra brought nanostores' key listener and deep-map code into
 * every page's islands (about 0.8 KB before compression).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const value = () => store.get();
  return useSyncExternalStore(subscribe, value, value);
}
