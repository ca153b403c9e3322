import { useEffect } from 'react';

/**
 * Tell the `client:late` directive this island is hydrated and listening, so a click held before
 * hydration can be replayed (src/lib/late-hydration/directive.ts).
 */
export function useLateReady(): void {
  useEffect(() => {
    dispatchEvent(new Event('late:ready'));
  }, []);
}
