import runtime from 'astro/runtime/server/astro-island.prebuilt.js';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

/**
 * Astro writes its islands' runtime (the `<astro-island>` element: 4.4 KB, 1.5 KB compressed) into every
 * page with an island, as an inline script before the first one, with a one-rule style: the same bytes
 * sent again with every page, which on a phone's first visit push the page past what the first round
 * trip carries (14 KB). Nothing needs it before the islands wake, so it travels with the islands' shared
 * code instead (islands/shared/ready.ts imports it; the rule is in global.css), fetched once and cached,
 * and a kept page (edge/page-csp.ts, edge/static-pages.ts) leaves the inline copy out: `client:late`
 * (lib/late-hydration) loads an island's code as the islands wake, which brings the runtime.
 */
const INLINE = `<script>${runtime}</script>`;
const INLINE_STYLES = `<style>${ISLAND_STYLES}</style>`;
const ISLAND = /<astro-island\s[^>]*>/g;
const LATE = /\sclient="late"/;
/** An island for some screens only: its options' value is a media query (a string). */
const SOME_SCREENS = '&quot;value&quot;:&quot;';

/** An island's `uid`, which Astro writes for its dev server's hot reload and nothing in a browser reads. */
const DEV_ID = /(<astro-island\b[^>]*?)\suid="[^"]*"/g;

/**
 * The page without Astro's inline islands' runtime, its style and its islands' `uid`, when every island
 * of it wakes with `client:late`, one of them on every screen (whose code `client:late` loads to bring the
 * runtime); any other page as it came.
 */
export function withoutIslandRuntime(html: string): string {
  const islands = html.match(ISLAND) ?? [];
  if (
    !islands.every((island) => LATE.test(island)) ||
    islands.every((island) => island.includes(SOME_SCREENS))
  )
    return html;
  return html.replace(INLINE, '').replace(INLINE_STYLES, '').replace(DEV_ID, '$1');
}
