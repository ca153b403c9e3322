import { useEffect } from 'react';
import { ANALYTICS_DELAY_MS } from '#/lib/analytics.ts';

/** Tracking parameters the address loses once analytics has read them. */
export const TRACKING_PARAMS = ['gclid', 'fbclid', 'utm_source', 'utm_medium'] as const;

/** Drop the tracking parameters from the address (after the analytics delay), keeping the rest. */
export function useTrackingParams(): void {
  useEffect(() => {
    const url = new URL(location.href);
    if (!TRACKING_PARAMS.some((p) => url.searchParams.has(p))) return;
    const timer = setTimeout(() => {
      for (const p of TRACKING_PARAMS) url.searchParams.delete(p);
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }, ANALYTICS_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);
}
