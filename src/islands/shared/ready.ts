import { useEffect, useState } from 'react';
// Astro's islands' runtime (the `<astro-island>` element), which a kept page leaves out, then the part of
// `client:late` that runs once the islands wake: every island says it is ready through this module, so
// the first island `client:late` loads brings both (src/edge/island-runtime.ts, lib/late-hydration).
// Each runs only once.
import 'astro/runtime/server/astro-island.js';
import '#/lib/late-hydration/islands.ts';

const sheets = new Map<string, Promise<void>>();
const applied = new Set<string>();

/** Add a built stylesheet once; resolves when it applies (or failed: the island works unstyled). */
function loadStylesheet(href: string): Promise<void> {
  let loading = sheets.get(href);
  if (!loading) {
    loading = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = link.onerror = () => {
        applied.add(href);
        resolve();
      };
      document.head.append(link);
    });
    sheets.set(href, loading);
  }
  return loading;
}

/**
 * Whether the built stylesheet `href` applies, asking for it the first time: for a part an island shows
 * later (a viewer, a panel), drawn once its styles are in. No `href`: nothing to wait for.
 */
export function useStylesheet(href: string | undefined): boolean {
  const [, applies] = useState(0);
  useEffect(() => {
    if (href && !applied.has(href))
      void loadStylesheet(href).then(() => {
        applies((n) => n + 1);
      });
  }, [href]);
  return !href || applied.has(href);
}

/**
 * Tell the `client:late` directive this island is hydrated and listening, so a click held before
 * hydration can be replayed (src/lib/late-hydration/islands.ts). An island whose drawing exists
 * only once it is interactive (a drawer, a popup) brings its own stylesheet (`?url` import): the page
 * does not carry it at first paint, and the island is ready once the sheet applies, so a replayed
 * tap opens a styled drawer. Returns whether the island's styles apply (draw nothing before).
 */
export function useLateReady(stylesheet?: string): boolean {
  const styled = useStylesheet(stylesheet);
  useEffect(() => {
    if (styled) dispatchEvent(new Event('late:ready'));
  }, [styled]);
  return styled;
}
